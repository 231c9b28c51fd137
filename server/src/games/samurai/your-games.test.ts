import { YourGamesAnswer, YOUR_GAMES_PER_REQUEST } from '@samurai/shared';
import { bootTestServer } from '../../test-support/boot';
import { openStore } from '../../store/open-store';
import type { GameStore } from '../../store/game-store';
import type { RunningServer, ServerOptions } from '../../start-server';
import { SamuraiClient } from './test-support/SamuraiClient';
import { tempDirs } from '../../test-support/temp-dirs';

/**
 * "Your games" (POST /api/your-games): a browser's seat tokens give it its tables' summaries, a
 * token of another table gives nothing, wrong tokens cost look-up attempts, and an unloaded table
 * is answered from the store without coming back into memory.
 */

jest.setTimeout(120_000);

const ATTEMPTS = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newDataDir = tempDirs('samurai-your-games-');
let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

let store: GameStore;

async function boot(options: ServerOptions = {}): Promise<RunningServer> {
  store = await openStore({ dataDir: newDataDir() });
  running = await bootTestServer({
    store,
    emptyRoomTtlMs: 500,
    limits: { lookup: { burst: ATTEMPTS, perMinute: 1 } },
    internalAddresses: ['loopback'],
    ...options,
  });
  return running;
}

