import type { IRoomCache } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import Redis from 'ioredis';

/** Colyseus's Redis driver keeps every room's listing in this hash (roomId → JSON with its processId). */
export const LISTINGS_KEY = 'roomcaches';

/** Writes a listing only where there is none, or it is this process's own. */
const SAVE_IF_OURS = `local v = redis.call('HGET', KEYS[1], ARGV[1]) if (not v) or string.find(v, ARGV[3], 1, true) then return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end return -1`;
/** Deletes a listing only while it is this process's own. */
const DELETE_IF_OURS = `local v = redis.call('HGET', KEYS[1], ARGV[1]) if v and string.find(v, ARGV[2], 1, true) then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;

const processIdField = (processId: string) => `"processId":"${processId}"`;

/**
 * A room's listing (Colyseus's room cache) that never overwrites or deletes another process's
 * listing of the same room. Colyseus saves a room's listing by itself whenever its clients,
 * lock or visibility change, and removes it when the room goes: a process that was paused
 * while its room moved elsewhere would otherwise, on waking, point every join at its stale copy
 * (or delete the live room's listing as that copy closes). The one exception is a takeover: the
 * process that has just claimed the room (its lease, in the store) writes over the old listing.
 * Otherwise as @colyseus/redis-driver's RoomData (the same fields, the same JSON).
 */
export class GuardedRoomData implements IRoomCache {
  clients = 0;
  locked = false;
  private = false;
  maxClients = Infinity;
  unlisted = false;
  createdAt: Date;
  roomId!: string;
  name!: string;
  processId!: string;
  publicAddress?: string;
  metadata!: IRoomCache['metadata'];
  #removed = false;
  #takeOver = false;
  readonly #redis: Redis;

  constructor(initialValues: Partial<IRoomCache>, redis: Redis) {
    this.#redis = redis;
    this.createdAt = initialValues.createdAt ? new Date(initialValues.createdAt) : new Date();
    Object.assign(this, initialValues, { createdAt: this.createdAt });
  }

  /** The next save replaces whatever listing the room had (this process has just claimed the room). */
  takeOver(): void {
    this.#takeOver = true;
  }

  toJSON(): object {
    const { clients, createdAt, maxClients, metadata, name, publicAddress, processId, roomId } = this;
    return { clients, createdAt, maxClients, metadata, name, publicAddress, processId, roomId };
  }

  async save(): Promise<void> {
    if (this.#removed || !this.roomId) return;
    // Every own field, as RoomData stores it (not the short toJSON form).
    const json = JSON.stringify({ ...this });
    if (this.#takeOver) {
      this.#takeOver = false;
      await this.#redis.hset(LISTINGS_KEY, this.roomId, json);
    } else {
      await this.#redis.eval(SAVE_IF_OURS, 1, LISTINGS_KEY, this.roomId, json, processIdField(this.processId));
    }
  }

  updateOne(operations: { $set?: Record<string, unknown>; $inc?: Record<string, number> }): Promise<void> {
    const fields = this as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(operations.$set ?? {})) fields[field] = value;
    for (const [field, value] of Object.entries(operations.$inc ?? {})) fields[field] = (fields[field] as number) + value;
    return this.save();
  }

  async remove(): Promise<number> {
    if (!this.roomId) return 0;
    this.#removed = true;
    return Number(await this.#redis.eval(DELETE_IF_OURS, 1, LISTINGS_KEY, this.roomId, processIdField(this.processId)));
  }
}

/** @colyseus/redis-driver, its listings written through GuardedRoomData; everything else as it is. */
export class GuardedRedisDriver extends RedisDriver {
  readonly #redis: Redis;

  constructor(redisUrl: string) {
    super(redisUrl);
    this.#redis = new Redis(redisUrl);
  }

  override createInstance(initialValues: Partial<IRoomCache> = {}): GuardedRoomData & ReturnType<RedisDriver['createInstance']> {
    return new GuardedRoomData(initialValues, this.#redis) as GuardedRoomData & ReturnType<RedisDriver['createInstance']>;
  }

  override async shutdown(): Promise<void> {
    await super.shutdown();
    await this.#redis.quit().catch(() => undefined);
  }
}

/** A room just claimed by this process: its listing replaces the old one (no-op outside a cluster). */
export function takeOverListing(listing: unknown): void {
  if (listing instanceof GuardedRoomData) listing.takeOver();
}
