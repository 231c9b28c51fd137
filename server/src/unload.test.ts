import { matchMaker } from '@colyseus/core';
import { CLOCK_RULES, decodeLogEntry } from '@samurai/shared';
import { bootTestServer } from './test-support/boot';
import { MangokuClient } from './games/mangoku/test-support/MangokuClient';
import { SamuraiClient } from './games/samurai/test-support/SamuraiClient';
import { openStore } from './store/open-store';
import type { GameStore } from './store/game-store';
import type { RunningServer, ServerOptions } from './start-server';
import { tempDirs } from './test-support/temp-dirs';

/**
 * An unfinished game is never closed for being empty: once nobody has been connected for
 * EMPTY_ROOM_TTL_MS it leaves the process's memory, live in the store, and comes back the moment
 * someone opens its link (a seat token, a spectator, the join form's colours) or its clock runs
 * out. One process on SQLite here; two on Postgres and Redis in cluster/cluster.test.ts.
 */

jest.setTimeout(120_000);

/** Short enough for a test: a table nobody is at unloads after half a second. */
const TTL_MS = 500;
/** A time per move that runs out in a test. */
const MOVE_MS = 2000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const newDataDir = tempDirs('samurai-unload-');

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

/** A server on `dataDir` (its store given back too), with a short empty time and a quick wake sweep. */
async function boot(dataDir: string, options: ServerOptions = {}): Promise<{ server: RunningServer; store: GameStore }> {
  const store = await openStore({ dataDir });
  running = await bootTestServer({
    store,
    emptyRoomTtlMs: TTL_MS,
    clockRules: { ...CLOCK_RULES, 'move-30s': { kind: 'move', moveMs: MOVE_MS } },
    wakerTimes: { wakeEveryMs: 100, retireEveryMs: 3_600_000 },
    // /health's room count, which these tests read, is shown to internal addresses only.
    internalAddresses: ['loopback'],
    ...options,
  });
  return { server: running, store };
}

/** The process's room count, as /health says it (asking keeps no table in memory). */
async function roomsIn(server: RunningServer): Promise<number> {
  return ((await (await fetch(`${server.url}/health`)).json()) as { rooms: number }).rooms;
}

/** The figure /metrics gives for a gauge with no labels (the boot makes loopback an internal address). */
async function metric(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** Resolves once `holds`, asked every 50 ms; fails after `timeoutMs`, saying what it waited for. */
async function until(what: string, holds: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** A 2-player game dealt straight into play, a few turns in, then left where it stands (whoever's turn it is). */
async function gameUnderWay(server: RunningServer, options: object = {}): Promise<{ ann: SamuraiClient; bob: SamuraiClient }> {
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, startingHands: 'random', setup: 'random', botLevel: 'random', ...options },
  });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  ann.autoPlay();
  bob.autoPlay();
  await ann.waitFor((s) => s.phase === 'play' && s.log.length >= 12, 30_000, 'a few turns played');
  ann.stopAutoPlay();
  bob.stopAutoPlay();
  await Promise.all([ann.sync(), bob.sync()]);
  return { ann, bob };
}

/** What a position is: the public log, whose turn, each player's hand as they see it. */
function position(ann: SamuraiClient, bob: SamuraiClient) {
  return { log: Array.from(ann.state.log), seat: ann.state.seat, phase: ann.state.phase, annHand: ann.state.seats[0].hand, bobHand: bob.state.seats[1].hand };
}

/** Everyone leaves; resolves once the table has left memory (and checks that it is live in the store). */
async function leaveUntilUnloaded(server: RunningServer, store: GameStore, code: string, clients: { leave(): Promise<void> }[]): Promise<void> {
  await Promise.all(clients.map((c) => c.leave()));
  await until('the table to leave memory', async () => (await roomsIn(server)) === 0);
  expect(matchMaker.getLocalRoomById(code)).toBeUndefined();
  // Live in the store, loaded nowhere (a start would not restore it).
  expect(await store.liveRoom(code)).not.toBeNull();
  expect(await store.liveRooms()).toEqual([]);
}