async function ask(server: RunningServer, body: unknown): Promise<{ status: number; json: YourGamesAnswer & { error?: string } }> {
  const res = await fetch(`${server.url}/api/your-games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as YourGamesAnswer & { error?: string } };
}

const roomsIn = async (server: RunningServer) => ((await (await fetch(`${server.url}/health`)).json()) as { rooms: number }).rooms;

async function until(what: string, holds: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** Ann and Bob in a 2-player game, dealt and under way. */
async function game(server: RunningServer): Promise<{ ann: SamuraiClient; bob: SamuraiClient }> {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', options: { players: 2, startingHands: 'random', setup: 'random' } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'play', 10_000, 'the game under way');
  return { ann, bob };
}

test("each token gives its own seat's summary and whose turn; a token of another table finds nothing and costs an attempt", async () => {
  const server = await boot();
  const { ann, bob } = await game(server);
  const carol = await SamuraiClient.create(server.url, { name: 'Carol' });
  const { status, json } = await ask(server, {
    seats: [
      { code: ann.code, token: ann.seatToken },
      { code: ann.code, token: bob.seatToken },
      { code: ann.code, token: carol.seatToken },
      { code: carol.code, token: carol.seatToken },
    ],
  });
  expect(status).toBe(200);
  const [annSees, bobSees, nothing, carolSees] = json.tables;
  expect(annSees).toMatchObject({ code: ann.code, game: 'samurai', stage: 'playing', yourSeat: 0, gameNumber: 1 });
  expect(annSees?.players.map((p) => p?.name)).toEqual(['Ann', 'Bob']);
  expect(bobSees).toMatchObject({ code: ann.code, yourSeat: 1 });
  // Whose turn: the same for both, and one of them.
  expect(annSees?.toAct).toEqual([ann.state.seat]);
  expect(bobSees?.toAct).toEqual([ann.state.seat]);
  expect(nothing).toBeNull();
  expect(carolSees).toMatchObject({ code: carol.code, stage: 'lobby', yourSeat: 0, toAct: [] });
  // Carol's token on Ann's table cost one attempt: ATTEMPTS - 1 more wrong ones, then refusals.
  const wrong = { seats: [{ code: ann.code, token: 'A'.repeat(32) }] };
  for (let i = 0; i < ATTEMPTS - 1; i++) expect((await ask(server, wrong)).json.tables).toEqual([null]);
  expect((await ask(server, wrong)).status).toBe(429);
  // Even a right token, now: the address is out of attempts.
  expect((await ask(server, { seats: [{ code: ann.code, token: ann.seatToken }] })).status).toBe(429);
  await Promise.all([ann.leave(), bob.leave(), carol.leave()]);
});

test('bad input is refused with a reason and costs nothing: not a code, not a token, too many seats, not JSON, too large', async () => {
  const server = await boot();
  const ann = await SamuraiClient.create(server.url, { name: 'Ann' });
  const seat = { code: ann.code, token: ann.seatToken };
  for (const body of [
    {},
    { seats: [] },
    { seats: [{ code: 'nope', token: ann.seatToken }] },
    { seats: [{ code: ann.code, token: 'short' }] },
    { seats: [seat], more: 1 },
  ]) {
    const { status, json } = await ask(server, body);
    expect(status).toBe(400);
    expect(json.error).toEqual(expect.any(String));
  }
  expect((await ask(server, { seats: Array.from({ length: YOUR_GAMES_PER_REQUEST + 1 }, () => seat) })).status).toBe(400);
  const notJson = await fetch(`${server.url}/api/your-games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"seats":' });
  expect(notJson.status).toBe(400);
  const huge = await fetch(`${server.url}/api/your-games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(100_000) });
  expect(huge.status).toBe(413);
  // None of it cost an attempt; the whole page of seats costs nothing when each is found.
  const page = await ask(server, { seats: Array.from({ length: YOUR_GAMES_PER_REQUEST }, () => seat) });
  expect(page.status).toBe(200);
  expect(page.json.tables.every((t) => t?.yourSeat === 0)).toBe(true);
  await ann.leave();
});

test('an unloaded table is answered from the store, where it stays: whose turn as it was left', async () => {
  const server = await boot();
  const { ann, bob } = await game(server);
  const code = ann.code;
  const toAct = ann.state.seat;
  await Promise.all([ann.leave(), bob.leave()]);
  await until('the table to leave memory', async () => (await roomsIn(server)) === 0);
  const { json } = await ask(server, {
    seats: [
      { code, token: ann.seatToken },
      { code, token: bob.seatToken },
      { code, token: 'B'.repeat(32) },
    ],
  });
  expect(json.tables[0]).toMatchObject({ code, stage: 'playing', yourSeat: 0, toAct: [toAct] });
  expect(json.tables[1]).toMatchObject({ code, yourSeat: 1, toAct: [toAct] });
  expect(json.tables[2]).toBeNull();
  expect(json.tables[0]?.lastMoveAt).toBeGreaterThan(Date.now() - 60_000);
  // Asking did not bring it back.
  expect(await roomsIn(server)).toBe(0);
});

test("a closed table's last finished game is answered as its history is, to anyone with the code, with no seat; a live table's code is not", async () => {
  const server = await boot();
  const seats = [
    { name: 'Ann', colour: 'red', bot: null },
    { name: 'Robo', colour: 'blue', bot: 'random' },
  ];
  await store.saveGame({ code: 'ZZZZZZ', gameType: 'samurai', gameNumber: 2, finishedAt: 5_000, summary: JSON.stringify({ winners: [0], seats }) }, '{}');
  const { json } = await ask(server, { seats: [{ code: 'ZZZZZZ', token: 'C'.repeat(32) }] });
  expect(json.tables).toEqual([
    {
      code: 'ZZZZZZ',
      game: 'samurai',
      stage: 'over',
      players: [
        { name: 'Ann', colour: 'red', bot: false },
        { name: 'Robo', colour: 'blue', bot: true },
      ],
      toAct: [],
      lastMoveAt: 5_000,
      gameNumber: 2,
      yourSeat: null,
    },
  ]);
  const history = (await (await fetch(`${server.url}/api/rooms/ZZZZZZ/games`)).json()) as { games: unknown[] };
  expect(history.games).toHaveLength(1);
  // A live table with a finished game behind it answers its seats' tokens only.
  const carol = await SamuraiClient.create(server.url, { name: 'Carol' });
  await store.saveGame({ code: carol.code, gameType: 'samurai', gameNumber: 1, finishedAt: 5_000, summary: JSON.stringify({ winners: [0], seats }) }, '{}');
  expect((await ask(server, { seats: [{ code: carol.code, token: 'C'.repeat(32) }] })).json.tables).toEqual([null]);
  expect((await ask(server, { seats: [{ code: carol.code, token: carol.seatToken }] })).json.tables[0]).toMatchObject({ yourSeat: 0 });
  await carol.leave();
});
