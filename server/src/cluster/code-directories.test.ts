import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoomRegistry } from '../live-rooms';
import { SqliteStore } from '../store/SqliteStore';
import { findRedisServer, startTestRedis, TestRedis, warnRedisMissing } from '../test-support/redis';
import { LocalCodeDirectory } from './CodeDirectory';
import { CODES_KEY, RedisCodeDirectory } from './RedisCodeDirectory';
import { RedisLink } from './RedisLink';
import { inServiceRun, inUnitRun, SERVICE_RUN } from '../test-support/test-run';
import { STORED_GAME } from '../test-support/stored-game';

/**
 * A table nobody came to for a while is unloaded: its room is in no process and no directory,
 * only in the store. Its code must never go to a new room (whose first write the store would
 * refuse, the code being a live room's); a closed room's code may come round again.
 */

jest.setTimeout(60_000);

let dir: string;
let store: SqliteStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-codes-'));
  store = new SqliteStore(path.join(dir, 'samurai.db'));
  // UNLOAD: an unloaded table; QUARAN: quarantined; CLOSED: closed (free again).
  for (const code of ['UNLOAD', 'QUARAN', 'CLOSED'])
    await store.append(code, STORED_GAME, [{ seq: 1, kind: 'table', data: '{}' }], { owner: 'A', fence: code, expiresAt: 1 });
  expect(await store.unloadRoom('UNLOAD', { at: 10, wakeAt: null, lastMoveAt: 5 }, 'UNLOAD')).toBe(true);
  await store.quarantine('QUARAN', 'does not replay');
  store.closeRoom('CLOSED');
});
afterAll(async () => {
  await store.shutdown();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Draws these codes in turn, then the last for ever. */
const drawing =
  (...codes: string[]) =>
  () =>
    codes.length > 1 ? codes.shift()! : codes[0];

inUnitRun(test)('one process: a code held by an unloaded or quarantined table is drawn again; a closed one is free', async () => {
  const codes = new LocalCodeDirectory(new RoomRegistry(), store, drawing('UNLOAD', 'QUARAN', 'CLOSED'));
  expect(await codes.allocate()).toBe('CLOSED');
  // A join finds the unloaded table's code (and brings it back); a quarantined or closed room is not to be found.
  expect(await Promise.all(['UNLOAD', 'QUARAN', 'CLOSED', 'NOSUCH'].map((c) => codes.exists(c)))).toEqual([true, false, false, false]);
  // Without a store (no room is kept anywhere) there is nothing to check.
  expect(await new LocalCodeDirectory(new RoomRegistry(), null, drawing('UNLOAD')).allocate()).toBe('UNLOAD');
});

const redisBin = findRedisServer();
if (SERVICE_RUN && !redisBin) warnRedisMissing('The Redis code directory test');

inServiceRun(redisBin ? describe : describe.skip)('several processes on Redis', () => {
  let redis: TestRedis;
  let link: RedisLink;
  beforeAll(async () => {
    redis = await startTestRedis();
    link = new RedisLink(redis.url);
  });
  afterAll(async () => {
    await link?.closeAll();
    await redis?.stop();
  });

  test('a code held by an unloaded table is given back and drawn again, even when Redis has no word of it', async () => {
    const client = link.client();
    await link.ready(10_000);
    await client.flushall();
    const codes = new RedisCodeDirectory(client, 'process-a', link, new RoomRegistry(), store, drawing('UNLOAD', 'QUARAN', 'FRESH1'));
    expect(await codes.allocate()).toBe('FRESH1');
    // The codes won and given up are not left in Redis as this process's.
    expect(await client.hgetall(CODES_KEY)).toEqual({ FRESH1: 'process-a' });
    // Redis has no word of the unloaded table: the store says it is live (another process may be bringing it back).
    expect(await Promise.all(['UNLOAD', 'QUARAN', 'CLOSED', 'FRESH1'].map((c) => codes.exists(c)))).toEqual([true, false, false, true]);
    // A table brought back here claims its code; unloaded again, it leaves the directory (the store has it).
    await codes.claim('UNLOAD');
    expect(await codes.exists('UNLOAD')).toBe(true);
    await codes.release('UNLOAD');
    expect(await client.hexists(CODES_KEY, 'UNLOAD')).toBe(0);
  });
});
