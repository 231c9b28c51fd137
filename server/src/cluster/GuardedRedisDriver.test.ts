import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import { parseJoinError, RoomError } from '@samurai/shared';
import { messageOf } from '../test-support/log-lines';
import { findRedisServer, startTestRedis, TestRedis, warnRedisMissing } from '../test-support/redis';
import { inServiceRun, inUnitRun, SERVICE_RUN } from '../test-support/test-run';
import serverPackage from '../../package.json';
import { GuardedPresence } from './GuardedPresence';
import { GuardedRedisDriver, LISTINGS_KEY } from './GuardedRedisDriver';
import { RedisLink } from './RedisLink';
import { STORED_GAME } from '../test-support/stored-game';

/**
 * GuardedRedisDriver and GuardedPresence reach into @colyseus/redis-driver and -presence, and guard
 * exactly the calls Colyseus 0.16 makes of them: these tests break when an upgrade moves either.
 */

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A package's own package.json (those two export none). */
function installed(name: string): { version: string; root: string } {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return { version: (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version, root: dir };
}

/** The methods called on `receiver` anywhere in @colyseus/core's CommonJS build. */
function coreCalls(receiver: string): string[] {
  const build = path.join(installed('@colyseus/core').root, 'build');
  const methods = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.js'))
        for (const match of fs.readFileSync(file, 'utf8').matchAll(new RegExp(`\\b${receiver}\\.(\\w+)\\(`, 'g'))) methods.add(match[1]);
    }
  };
  visit(build);
  return [...methods].sort();
}

inUnitRun(describe)('what GuardedRedisDriver and GuardedPresence rely on', () => {
  test('the two packages are pinned exactly, and installed at those versions', () => {
    for (const name of ['@colyseus/redis-driver', '@colyseus/redis-presence'] as const) {
      const pinned = serverPackage.dependencies[name];
      expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
      expect(installed(name).version).toBe(pinned);
    }
  });

  test('Colyseus calls only the presence, driver and listing methods reviewed (see GuardedPresence and GuardedRedisDriver)', () => {
    // Guarded: subscribe, unsubscribe, publish, hset, hdel, srem, shutdown. Waited for by callers
    // this server never reaches (health checks, joinOrCreate, dev mode): channels, hget, hgetall,
    // hincrbyex. Never fails (answers through a callback): sadd.
    expect(coreCalls('presence')).toEqual([
      'channels',
      'hdel',
      'hget',
      'hgetall',
      'hincrbyex',
      'hset',
      'publish',
      'sadd',
      'shutdown',
      'srem',
      'subscribe',
      'unsubscribe',
    ]);
    // Guarded: cleanup, findOne by id (and query by id), shutdown; createInstance makes GuardedRoomData.
    expect(coreCalls('driver')).toEqual(['cleanup', 'createInstance', 'findOne', 'query', 'shutdown']);
    // GuardedRoomData's save, updateOne and remove never fail (markModified is called only when a listing has it).
    expect(coreCalls('listing')).toEqual(['markModified', 'remove', 'save', 'updateOne']);
  });
});

const redisBin = findRedisServer();
if (SERVICE_RUN && !redisBin) warnRedisMissing('The guarded Redis driver and presence tests');

