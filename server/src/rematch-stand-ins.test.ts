import { GENEROUS_TABLE_LIMITS, useTestServer } from './test-support/boot';
import { TableClient } from './test-support/TableClient';

jest.setTimeout(60_000);

// Bob hands his seat over twice within seconds: the once-every-10-s rule is not this test's subject.
const server = useTestServer({ tableLimits: { ...GENEROUS_TABLE_LIMITS, seatHandoverMs: 0 } });

/** Each seat as the room state shows it: who, a person or a bot, and the bot playing it ('' for none). */
const seatsOf = (client: TableClient) => Array.from(client.state.seats).map((s) => ({ name: s.name, kind: s.kind, bot: s.bot }));

test('a rematch starts with every person playing their own seat: stand-ins end, bots stay bots', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 3, botLevel: 'random' } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('addBot');
  await ann.must('start');
  await ann.waitFor((s) => s.phase !== 'lobby', 5000, 'the game under way');
  // Both step away (as a clock run out would have it): the room's bot plays their seats to the end.
  await ann.must('standIn', { seat: 0 });
  await bob.must('standIn', { seat: 1 });
  await ann.waitFor((s) => s.phase === 'over', 30_000, 'the end, bots playing every seat');
  expect(seatsOf(ann).map((s) => s.bot)).toEqual(['random', 'random', 'random']);

  // The host calls the rematch: back at the table, the seats rotate, and Ann and Bob play again themselves.
  await ann.must('rematch');
  await bob.waitFor((s) => s.phase === 'lobby', 5000, 'the table again');
  await bob.must('playAgain');
  await ann.must('start');
  await ann.waitFor((s) => s.game === 2 && s.phase !== 'lobby', 5000, 'the rematch');
  await bob.waitFor((s) => s.game === 2, 5000, 'the rematch on Bob’s side');
  const bot = seatsOf(ann)[1];
  expect(seatsOf(ann)).toEqual([
    { name: 'Bob', kind: 'human', bot: '' },
    { name: bot.name, kind: 'bot', bot: 'random' },
    { name: 'Ann', kind: 'human', bot: '' },
  ]);
  expect(seatsOf(bob)).toEqual(seatsOf(ann));
  // Nobody's seat is the bot's now: a person asks for it again, or times out, to hand it over.
  await bob.must('standIn', { seat: 0 });
  await bob.waitFor((s) => s.seats[0].bot === 'random', 5000, 'Bob handing his seat to the bot again');
  await Promise.all([ann.leave(), bob.leave()]);
});
