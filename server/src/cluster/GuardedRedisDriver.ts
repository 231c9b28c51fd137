import { matchMaker, type IRoomCache } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import type Redis from 'ioredis';
import { refuseJoin } from '../table/room-config';
import { RoomError } from '@samurai/shared';
import type { RedisLink } from './RedisLink';
import { driverClient, LISTINGS_KEY } from '../library-reach/redis-driver';

// (Tests and the janitor import the listings' key from here.)
export { LISTINGS_KEY };

/** Writes a listing only where there is none, or it is this process's own. */
const SAVE_IF_OURS = `local v = redis.call('HGET', KEYS[1], ARGV[1]) if (not v) or string.find(v, ARGV[3], 1, true) then return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end return -1`;
/** Deletes a listing only while it is this process's own. */
const DELETE_IF_OURS = `local v = redis.call('HGET', KEYS[1], ARGV[1]) if v and string.find(v, ARGV[2], 1, true) then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;

const processIdField = (processId: string) => `"processId":"${processId}"`;

/** What a join through this process is told while Redis does not answer and the room is not here. */
export const CLUSTER_UNREACHABLE = 'The servers cannot reach each other for a moment: trying again shortly.';

/** The listings of this process's rooms, to be written again when Redis has missed some (or lost them all). */
interface ListingBook {
  readonly redis: Redis;
  readonly link: RedisLink;
  /** Listed, and not removed: each is written again when Redis is back. */
  readonly live: Set<GuardedRoomData>;
  /** Removed while Redis did not answer: deleted once it does. */
  readonly unremoved: Set<GuardedRoomData>;
}

/**
 * A room's listing (Colyseus's room cache) that never overwrites or deletes another process's
 * listing of the same room. Colyseus saves a room's listing by itself whenever its clients,
 * lock or visibility change, and removes it when the room goes: a process that was paused
 * while its room moved elsewhere would otherwise, on waking, point every join at its stale copy
 * (or delete the live room's listing as that copy closes). The one exception is a takeover: the
 * process that has just claimed the room (its lease, in the store) writes over the old listing.
 * Otherwise as @colyseus/redis-driver's RoomData (the same fields, the same JSON).
 *
 * Its writes never fail: Colyseus calls them without waiting (a leaving client's last step, a
 * room's disposal, a change of its seat limit), so a rejection would be unhandled and end the
 * process. A write Redis did not take is made again, with every other listing of this process,
 * once Redis answers (RedisLink); meanwhile the fields here are kept up to date.
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
  readonly #book: ListingBook;

  constructor(initialValues: Partial<IRoomCache>, book: ListingBook) {
    this.#book = book;
    this.createdAt = initialValues.createdAt ? new Date(initialValues.createdAt as string | number | Date) : new Date();
    Object.assign(this, initialValues, { createdAt: this.createdAt });
  }

  /** The next save replaces whatever listing the room had (this process has just claimed the room). */
  takeOver(): void {
    this.#takeOver = true;
  }

  toJSON(): object {
    const { clients, createdAt, maxClients, name, publicAddress, processId, roomId } = this;
    return { clients, createdAt, maxClients, metadata: this.metadata as unknown, name, publicAddress, processId, roomId };
  }

  async save(): Promise<void> {
    if (this.#removed || !this.roomId) return;
    this.#book.live.add(this);
    await this.write().catch((error: unknown) => this.#book.link.failed(`writing room ${this.roomId}'s listing`, error));
  }

  /** Writes this listing as it stands (republishing: a failure is the caller's). */
  async write(): Promise<void> {
    if (this.#removed || !this.roomId) return;
    // Every own field, as RoomData stores it (not the short toJSON form).
    const json = JSON.stringify({ ...this });
    if (this.#takeOver) {
      await this.#book.redis.hset(LISTINGS_KEY, this.roomId, json);
      this.#takeOver = false;
    } else {
      await this.#book.redis.eval(SAVE_IF_OURS, 1, LISTINGS_KEY, this.roomId, json, processIdField(this.processId));
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
    this.#book.live.delete(this);
    try {
      return await this.unlist();
    } catch (error) {
      this.#book.unremoved.add(this);
      this.#book.link.failed(`removing room ${this.roomId}'s listing`, error);
      return 0;
    }
  }

  /** Deletes this listing if it is still this process's (republishing: a failure is the caller's). */
  async unlist(): Promise<number> {
    const deleted = Number(await this.#book.redis.eval(DELETE_IF_OURS, 1, LISTINGS_KEY, this.roomId, processIdField(this.processId)));
    this.#book.unremoved.delete(this);
    return deleted;
  }
}

type ColyseusRoomData = ReturnType<RedisDriver['createInstance']>;

/**
 * @colyseus/redis-driver, its listings written through GuardedRoomData, and every call of it
 * Colyseus makes without waiting made safe when Redis does not answer.
 *
 * It uses the driver's own ioredis client for everything (library-reach/redis-driver.ts).
 */
export class GuardedRedisDriver extends RedisDriver {
  readonly #book: ListingBook;

  constructor(readonly link: RedisLink) {
    super(link.clientOptions());
    const redis = driverClient(this);
    link.watch(redis);
    this.#book = { redis, link, live: new Set(), unremoved: new Set() };
  }

  override createInstance(initialValues: Partial<IRoomCache> = {}): GuardedRoomData & ColyseusRoomData {
    return new GuardedRoomData(initialValues, this.#book) as GuardedRoomData & ColyseusRoomData;
  }

  /**
   * A room's listing, by id (a join by code). While Redis does not answer, a room of this process
   * is found here (its players and spectators need nothing from Redis: their sockets come here);
   * any other is refused in passing ("restarting"), which browsers retry.
   */
  override async findOne(conditions: Partial<IRoomCache>, sortOptions?: Parameters<RedisDriver['findOne']>[1]): Promise<ColyseusRoomData> {
    if (conditions.roomId === undefined) return super.findOne(conditions, sortOptions);
    try {
      return await super.findOne(conditions);
    } catch (error) {
      this.link.failed('finding a room', error);
      const local = this.localListing(conditions.roomId);
      if (local) return local;
      throw refuseJoin(RoomError.Restarting, CLUSTER_UNREACHABLE);
    }
  }

  /** Listings matching `conditions`; by id, one look-up (not every listing), with the same fallback as findOne. */
  override async query(conditions: Partial<IRoomCache>, sortOptions?: Parameters<RedisDriver['query']>[1]): Promise<ColyseusRoomData[]> {
    if (conditions.roomId === undefined) return super.query(conditions, sortOptions);
    const listing = await this.findOne({ roomId: conditions.roomId });
    const fields = listing as unknown as Record<string, unknown>;
    const matches = listing !== undefined && Object.entries(conditions).every(([field, value]) => fields[field] === value);
    return matches ? [listing] : [];
  }

  /** A graceful stop removes this process's listings; when Redis does not answer, the other processes' janitors sweep them. */
  override async cleanup(processId: string): Promise<void> {
    await super.cleanup(processId).catch((error: unknown) => this.link.failed("removing this process's listings", error));
  }

  /** Colyseus does not wait for this: it never fails. */
  override async shutdown(): Promise<void> {
    await this.link.close(this.#book.redis);
  }

  /** Writes every listing of this process again, and deletes those removed while Redis did not answer. */
  async republish(): Promise<void> {
    for (const listing of [...this.#book.unremoved]) await listing.unlist();
    for (const listing of [...this.#book.live]) await listing.write();
  }

  /** The listing of a room of this process, unless another process has taken it over (its copy here closes). */
  private localListing(roomId: string): ColyseusRoomData | undefined {
    const listing = matchMaker.getLocalRoomById(roomId)?.listing;
    return listing instanceof GuardedRoomData && this.#book.live.has(listing) ? (listing as GuardedRoomData & ColyseusRoomData) : undefined;
  }
}

/** A room just claimed by this process: its listing replaces the old one (no-op outside a cluster). */
export function takeOverListing(listing: unknown): void {
  if (listing instanceof GuardedRoomData) listing.takeOver();
}
