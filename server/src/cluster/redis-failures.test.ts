import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Redis from 'ioredis';
import { freePort } from '../test-support/free-port';
import { findRedisServer, startTestRedis, TestRedis, warnRedisMissing } from '../test-support/redis';
import { inServiceRun, inUnitRun, SERVICE_RUN } from '../test-support/test-run';
import { typescriptChild } from '../test-support/typescript-child';
import { isRedisCallFailure } from './redis-failures';

jest.setTimeout(60_000);

/** What a real ioredis client rejects `call` with. */
async function rejection(client: Redis, call: (client: Redis) => Promise<unknown>): Promise<unknown> {
  client.on('error', () => undefined);
  try {
    await call(client);
    return null;
  } catch (error) {
    return error;
  } finally {
    client.disconnect();
  }
}

inUnitRun(describe)('which unhandled rejections are a Redis call’s failure', () => {
  test('ioredis’s, with nothing listening on the port', async () => {
    const port = await freePort();
    // Not connected, and told not to queue (as the server's clients are).
    expect(isRedisCallFailure(await rejection(new Redis(port, { enableOfflineQueue: false }), (r) => r.get('x')))).toBe(true);
    // Queued, then given up on (ioredis's default, after 20 attempts; here after one).
    const gaveUp = await rejection(new Redis(port, { maxRetriesPerRequest: 0 }), (r) => r.get('x'));
    expect(gaveUp).toMatchObject({ name: 'MaxRetriesPerRequestError' });
    expect(isRedisCallFailure(gaveUp)).toBe(true);
    // Closed for good.
    expect(isRedisCallFailure(await rejection(new Redis(port, { lazyConnect: true }), async (r) => (r.disconnect(), r.get('x'))))).toBe(true);
  });

  test('not a bug’s, nor an error that only says the same words', () => {
    expect(isRedisCallFailure(new TypeError("Cannot read properties of undefined (reading 'roomId')"))).toBe(false);
    expect(isRedisCallFailure(new Error('Connection is closed.'))).toBe(false);
    expect(isRedisCallFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isRedisCallFailure('Command timed out')).toBe(false);
    expect(isRedisCallFailure(undefined)).toBe(false);
  });

  test('a process with the policy survives a Redis call’s unhandled failure and still ends on any other', () => {
    // main.ts's handler, in a process of its own: an unhandled rejection ends a process by default.
    const script = `
      process.on('unhandledRejection', require(${JSON.stringify(path.join(__dirname, 'redis-failures'))}).onUnhandledRejection);
      const Redis = require('ioredis').default;
      const client = new Redis(1, { enableOfflineQueue: false, lazyConnect: true });
      client.on('error', () => undefined);
      client.get('x');
      setTimeout(() => {
        console.log('alive after the Redis failure');
        client.disconnect();
        Promise.reject(new TypeError('a bug'));
        setTimeout(() => console.log('alive after the bug'), 1000);
      }, 500);`;
    const typescript = typescriptChild();
    const child = spawnSync(process.execPath, [...typescript.execArgv, '-e', script], {
      env: typescript.env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stdout).toContain('alive after the Redis failure');
    expect(child.stdout).not.toContain('alive after the bug');
    expect(child.stderr).toMatch(/a Redis call failed and nothing handled its failure/);
    expect(child.stderr).toMatch(/TypeError: a bug/);
    expect(child.status).toBe(1);
  });
});

const redisBin = findRedisServer();
if (SERVICE_RUN && !redisBin) warnRedisMissing('The Redis failure tests');

inServiceRun(redisBin ? describe : describe.skip)('which failures of a real Redis count', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis?.stop());

  test('an error answered, and an answer too late', async () => {
    const answered = await rejection(new Redis(redis.url), (r) => r.call('NOSUCHCOMMAND'));
    expect(answered).toMatchObject({ name: 'ReplyError' });
    expect(isRedisCallFailure(answered)).toBe(true);
    const pauser = new Redis(redis.url);
    await pauser.call('CLIENT', 'PAUSE', '1000', 'ALL');
    const late = await rejection(new Redis(redis.url, { commandTimeout: 200, enableReadyCheck: false }), (r) => r.get('x'));
    await pauser.quit();
    expect(late).toMatchObject({ message: 'Command timed out' });
    expect(isRedisCallFailure(late)).toBe(true);
  });
});
