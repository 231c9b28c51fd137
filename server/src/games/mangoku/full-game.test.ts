import { matchMaker } from '@colyseus/core';
import { mangoku } from '@samurai/shared';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';

jest.setTimeout(90_000);

const server = useTestServer();

/** The engine state of a live room, read where it lives (the game session of the table's room). */
function serverGame(code: string): mangoku.GameState {
  return (matchMaker.getLocalRoomById(code) as unknown as { session: { current: { game: mangoku.GameState } } }).session.current.game;
}

test('two people, two bots and spectators play a whole 4-player Mangoku game to the ranking, then a rematch', async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', colour: 'sky', options: { players: 4, botLevel: 'greedy', promptSeconds: 5 } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob', colour: 'yellow' });
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator', name: 'Eve' });
  expect(eve.state.gameType).toBe('mangoku');
  expect(eve.state.options).toMatchObject({ players: 4, promptSeconds: 5, botLevel: 'greedy' });
  ann.send('addBot', {});
  ann.send('addBot', { level: 'random' });
  await eve.waitFor((s) => s.seats[3].kind === 'bot' && s.spectators === 1);
  expect(Array.from(eve.state.seats).map((s) => [s.name, s.kind, s.bot])).toEqual([
    ['Ann', 'human', ''],
    ['Bob', 'human', ''],
    ['Hana', 'bot', 'greedy'],
    ['Kenji', 'bot', 'random'],
  ]);
  expect(eve.roomView).toBeNull(); // the lobby: no game yet

  // Before the end, a live room's record is as unknown as a room that never existed.
  expect((await fetch(`${server.url}/api/rooms/${ann.code}/record`)).status).toBe(404);

  ann.autoPlay('greedy');
  bob.autoPlay('random');
  ann.send('start');
  await eve.waitFor((s) => s.phase === 'play' && s.log.length > 20, 20_000, 'a game under way');
  const late = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  await eve.waitFor((s) => s.phase === 'over', 60_000, 'the end of the game');
  await Promise.all([ann, bob, late].map((c) => c.waitFor((s) => s.phase === 'over')));
  expect(ann.errors).toEqual([]);
  expect(bob.errors).toEqual([]);

  // Everyone's picture is the engine's own view of the server's game, spectators' included.
  const game = serverGame(ann.code);
  for (const [client, viewer] of [
    [ann, 0],
    [bob, 1],
    [eve, 'spectator'],
    [late, 'spectator'],
  ] as const) {
    await client.sync();
    expect(client.view).toStrictEqual(mangoku.viewFor(game, viewer));
  }
  // The ranking: by coins, a player with none among the last.
  const result = eve.view.result!;
  expect(result.coins.some((c) => c === 0)).toBe(true);
  expect(result.ranking.flat().sort()).toEqual([0, 1, 2, 3]);
  expect(result.coins[result.winners[0]]).toBe(Math.max(...result.coins));

  // The record is the game the log tells, and the engine accepts it.
  const response = await fetch(`${server.url}/api/rooms/${ann.code}/record`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="mangoku-${ann.code}-game1.json"`);
  const record = (await response.json()) as mangoku.GameRecord;
  expect(record.format).toBe('mangoku-record/1');
  expect(mangoku.verifyRecord(record)).toMatchObject({ ok: true });
  expect(record.campaigns.map((c) => c.turns)).toEqual(eve.view.campaigns.map((c) => c.turns));
  expect(record.result).toMatchObject({ coins: result.coins, ranking: result.ranking, winners: result.winners });

  // A rematch: the same seats, rotated by one; a fresh game and log.
  const before = Array.from(eve.state.seats).map((s) => s.id);
  bob.send('rematch');
  expect((await bob.nextError()).code).toBe('room/not_host');
  await ann.rematch([bob]);
  await eve.waitFor((s) => s.game === 2);
  expect(Array.from(eve.state.seats).map((s) => s.id)).toEqual([...before.slice(1), before[0]]);
  expect(eve.state.result).toBe('');
  await eve.waitFor((s) => s.phase === 'over', 60_000, 'the end of the rematch');
  const second = (await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json()) as mangoku.GameRecord;
  expect(mangoku.verifyRecord(second)).toMatchObject({ ok: true });
  expect(second.campaigns.map((c) => c.turns)).toEqual(eve.view.campaigns.map((c) => c.turns));
  expect([...ann.errors, ...bob.errors.filter((e) => e.request !== 'rematch')]).toEqual([]);
  for (const c of [ann, bob, eve, late]) await c.leave();
});
