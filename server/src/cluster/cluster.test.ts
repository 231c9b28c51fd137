import Redis from 'ioredis';
import { GameRecord, RoomError, seededRng, summariseLog, verifyRecord, YourGamesAnswer } from '@samurai/shared';
import { GENEROUS_LIMITS_ENV, throughPassing } from '../test-support/cluster-clients';
import { checkFrames } from '../games/samurai/test-support/leak-check';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from '../test-support/postgres';
import { findRedisServer, startTestRedis, TestRedis, warnRedisMissing } from '../test-support/redis';
import { killAllServerProcesses, prepareServerProcess, ServerProcess } from '../test-support/server-process';
import { PERSON_GAP_MS, PersonPlayer } from '../test-support/PersonPlayer';
import { SamuraiClient } from '../games/samurai/test-support/SamuraiClient';
import { CODES_KEY } from './RedisCodeDirectory';
import { LISTINGS_KEY } from './GuardedRedisDriver';

/**
 * Two server processes (children: Colyseus's matchmaker is per process, so two servers in one
 * jest process would prove nothing) on one Redis (Debian's redis-server) and one throwaway
 * Postgres, both on loopback ports, as `docker compose` runs them behind a proxy.
 */

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** People's clients play at a person's pace (the server cuts off a client sending 20 messages a second). */
const play = (...clients: SamuraiClient[]) => clients.map((c, i) => new PersonPlayer(c, seededRng(i + 1)));
const stopAll = (players: PersonPlayer[]) => players.forEach((p) => p.stop());
/** What RULES and the issue ask: a dead process's rooms are back elsewhere within this. */
const FAILOVER_LIMIT_MS = 10_000;

const postgresBin = findPostgresBinaries();
const redisBin = findRedisServer();
if (!postgresBin) warnPostgresMissing('The two-process (cluster) tests');
if (!redisBin) warnRedisMissing('The two-process (cluster) tests');
const canRun = postgresBin !== null && redisBin !== null;

afterAll(killAllServerProcesses);