test('a game everyone left unloads after EMPTY_ROOM_TTL_MS and is taken back with its seat tokens in the same position; a spectator and the join form bring it back too', async () => {
  const { server, store } = await boot(newDataDir());
  const { ann, bob } = await gameUnderWay(server);
  const code = ann.code;
  const seen = position(ann, bob);
  await leaveUntilUnloaded(server, store, code, [ann, bob]);
  // Nothing is due by itself (no clock): it stays unloaded.
  await pause(1000);
  expect(await roomsIn(server)).toBe(0);
  expect([await metric(server, 'samurai_rooms_live'), await metric(server, 'samurai_rooms_unloaded')]).toEqual([0, 1]);

  const bob2 = await SamuraiClient.join(server.url, code, { seatToken: bob.seatToken });
  const ann2 = await SamuraiClient.join(server.url, code, { seatToken: ann.seatToken });
  expect(await roomsIn(server)).toBe(1);
  expect(await metric(server, 'samurai_rooms_unloaded')).toBe(0);
  expect([ann2.seat, bob2.seat]).toEqual([0, 1]);
  expect(position(ann2, bob2)).toEqual(seen);
  // The game goes on from there.
  ann2.autoPlay();
  bob2.autoPlay();
  await ann2.waitFor((s) => s.log.length > seen.log.length + 2, 30_000, 'the game going on');
  ann2.stopAutoPlay();
  bob2.stopAutoPlay();
  await Promise.all([ann2.sync(), bob2.sync()]);
  const later = position(ann2, bob2);

  await leaveUntilUnloaded(server, store, code, [ann2, bob2]);
  const watcher = await SamuraiClient.join(server.url, code, { role: 'spectator' });
  expect(Array.from(watcher.state.log)).toEqual(later.log);
  await leaveUntilUnloaded(server, store, code, [watcher]);

  // The join form asks which colours are taken: the table is back for it.
  const colours = await fetch(`${server.url}/api/rooms/${code}/colours`);
  expect(colours.status).toBe(200);
  expect(((await colours.json()) as { colours: string[] }).colours).toHaveLength(2);
  expect(await roomsIn(server)).toBe(1);
});

test('a Mangoku game waiting for its first play unloads and comes back the same for each seat and a spectator', async () => {
  const { server, store } = await boot(newDataDir());
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  await Promise.all([ann, bob, eve].map((c) => c.sync()));
  const before = { ann: ann.view, bob: bob.view, eve: eve.view, log: Array.from(eve.state.log) };
  await leaveUntilUnloaded(server, store, ann.code, [ann, bob, eve]);

  const ann2 = await MangokuClient.join(server.url, ann.code, { seatToken: ann.seatToken });
  const bob2 = await MangokuClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  const eve2 = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  await Promise.all([ann2, bob2, eve2].map((c) => c.sync()));
  expect({ ann: ann2.view, bob: bob2.view, eve: eve2.view, log: Array.from(eve2.state.log) }).toStrictEqual(before);
  await Promise.all([ann2.leave(), bob2.leave(), eve2.leave()]);
});

test('after a restart an unloaded table stays unloaded, and comes back when its link is opened', async () => {
  const dataDir = newDataDir();
  const first = await boot(dataDir);
  const { ann, bob } = await gameUnderWay(first.server);
  const seen = position(ann, bob);
  await leaveUntilUnloaded(first.server, first.store, ann.code, [ann, bob]);
  await running!.close();
  running = null;

  const { server } = await boot(dataDir);
  expect(server.restored).toEqual({ rooms: 0, quarantined: 0 });
  expect(await roomsIn(server)).toBe(0);
  const ann2 = await SamuraiClient.join(server.url, ann.code, { seatToken: ann.seatToken });
  const bob2 = await SamuraiClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  expect(position(ann2, bob2)).toEqual(seen);
  await Promise.all([ann2.leave(), bob2.leave()]);
});

test('a clock that runs out while the table is unloaded brings it back: the bot moves for that seat, and the table unloads again', async () => {
  const { server, store } = await boot(newDataDir());
  const { ann, bob } = await gameUnderWay(server, { clock: 'move-30s' });
  const seen = position(ann, bob);
  const toMove = seen.seat;
  await leaveUntilUnloaded(server, store, ann.code, [ann, bob]);
  // Nobody asks for it: its clock does.
  await until('the table back by itself', async () => (await roomsIn(server)) === 1, MOVE_MS + 10_000);
  await until('the table unloaded again', async () => (await roomsIn(server)) === 0, MOVE_MS + 10_000);

  const watcher = await SamuraiClient.join(server.url, ann.code, { role: 'spectator' });
  const log = Array.from(watcher.state.log);
  expect(log.slice(0, seen.log.length)).toEqual(seen.log);
  // The seat whose time ran out got the room's bot, which made its move.
  expect(watcher.state.seats[toMove].bot).toBe('random');
  expect(
    log
      .slice(seen.log.length)
      .map(decodeLogEntry)
      .some((e) => 'seat' in e && e.seat === toMove),
  ).toBe(true);
  await watcher.leave();
});

test('an unloaded game that has not moved for the retention time is closed; a lobby nobody is in still closes after EMPTY_ROOM_TTL_MS', async () => {
  const { server, store } = await boot(newDataDir(), { retentionMs: 1500, wakerTimes: { wakeEveryMs: 100, retireEveryMs: 200 } });
  const { ann, bob } = await gameUnderWay(server);
  const code = ann.code;
  await leaveUntilUnloaded(server, store, code, [ann, bob]);
  await until('the table closed for its age', async () => (await store.liveRoom(code)) === null);
  expect(await store.codeStatus(code)).toBeNull();
  expect(await SamuraiClient.refusal(server.url, code, { seatToken: ann.seatToken })).toMatchObject({ code: 4212 });

  const host = await SamuraiClient.create(server.url, { name: 'Hana', options: { players: 2 } });
  await host.leave();
  await until('the lobby closed', async () => (await roomsIn(server)) === 0);
  expect(await store.liveRoom(host.code)).toBeNull();
});