inServiceRun(redisBin ? describe : describe.skip)('GuardedRedisDriver and GuardedPresence with a real Redis', () => {
  let redis: TestRedis;
  let observer: Redis;
  beforeAll(async () => {
    redis = await startTestRedis();
    observer = new Redis(redis.url, { maxRetriesPerRequest: null });
    observer.on('error', () => undefined);
  });
  afterAll(async () => {
    await observer?.quit();
    await redis?.stop();
  });

  test('they reach the clients of the packages they extend', async () => {
    const link = new RedisLink(redis.url);
    const driver = new GuardedRedisDriver(link);
    const presence = new GuardedPresence(link);
    try {
      const reached = presence as unknown as { sub: unknown; pub: unknown; subscriptions: unknown };
      for (const client of [(driver as unknown as { _client: unknown })._client, reached.sub, reached.pub]) {
        expect(client).toBeInstanceOf(Redis);
        // Made from our options, and followed by the link.
        expect((client as Redis).options).toMatchObject({ enableOfflineQueue: false, port: redis.port });
        expect((client as Redis).listenerCount('error')).toBeGreaterThan(0);
      }
      expect(reached.subscriptions).toBeInstanceOf(EventEmitter);
      await link.ready(10_000);
    } finally {
      await driver.shutdown();
      presence.shutdown();
      await link.closeAll();
    }
  });

  test('every call Colyseus does not wait for survives Redis being killed, and is made good once it is back', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const link = new RedisLink(redis.url);
    const driver = new GuardedRedisDriver(link);
    const presence = new GuardedPresence(link);
    link.republishWith(async () => {
      await driver.republish();
      await presence.republish();
    });
    try {
      await link.ready(10_000);
      const listing = driver.createInstance({ name: STORED_GAME, processId: 'p1', roomId: 'ROOM01' });
      await listing.save();
      const gone = driver.createInstance({ name: STORED_GAME, processId: 'p1', roomId: 'ROOM02' });
      await gone.save();
      const heard: unknown[] = [];
      await presence.subscribe('$ROOM01', (message: unknown) => heard.push(message));
      await presence.subscribe('$ROOM02', () => undefined);
      expect(await observer.hlen(LISTINGS_KEY)).toBe(2);

      await redis.kill();
      // Each as Colyseus calls it (most without waiting): none fails.
      await listing.updateOne({ $inc: { clients: 1 } });
      await gone.remove();
      await presence.unsubscribe('$ROOM02');
      const later: unknown[] = [];
      await presence.subscribe('$ROOM03', (message: unknown) => later.push(message));
      await presence.publish('$ROOM01', ['call']);
      expect(await presence.hset('roomcount', 'p1', '1,1')).toBe(false);
      expect(await presence.hdel('roomcount', 'p1')).toBe(false);
      expect(await presence.srem('nodes', 'p1')).toBe(0);
      await driver.cleanup('p2');
      // A join by code for a room of another process is refused in passing; one of this process's is found.
      const refusal = await driver.findOne({ roomId: 'ELSEWHERE' }).catch((error: Error) => error);
      expect(parseJoinError((refusal as Error).message)?.code).toBe(RoomError.Restarting);
      expect(link.answers).toBe(false);

      // A restarted Redis has nothing: the link publishes it all again.
      await redis.restart();
      const deadline = Date.now() + 15_000;
      while (!link.answers && Date.now() < deadline) await sleep(100);
      expect(link.answers).toBe(true);
      expect(Object.keys(await observer.hgetall(LISTINGS_KEY))).toEqual(['ROOM01']);
      expect(JSON.parse((await observer.hget(LISTINGS_KEY, 'ROOM01'))!)).toMatchObject({ processId: 'p1', clients: 1 });
      expect(await observer.pubsub('NUMSUB', '$ROOM01', '$ROOM02', '$ROOM03')).toEqual(['$ROOM01', 1, '$ROOM02', 0, '$ROOM03', 1]);
      await observer.publish('$ROOM03', JSON.stringify('hello'));
      await observer.publish('$ROOM01', JSON.stringify('again'));
      while ((later.length === 0 || heard.length === 0) && Date.now() < deadline) await sleep(50);
      expect([heard, later]).toEqual([['again'], ['hello']]);
      expect(unhandled).toEqual([]);
      // Said once each way, not once per failed call.
      expect(errors.mock.calls.map((call) => messageOf(call[0]))).toEqual([expect.stringMatching(/^Redis .*failed.*Rooms here go on/)]);
      expect(warnings.mock.calls.map((call) => messageOf(call[0]))).toEqual([expect.stringMatching(/^Redis .* answers again/)]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
      process.off('unhandledRejection', onUnhandled);
      await driver.shutdown();
      presence.shutdown();
      await link.closeAll();
    }
  });
});