(canRun ? describe : describe.skip)('two processes on Redis and Postgres', () => {
  let redis: TestRedis;
  let postgres: TestPostgres;
  let redisClient: Redis;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startTestRedis(), startTestPostgres()]);
    redisClient = new Redis(redis.url);
  });
  // Each test's processes go with it.
  afterEach(killAllServerProcesses);
  afterAll(async () => {
    await redisClient?.quit();
    await Promise.all([redis?.stop(), postgres?.stop()]);
  });

  /** Two fresh processes, A and B, on a fresh database and an empty Redis (`env`: more of their environment). */
  async function twoProcesses(botDelayMs = 20, env: Record<string, string> = {}): Promise<[ServerProcess, ServerProcess]> {
    await redisClient.flushall();
    const databaseUrl = await postgres.newDatabase();
    const prepare = () =>
      prepareServerProcess({
        dataDir: '/nonexistent',
        databaseUrl,
        botDelayMs,
        clustered: true,
        env: { ...GENEROUS_LIMITS_ENV, REDIS_URL: redis.url, ...env },
      });
    const [a, b] = [prepare(), prepare()];
    return Promise.all([a.start(), b.start()]);
  }

  const health = async (server: ServerProcess) =>
    (await (await fetch(`${server.url}/health`)).json()) as { processId: string; rooms: number; redis: boolean; store: { kind: string; answers: boolean } };

  /** Gets back in through `server` as a browser would: "restarting" and a dead socket are worth retrying; anything else is not. */
  async function rejoin(
    server: ServerProcess,
    code: string,
    options: Parameters<typeof SamuraiClient.join>[2],
    timeoutMs = FAILOVER_LIMIT_MS + 5000,
  ): Promise<SamuraiClient> {
    return throughPassing(() => SamuraiClient.join(server.url, code, options), timeoutMs, 100);
  }

  test('a room made on A is joined by code and watched through B, and a whole game is played to its record', async () => {
    const [a, b] = await twoProcesses();
    expect(await health(a)).toMatchObject({ rooms: 0, redis: true, store: { kind: 'postgres', answers: true } });
    expect((await health(a)).processId).not.toBe((await health(b)).processId);

    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 3, botLevel: 'random' } });
    const ben = await SamuraiClient.join(b.url, ann.code, { role: 'player', name: 'Ben' });
    const watcher = await SamuraiClient.join(b.url, ann.code, { role: 'spectator' });
    // The room lives on A; B found it, reserved the seats there, and sent the browsers to A.
    expect([(await health(a)).rooms, (await health(b)).rooms]).toEqual([1, 0]);
    await ann.must('addBot', {});
    await ann.must('start');
    const players = play(ann, ben);
    await watcher.waitFor((s) => s.phase === 'over', 120_000, 'the end of the game');
    await Promise.all(players.map((p) => p.done));
    // The record, asked of either process.
    for (const server of [a, b]) {
      const record = (await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json()) as GameRecord;
      expect(verifyRecord(record)).toMatchObject({ ok: true });
      expect(record.turns).toEqual(summariseLog(Array.from(watcher.state.log)).turns);
    }
    const tokens = [ann.seatToken, ben.seatToken];
    for (const c of [ann, ben])
      expect(
        checkFrames(
          c,
          tokens.filter((t) => t !== c.seatToken),
        ).leaks,
      ).toEqual([]);
    expect(checkFrames(watcher, tokens).leaks).toEqual([]);
    await Promise.all([ann.leave(), ben.leave(), watcher.leave()]);
    expect(a.stderr() + b.stderr()).toBe('');
  });

  test('failover: the process holding a room is killed mid-game; the room is back on the other within 10 s and the game finishes', async () => {
    const [a, b] = await twoProcesses();
    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 4, botLevel: 'random' } });
    const ben = await SamuraiClient.join(b.url, ann.code, { role: 'player', name: 'Ben' });
    for (let i = 0; i < 2; i++) await ann.must('addBot', {});
    const watcher = await SamuraiClient.join(b.url, ann.code, { role: 'spectator' });
    await ann.must('start');
    const players = play(ann, ben);
    await watcher.waitFor((s) => s.phase === 'play' && s.log.length > 30, 60_000, 'a game well under way');
    stopAll(players);
    const tokens = [ann.seatToken, ben.seatToken];
    const killedAt = Date.now();
    await a.kill();
    await Promise.all([ann, ben, watcher].map((c) => c.closed()));
    const seen = [ann, ben, watcher].map((c) => Array.from(c.state.log));

    // The browsers come back through B, by token and as a spectator; the room is B's now.
    const ann2 = await rejoin(b, ann.code, { seatToken: tokens[0] });
    const failoverMs = Date.now() - killedAt;
    const ben2 = await rejoin(b, ann.code, { seatToken: tokens[1] });
    const watcher2 = await rejoin(b, ann.code, { role: 'spectator' });
    expect(failoverMs).toBeLessThan(FAILOVER_LIMIT_MS);
    expect((await health(b)).rooms).toBe(1);
    expect([ann2.seat, ben2.seat]).toEqual([ann.seat, ben.seat]);
    // No move any client saw is lost.
    for (const [i, client] of [ann2, ben2, watcher2].entries()) expect(Array.from(client.state.log).slice(0, seen[i].length)).toEqual(seen[i]);

    const players2 = play(ann2, ben2);
    await watcher2.waitFor((s) => s.phase === 'over', 120_000, 'the end of the moved game');
    await Promise.all(players2.map((p) => p.done));
    const record = (await (await fetch(`${b.url}/api/rooms/${ann.code}/record`)).json()) as GameRecord;
    expect(verifyRecord(record)).toMatchObject({ ok: true });
    expect(record.turns).toEqual(summariseLog(Array.from(watcher2.state.log)).turns);
    // The moved room keeps its secrets.
    for (const c of [ann2, ben2])
      expect(
        checkFrames(
          c,
          tokens.filter((t) => t !== c.seatToken),
        ).leaks,
      ).toEqual([]);
    expect(checkFrames(watcher2, tokens).leaks).toEqual([]);
    await Promise.all([ann2.leave(), ben2.leave(), watcher2.leave()]);
    expect(b.stderr()).toBe('');
  });

  test('fencing: an owner paused until its room moves finds its late writes refused and closes its copy', async () => {
    const [a, b] = await twoProcesses();
    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
    const ben = await SamuraiClient.join(a.url, ann.code, { role: 'player', name: 'Ben' });
    await ann.must('start');
    await ann.waitFor((s) => s.phase === 'hands', 10_000, 'the hands');
    const tokens = [ann.seatToken, ben.seatToken];
    const code = ann.code;

    a.pause();
    // A is frozen (no renewal): B takes the room over once its lease has run out.
    const ann2 = await rejoin(b, code, { seatToken: tokens[0] });
    const ben2 = await rejoin(b, code, { seatToken: tokens[1] });
    expect((await health(b)).rooms).toBe(1);
    const listing = JSON.parse((await redisClient.hget(LISTINGS_KEY, code))!) as { processId: string };
    expect(listing.processId).toBe((await health(b)).processId);
    // Ann, still connected to the frozen A, chooses her starting hand there: it waits in A's socket.
    // (Her player stops once it has sent it: A closing her connection is what comes next, not a failure.)
    let sent = (): void => undefined;
    const choiceSent = new Promise<void>((resolve) => (sent = resolve));
    const late = [new PersonPlayer(ann, seededRng(1), () => sent())];
    // (Her player gives up after a minute of nothing to do: that failure, not the test's timeout, says why.)
    await Promise.race([
      choiceSent,
      late[0].done.then(() => Promise.reject(new Error(`Ann's late player stopped without sending her choice (connection ${ann.closeCode ?? 'open'})`))),
    ]);
    stopAll(late);

    a.resume();
    // A's copy learns it lost the room (its renewal, or its write of Ann's choice, is refused) and closes.
    await Promise.all([ann.closed(), ben.closed()]);
    await sleep(500);
    // Ann's choice reached nobody: the one live room never saw it.
    expect(ann2.state.seats[ann.seat as number].handChosen).toBe(false);
    expect((await health(a)).rooms).toBe(0);
    expect(a.stderr()).toMatch(/another process has taken it over/);
    // A did not touch B's listing, and a browser reaching A is sent to the one live room, on B.
    expect(JSON.parse((await redisClient.hget(LISTINGS_KEY, code))!).processId).toBe(listing.processId);
    expect(await redisClient.hget(CODES_KEY, code)).toBe(listing.processId);
    const ann3 = await rejoin(a, code, { seatToken: tokens[0] });
    expect((await health(b)).rooms).toBe(1);
    expect(ann3.state.phase).toBe(ann2.state.phase);
    expect(ann3.seat).toBe(ann.seat);
    // The room on B goes on: both play their starting hands there.
    const players = play(ann3, ben2);
    await ben2.waitFor((s) => s.phase === 'play', 30_000, 'the game on B');
    stopAll(players);
    await Promise.all([ann2.leave(), ann3.leave(), ben2.leave()]);
  });

  test('a game everyone left unloads from both processes and comes back, in the same position, on the other one; asked of both at once, one brings it back', async () => {
    // Tables nobody is at unload after a second.
    const [a, b] = await twoProcesses(20, { EMPTY_ROOM_TTL_MS: '1000' });
    const rooms = async () => [(await health(a)).rooms, (await health(b)).rooms];
    const unloaded = async () => {
      const deadline = Date.now() + 20_000;
      while ((await rooms()).some((n) => n > 0)) {
        if (Date.now() > deadline) throw new Error('the table did not unload');
        await sleep(100);
      }
    };
    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 2, startingHands: 'random', setup: 'random' } });
    const ben = await SamuraiClient.join(b.url, ann.code, { role: 'player', name: 'Ben' });
    await ann.must('start');
    const players = play(ann, ben);
    await ann.waitFor((s) => s.phase === 'play' && s.log.length >= 10, 60_000, 'a few turns played');
    stopAll(players);
    await sleep(PERSON_GAP_MS * 3); // a move on its way when they stopped
    await Promise.all([ann.sync(), ben.sync()]);
    const code = ann.code;
    const tokens = [ann.seatToken, ben.seatToken];
    const where = (p: SamuraiClient, q: SamuraiClient) => ({
      log: Array.from(p.state.log),
      seat: p.state.seat,
      hands: [p.state.seats[0].hand, q.state.seats[1].hand],
    });
    const seen = where(ann, ben);
    await Promise.all([ann.leave(), ben.leave()]);
    await unloaded();
    // Nothing of it is left in Redis either: the store alone has it.
    expect(await redisClient.hexists(LISTINGS_KEY, code)).toBe(0);
    expect(await redisClient.hexists(CODES_KEY, code)).toBe(0);

    // Made on A, back on B, with both seat tokens (Ann's through A, sent on to B).
    const ben2 = await rejoin(b, code, { seatToken: tokens[1] });
    expect(await rooms()).toEqual([0, 1]);
    const ann2 = await rejoin(a, code, { seatToken: tokens[0] });
    expect(where(ann2, ben2)).toEqual(seen);
    await Promise.all([ann2.leave(), ben2.leave()]);
    await unloaded();

    // Both processes asked at the same moment: one of them claims it; both players sit at that one table.
    const [ann3, ben3] = await Promise.all([rejoin(a, code, { seatToken: tokens[0] }), rejoin(b, code, { seatToken: tokens[1] })]);
    expect((await rooms()).sort()).toEqual([0, 1]);
    await Promise.all([ann3.sync(), ben3.sync()]);
    expect(where(ann3, ben3)).toEqual(seen);
    expect(Array.from(ann3.state.seats, (s) => s.connected)).toEqual([true, true]);
    await Promise.all([ann3.leave(), ben3.leave()]);
    expect(a.stderr() + b.stderr()).toBe('');
  });

  test('your games, asked of the other process: a loaded table answers through its process, an unloaded one from Postgres', async () => {
    const [a, b] = await twoProcesses(20, { EMPTY_ROOM_TTL_MS: '1000' });
    const ask = async (seats: { code: string; token: string }[]) => {
      const res = await fetch(`${b.url}/api/your-games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seats }) });
      return ((await res.json()) as YourGamesAnswer).tables;
    };
    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 2, startingHands: 'random', setup: 'random' } });
    const ben = await SamuraiClient.join(a.url, ann.code, { role: 'player', name: 'Ben' });
    await ann.must('start');
    await ann.waitFor((s) => s.phase === 'play', 10_000, 'the game under way');
    const code = ann.code;
    const toAct = [ann.state.seat];
    // Loaded on A, asked of B.
    expect([(await health(a)).rooms, (await health(b)).rooms]).toEqual([1, 0]);
    const loaded = await ask([
      { code, token: ann.seatToken },
      { code, token: 'A'.repeat(32) },
    ]);
    expect(loaded).toEqual([expect.objectContaining({ code, stage: 'playing', yourSeat: 0, toAct }), null]);
    await Promise.all([ann.leave(), ben.leave()]);
    const deadline = Date.now() + 20_000;
    while ((await health(a)).rooms > 0) {
      if (Date.now() > deadline) throw new Error('the table did not unload');
      await sleep(100);
    }
    expect(await ask([{ code, token: ben.seatToken }])).toEqual([expect.objectContaining({ code, yourSeat: 1, toAct })]);
    expect([(await health(a)).rooms, (await health(b)).rooms]).toEqual([0, 0]);
    expect(a.stderr() + b.stderr()).toBe('');
  });

  test('room codes stay unique when thousands of rooms are made on both processes at once', async () => {
    const [a, b] = await twoProcesses();
    const create = (server: ServerProcess) =>
      fetch(`${server.url}/matchmake/create/samurai`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Flood' }),
      }).then(async (r) => ((await r.json()) as { room?: { roomId: string } }).room?.roomId);
    const codes: (string | undefined)[] = [];
    for (let round = 0; round < 20; round++) codes.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => create(i % 2 ? a : b)))));
    expect(codes.filter((c) => c === undefined)).toEqual([]);
    expect(new Set(codes).size).toBe(2000);
    expect(await redisClient.hlen(CODES_KEY)).toBe(2000);
    expect((await health(a)).rooms + (await health(b)).rooms).toBe(2000);
  });

  test('colyseus#968: a process that misses a call for a moment keeps its rooms’ listings', async () => {
    const [a, b] = await twoProcesses();
    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 2 } });
    a.pause();
    // B's seat reservation on A times out (2 s): a passing refusal, not "no such room"...
    const refusal = await SamuraiClient.refusal(b.url, ann.code, { role: 'spectator' });
    a.resume();
    expect(refusal?.error).toBe(RoomError.Restarting);
    // ...and nothing was deleted: A's room is still listed and reachable through B.
    expect(JSON.parse((await redisClient.hget(LISTINGS_KEY, ann.code))!).processId).toBe((await health(a)).processId);
    const watcher = await SamuraiClient.join(b.url, ann.code, { role: 'spectator' });
    expect(watcher.state.code).toBe(ann.code);
    await Promise.all([ann.leave(), watcher.leave()]);
  });

  test('colyseus#850: the listings and codes a dead process left are swept, and its code is then unknown', async () => {
    const [a, b] = await twoProcesses();
    // A process that died uncleanly left a listing and a code for a room that is not live.
    const listing = {
      clients: 0,
      locked: false,
      private: true,
      maxClients: 30,
      unlisted: false,
      name: 'samurai',
      processId: 'deadprocess',
      roomId: 'GHOST2',
      publicAddress: '127.0.0.1:1',
    };
    await redisClient.hset(LISTINGS_KEY, 'GHOST2', JSON.stringify(listing));
    await redisClient.hset(CODES_KEY, 'GHOST2', 'deadprocess');
    // A live listing of a live process is left alone.
    const ann = await SamuraiClient.create(a.url, { name: 'Ann', options: { players: 2 } });
    const deadline = Date.now() + 15_000;
    while ((await redisClient.hexists(LISTINGS_KEY, 'GHOST2')) && Date.now() < deadline) await sleep(250);
    expect(await redisClient.hexists(LISTINGS_KEY, 'GHOST2')).toBe(0);
    while ((await redisClient.hexists(CODES_KEY, 'GHOST2')) && Date.now() < deadline) await sleep(250);
    expect(await redisClient.hexists(CODES_KEY, 'GHOST2')).toBe(0);
    expect(await SamuraiClient.refusal(b.url, 'GHOST2', { role: 'spectator' })).toMatchObject({ code: 4212 });
    expect(await redisClient.hexists(LISTINGS_KEY, ann.code)).toBe(1);
    await ann.leave();
  });
});

// CI installs both (.ci/run): there, their absence is a failure, not a skip.
if (!canRun && process.env.CI) {
  test('redis-server and PostgreSQL are installed (CI must run the cluster tests)', () => {
    expect({ postgres: postgresBin, redis: redisBin }).toEqual({ postgres: expect.any(String), redis: expect.any(String) });
  });
}
