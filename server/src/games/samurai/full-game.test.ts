import { GameRecord, score, summariseLog, TILES, unpackCounts, verifyRecord } from '@samurai/shared';
import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';

jest.setTimeout(60_000);

const server = useTestServer();

test('two people, two bots and a spectator play a whole 4-player game to the scoring, then a rematch', async () => {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', colour: 'sky', options: { players: 4, botLevel: 'greedy' } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob', colour: 'yellow' });
  const eve = await SamuraiClient.join(server.url, ann.code, { role: 'spectator', name: 'Eve' });
  expect(ann.welcome).toMatchObject({ role: 'player' });
  expect(eve.welcome).toEqual({ role: 'spectator', memberId: '', seatToken: null });

  ann.send('addBot', {});
  ann.send('addBot', { level: 'random' });
  await eve.waitFor((s) => s.seats[3].kind === 'bot' && s.spectators === 1);
  expect(Array.from(eve.state.seats).map((s) => [s.name, s.colour, s.kind, s.bot])).toEqual([
    ['Ann', 'sky', 'human', ''],
    ['Bob', 'yellow', 'human', ''],
    ['Hana', 'vermillion', 'bot', 'greedy'],
    ['Kenji', 'green', 'bot', 'random'],
  ]);
  expect(eve.state.host).toBe(ann.welcome!.memberId);

  // Before the end, a live room's record is as unknown as a room that never existed.
  const record = await fetch(`${server.url}/api/rooms/${ann.code}/record`);
  expect(record.status).toBe(404);

  ann.send('start');
  await eve.waitFor((s) => s.phase === 'hands' && s.game === 1);
  expect(eve.state.seats[0].handCount).toBe(0);
  ann.autoPlay('greedy');
  bob.autoPlay('random');
  await eve.waitFor((s) => s.phase === 'pieces' || s.phase === 'play');
  await eve.waitFor((s) => s.phase === 'over' && s.result !== undefined, 45_000, 'the scoring');
  await Promise.all([ann, bob].map((c) => c.waitFor((s) => s.phase === 'over' && s.result !== undefined)));

  // The scoring screen: every tally revealed to everyone, and the result agrees with them.
  const state = eve.state;
  for (const seat of Array.from(state.seats)) expect(seat.captured).toBeGreaterThanOrEqual(0);
  const tallies = Array.from(state.seats).map((s) => unpackCounts(s.captured));
  const scoring = score(tallies);
  expect(Array.from(state.result!.winners)).toEqual(scoring.winners);
  expect(Array.from(state.result!.leaders)).toEqual(scoring.leaders.map((l) => (l === null ? -1 : l)));
  expect(['caste-gone', 'fourth-aside', 'all-passed']).toContain(state.result!.reason);
  expect(ann.errors).toEqual([]);
  expect(bob.errors).toEqual([]);
  // Each person was shown privately what they drew.
  expect(ann.drawn.some((tiles) => tiles.length > 0)).toBe(true);
  expect(bob.drawn.some((tiles) => tiles.length > 0)).toBe(true);

  // The record is the same game the log tells, and the engine accepts it.
  const response = await fetch(`${server.url}/api/rooms/${ann.code}/record`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="samurai-${ann.code}-game1.json"`);
  const json = (await response.json()) as GameRecord;
  const verified = verifyRecord(json);
  expect(verified.ok).toBe(true);
  expect(json.turns).toEqual(summariseLog(state.log).turns);
  // What each person was shown as drawn is their stack in the record, in order, and nothing else.
  expect(ann.drawn.flat().map((t) => TILES[t].name)).toEqual(json.setup.stacks[0].slice(0, ann.drawn.flat().length));
  expect(bob.drawn.flat().map((t) => TILES[t].name)).toEqual(json.setup.stacks[1].slice(0, bob.drawn.flat().length));
  expect(json.result.winners).toEqual(scoring.winners);

  // A rematch: the same seats, rotated by one; a fresh game and log.
  const before = Array.from(state.seats).map((s) => s.id);
  bob.send('rematch');
  expect((await bob.nextError()).code).toBe('room/not_host');
  await ann.rematch([bob]);
  await eve.waitFor((s) => s.game === 2);
  expect(Array.from(eve.state.seats).map((s) => s.id)).toEqual([...before.slice(1), before[0]]);
  expect(eve.state.result).toBeUndefined();
  await eve.waitFor((s) => s.phase === 'over', 45_000, 'the end of the rematch');
  const second = (await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json()) as GameRecord;
  expect(verifyRecord(second).ok).toBe(true);
  expect(second.turns).toEqual(summariseLog(eve.state.log).turns);
  for (const c of [ann, bob, eve]) await c.leave();
});
