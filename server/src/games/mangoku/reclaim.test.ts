import { mangoku } from '@samurai/shared';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';
import { checkMangokuFrames } from './test-support/leak-check';
import { deckOf, stackedDeal } from './test-support/stacked-deck';

jest.setTimeout(60_000);

const deals = new Map<string, ReturnType<typeof stackedDeal>>();
const server = useTestServer({ dealingRng: (code) => deals.get(code)! });

test('a player who drops mid-prompt takes the seat back by token, prompt and hand as they were; a bot stands in for him while he is away, until he returns', async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 3, botLevel: 'random', promptSeconds: 60 } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('addBot', {});
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  const code = ann.code;
  // Ann plays first, a Captain at Bob, who holds a Monk.
  deals.set(code, stackedDeal(3, 0, deckOf(3, ['captain', 'peasant', 'monk', 'peasant', 'merchant', 'bandit', 'peasant', 'princess'])));
  await ann.must('start');
  await ann.must('play', { card: 'captain', targets: [1] });
  await bob.sync();
  const before = { view: bob.view, endsAt: bob.roomView!.promptEndsAt };
  const token = bob.seatToken;

  // A reload in the middle of the prompt: the same prompt, the same deadline, his hand.
  bob.drop();
  await ann.waitFor((s) => !s.seats[1].connected, 5000, 'Bob away');
  const back = await MangokuClient.join(server.url, code, { seatToken: token });
  expect(back.seat).toBe(1);
  expect(back.view).toStrictEqual(before.view);
  expect(back.roomView!.promptEndsAt).toBe(before.endsAt);
  await back.must('answer', { answer: 'monk' });
  await eve.waitFor((s) => s.active === 1, 5000, "Bob's turn");

  // Bob goes away on his turn; the host lets the room's bot play for him until he is back.
  back.drop();
  await ann.waitFor((s) => !s.seats[1].connected, 5000, 'Bob away again');
  await ann.must('standIn', { seat: 1 });
  expect(ann.state.seats[1]).toMatchObject({ kind: 'human', bot: 'random' });
  // Ann plays her own seat from now on: the stand-in's card may well put a prompt to her.
  ann.autoPlay();
  await eve.waitFor((s) => s.active !== 1 || s.phase === 'over', 10_000, 'the stand-in to play his turn');
  expect(eve.view.campaigns[0].turns[1].seat).toBe(1);
  // The bot answers for him too, and plays on.
  await eve.waitFor((s) => s.log.length > 12 || s.phase === 'over', 20_000, 'the game going on');

  const again = await MangokuClient.join(server.url, code, { seatToken: token });
  await ann.waitFor((s) => s.seats[1].connected && s.seats[1].bot === '', 5000, 'Bob back in his seat');
  await again.sync();
  expect(again.view.hands[1]!.length).toBe(again.state.seats[1].handCount);
  again.autoPlay();
  await eve.waitFor((s) => s.phase === 'over', 45_000, 'the end');
  const record = await (await fetch(`${server.url}/api/rooms/${code}/record`)).json();
  expect(mangoku.verifyRecord(record)).toMatchObject({ ok: true });
  expect([...ann.errors, ...back.errors, ...again.errors]).toEqual([]);
  for (const c of [ann, back, again, eve])
    expect(
      checkMangokuFrames(
        c,
        [ann, again].map((x) => x.seatToken).filter((t) => t !== c.welcome?.seatToken),
      ).leaks,
    ).toEqual([]);
  for (const c of [ann, again, eve]) await c.leave();
});
