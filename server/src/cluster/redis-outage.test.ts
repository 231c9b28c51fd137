import Redis from 'ioredis';
import { RoomError, seededRng } from '@samurai/shared';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from '../test-support/postgres';
import { findRedisServer, startTestRedis, TestRedis, warnRedisMissing } from '../test-support/redis';
import { GENEROUS_LIMITS_ENV, throughPassing } from '../test-support/cluster-clients';
import { killAllServerProcesses, prepareServerProcess, ServerProcess } from '../test-support/server-process';
import { PersonPlayer } from '../test-support/PersonPlayer';
import { TableClient } from '../test-support/TableClient';
import { LISTINGS_KEY } from './GuardedRedisDriver';
import { CODES_KEY } from './RedisCodeDirectory';

/**
 * Redis killed (SIGKILL: every connection drops, every key is gone) under two server processes
 * whose rooms have players, for longer than ioredis's retries of a command last (20 reconnection
 * attempts, about 10.5 s), then started again, empty, on the same port.
 */

jest.setTimeout(150_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long Redis stays down after the spectators leave: longer than ioredis's retries of a call (about 10.5 s). */
const OUTAGE_MS = 15_000;
/** Once Redis is back, each process has republished its rooms within this. */
const RECOVERY_MS = 15_000;

const postgresBin = findPostgresBinaries();
const redisBin = findRedisServer();
if (!postgresBin) warnPostgresMissing('The Redis outage test');
if (!redisBin) warnRedisMissing('The Redis outage test');
const canRun = postgresBin !== null && redisBin !== null;

afterAll(killAllServerProcesses);

let seeds = 0;

/** Players of one room taking turns at a person's pace until stopped; resolves once `moves` more moves have been made. */
async function playFor(moves: number, watcher: TableClient, ...clients: TableClient[]): Promise<void> {
  const players = clients.map((c) => new PersonPlayer(c, seededRng(++seeds)));
  try {
    await watcher.waitForMoves(moves, 30_000, `${moves} more moves`);
  } finally {
    players.forEach((p) => p.stop());
  }
  // Too short a game for this test if it ended here: it must go on through the outage.
  expect(watcher.state.phase).not.toBe('over');
}

(canRun ? describe : describe.skip)('a Redis outage under two processes', () => {
  let redis: TestRedis;
  let postgres: TestPostgres;
  let redisClient: Redis;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startTestRedis(), startTestPostgres()]);
    redisClient = new Redis(redis.url, { maxRetriesPerRequest: null });
    redisClient.on('error', () => undefined);
  });
  afterAll(async () => {
    await redisClient?.quit();
    await Promise.all([redis?.stop(), postgres?.stop()]);
  });

  const health = async (server: ServerProcess) => (await (await fetch(`${server.url}/health`)).json()) as { processId: string; rooms: number; redis: boolean };

  test('no process exits, games go on, joins are refused in passing and work again once Redis is back', async () => {
    const databaseUrl = await postgres.newDatabase();
    const prepare = () =>
      prepareServerProcess({ dataDir: '/nonexistent', databaseUrl, botDelayMs: 20, clustered: true, env: { ...GENEROUS_LIMITS_ENV, REDIS_URL: redis.url } });
    const [a, b] = await Promise.all([prepare().start(), prepare().start()]);
    const [idA, idB] = [(await health(a)).processId, (await health(b)).processId];

    // A room on each process, each with a player who came through the other, and a spectator.
    const ann = await TableClient.create(a.url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
    const ben = await TableClient.join(b.url, ann.code, { role: 'player', name: 'Ben' });
    const cat = await TableClient.create(b.url, { name: 'Cat', options: { players: 2, botLevel: 'random' } });
    const dan = await TableClient.join(a.url, cat.code, { role: 'player', name: 'Dan' });
    const eve = await TableClient.join(b.url, ann.code, { role: 'spectator' });
    const gus = await TableClient.join(a.url, cat.code, { role: 'spectator' });
    for (const host of [ann, cat]) await host.must('start');
    await playFor(6, eve, ann, ben);
    await playFor(6, gus, cat, dan);

    await redis.kill();
    // Leaving during the outage: each process updates the room's listing, which cannot be written.
    // (Colyseus closes a leaving socket once that update is done: it must not wait for Redis.)
    await Promise.all([eve.leave(true, 20_000), gus.leave(true, 20_000)]);
    const leftAt = Date.now();
    // Joining a room through the process that holds it needs nothing from Redis.
    const fay = await TableClient.join(a.url, ann.code, { role: 'spectator' });
    // Through the other process (the room found in Redis, its seat reserved over pub/sub): a passing refusal.
    expect(await TableClient.refusal(b.url, ann.code, { role: 'spectator' })).toMatchObject({ error: RoomError.Restarting });
    expect(await TableClient.refusal(a.url, cat.code, { role: 'spectator' })).toMatchObject({ error: RoomError.Restarting });
    // A new room needs a code no other process has: refused in passing too.
    expect(await TableClient.refusal(a.url, null, { name: 'Hal', options: { players: 2 } })).toMatchObject({ error: RoomError.Restarting });
    // The games go on.
    await playFor(6, fay, ann, ben);
    await playFor(6, dan, cat, dan);
    // Past ioredis's retries of the calls made when the spectators left (the process exited then).
    await sleep(leftAt + OUTAGE_MS - Date.now());
    for (const server of [a, b]) expect(await health(server).catch(() => 'the process has exited')).toMatchObject({ redis: false });

    await redis.restart();
    // Both processes publish their rooms again: each room is reached through the other process.
    const eve2 = await throughPassing(() => TableClient.join(b.url, ann.code, { role: 'spectator' }), RECOVERY_MS);
    const gus2 = await throughPassing(() => TableClient.join(a.url, cat.code, { role: 'spectator' }), RECOVERY_MS);
    // Ann, Ben, Fay and Eve again; Cat, Dan and Gus again.
    expect(JSON.parse((await redisClient.hget(LISTINGS_KEY, ann.code))!)).toMatchObject({ processId: idA, clients: 4 });
    expect(JSON.parse((await redisClient.hget(LISTINGS_KEY, cat.code))!)).toMatchObject({ processId: idB, clients: 3 });
    expect(await redisClient.hgetall(CODES_KEY)).toEqual({ [ann.code]: idA, [cat.code]: idB });
    // A room made after the outage is reached through the other process.
    const hal = await throughPassing(() => TableClient.create(a.url, { name: 'Hal', options: { players: 2 } }), RECOVERY_MS);
    const ida = await TableClient.join(b.url, hal.code, { role: 'player', name: 'Ida' });
    expect(ida.seat).toBe(1);
    await playFor(6, eve2, ann, ben);
    await playFor(6, gus2, cat, dan);
    expect((await health(a)).redis).toBe(true);
    expect([(await health(a)).rooms, (await health(b)).rooms]).toEqual([2, 1]);
    // Nothing a process wrote says a promise went unhandled, or that ioredis had no one to tell.
    for (const server of [a, b]) expect(server.stderr()).not.toMatch(/Unhandled|MaxRetriesPerRequest/);
    await Promise.all([ann, ben, cat, dan, fay, eve2, gus2, hal, ida].map((c) => c.leave()));
  });
});

// CI installs both (.ci/run): there, their absence is a failure, not a skip.
if (!canRun && process.env.CI) {
  test('redis-server and PostgreSQL are installed (CI must run the Redis outage test)', () => {
    expect({ postgres: postgresBin, redis: redisBin }).toEqual({ postgres: expect.any(String), redis: expect.any(String) });
  });
}
