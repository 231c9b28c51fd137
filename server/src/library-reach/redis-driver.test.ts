import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RedisDriver } from '@colyseus/redis-driver';
import Redis from 'ioredis';
import { driverClient, LISTINGS_KEY } from './redis-driver';

test('the Redis driver keeps its ioredis client as `_client`, and its listings under the key we name', async () => {
  // (No Redis needed: the client is made lazily and never connects.)
  const driver = new RedisDriver({ lazyConnect: true, enableOfflineQueue: false });
  const client = driverClient(driver);
  expect(client).toBeInstanceOf(Redis);
  expect(client.status).toBe('wait');
  client.disconnect();
  const source = readFileSync(path.join(path.dirname(require.resolve('@colyseus/redis-driver')), 'RedisDriver.js'), 'utf8');
  expect(source).toContain(`const ROOMCACHES_KEY = "${LISTINGS_KEY}";`);
  expect(source).toMatch(/this\._client\.hget\(ROOMCACHES_KEY, conditions\.roomId\)/);
});
