import { CLOCK_RULES, decodeLogEntry, SLOW_CLOCK_IDS } from '@samurai/shared';
import { bootTestServer } from '../../test-support/boot';
import { openStore } from '../../store/open-store';
import type { GameStore } from '../../store/game-store';
import type { RunningServer } from '../../start-server';
import { SamuraiClient } from './test-support/SamuraiClient';
import { tempDirs } from '../../test-support/temp-dirs';

/**
 * At your own pace: a slow clock (a day a move, shortened here: the choice is what makes a clock
 * slow, not its length) keeps its time while the table is unloaded, brings the table back when it
 * runs out, and the room's bot makes that one move: the seat is its person's again, unlike a live
 * clock's, whose bot plays on for them (unload.test.ts).
 */

jest.setTimeout(120_000);

const TTL_MS = 500;
/** "A day" in this test. */
const DAY_MS = 3000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newDataDir = tempDirs('samurai-slow-');
let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function until(what: string, holds: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

const roomsIn = async (server: RunningServer) => ((await (await fetch(`${server.url}/health`)).json()) as { rooms: number }).rooms;

/** The seats as the room's log last wrote them. */
async function storedSeats(store: GameStore, code: string): Promise<{ name: string; standIn: string | null }[]> {
  const room = await store.liveRoom(code);
  const table = room?.events.filter((e) => e.kind === 'table').at(-1);
  if (!table) throw new Error(`room ${code} has no table event`);
  return (JSON.parse(table.data) as { seating: { seats: { name: string; standIn: string | null }[] } }).seating.seats;
}

/** A server on `dataDir` (its store given back too). */
async function boot(dataDir: string): Promise<{ server: RunningServer; store: GameStore }> {
  const store = await openStore({ dataDir });
  const server = (running = await bootTestServer({
    store,
    emptyRoomTtlMs: TTL_MS,
    clockRules: { ...CLOCK_RULES, 'move-1d': { kind: 'move', moveMs: DAY_MS } },
    wakerTimes: { wakeEveryMs: 100, retireEveryMs: 3_600_000 },
    internalAddresses: ['loopback'],
  }));
  return { server, store };
}

/** Ann and Bob's slow game, dealt; both leave and the table unloads. Answers its code and whose move it waits for. */
async function slowGameLeft(server: RunningServer, store: GameStore): Promise<{ code: string; toMove: number; logBefore: number }> {
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, startingHands: 'random', setup: 'random', botLevel: 'random', botDelayMs: 0, clock: 'move-1d' },
  });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'play', 10_000, 'the game under way');
  const toMove = ann.state.seat;
  const logBefore = ann.state.log.length;
  await Promise.all([ann.leave(), bob.leave()]);
  await until('the table to leave memory', async () => (await roomsIn(server)) === 0);
  // Its clock's end is kept in the store: the wake sweep finds it then.
  expect(await store.dueRooms(Date.now() + DAY_MS + 1000, 10)).toContain(ann.code);
  return { code: ann.code, toMove, logBefore };
}

test('a slow clock that runs out while the table is unloaded brings it back; the bot makes that move and gives the seat back', async () => {
  expect(SLOW_CLOCK_IDS).toContain('move-1d');
  const { server, store } = await boot(newDataDir());
  const { code, toMove, logBefore } = await slowGameLeft(server, store);

  await until('the table back by itself', async () => (await roomsIn(server)) === 1, DAY_MS + 10_000);
  await until('the table unloaded again', async () => (await roomsIn(server)) === 0, DAY_MS + 10_000);
  // The bot made the move whose time ran out, and the seat is its person's again.
  const seats = await storedSeats(store, code);
  expect(seats[toMove]?.standIn).toBeNull();

  const watcher = await SamuraiClient.join(server.url, code, { role: 'spectator' });
  const moves = Array.from(watcher.state.log).slice(logBefore).map(decodeLogEntry);
  expect(moves.some((e) => 'seat' in e && e.seat === toMove)).toBe(true);
  await watcher.leave();
});

test('a slow clock due while the server was down brings its table back once the server is up again', async () => {
  const dataDir = newDataDir();
  const first = await boot(dataDir);
  const { code, toMove, logBefore } = await slowGameLeft(first.server, first.store);
  await first.server.close();
  running = null;
  // The day passes with no server at all.
  await pause(DAY_MS + 500);
  const { server, store } = await boot(dataDir);
  // Nobody asks for it: the wake sweep finds it overdue, and the bot makes the move.
  await until('the table back by itself', async () => (await roomsIn(server)) === 1, 20_000);
  await until('the table unloaded again', async () => (await roomsIn(server)) === 0, DAY_MS + 10_000);
  expect((await storedSeats(store, code))[toMove]?.standIn).toBeNull();
  const watcher = await SamuraiClient.join(server.url, code, { role: 'spectator' });
  expect(
    Array.from(watcher.state.log)
      .slice(logBefore)
      .map(decodeLogEntry)
      .some((e) => 'seat' in e && e.seat === toMove),
  ).toBe(true);
  await watcher.leave();
});
