import type { RedisDriver } from '@colyseus/redis-driver';
import type Redis from 'ioredis';

/*
 * Reach into @colyseus/redis-driver 0.16.1 (pinned exactly in server/package.json): its private
 * ioredis client and the key of its listings.
 *
 * Why: GuardedRedisDriver writes listings only where they are its process's own (a Lua script on
 * the driver's own hash) and sweeps a dead process's (ProcessJanitor), so it must name the hash
 * the driver keeps them in (`roomcaches`, a constant of the driver's module, not exported). It
 * uses the driver's one ioredis client for everything (no second connection) and has RedisLink
 * follow it: an ioredis client nobody listens to prints every connection error, and its failures
 * must mark the link stale. The driver makes that client in its constructor and keeps it as
 * `_client`. redis-driver.test.ts fails if an upgrade renames either.
 */

/** Colyseus's Redis driver keeps every room's listing in this hash (roomId → JSON with its processId). */
export const LISTINGS_KEY = 'roomcaches';

/** The ioredis client the driver made for itself. */
export function driverClient(driver: RedisDriver): Redis {
  return (driver as unknown as { _client: Redis })._client;
}
