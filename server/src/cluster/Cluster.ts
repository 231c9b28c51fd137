import { matchMaker } from '@colyseus/core';
import type Redis from 'ioredis';
import type { GameStore, Lease } from '../store/game-store';
import { CodeDirectory, LocalCodeDirectory } from './CodeDirectory';
import { GuardedPresence } from './GuardedPresence';
import { GuardedRedisDriver } from './GuardedRedisDriver';
import { DEFAULT_LEASE_TIMES, LeaseKeeper, LeaseKeeperOptions, LeaseTimes, newFence } from './LeaseKeeper';
import { DEFAULT_JANITOR_TIMES, JanitorTimes, ProcessJanitor } from './ProcessJanitor';
import { RedisCodeDirectory } from './RedisCodeDirectory';
import { RedisLink } from './RedisLink';
import { liveRooms } from '../live-rooms';

/** How long a starting process waits for Redis before it gives up. */
const REDIS_START_TIMEOUT_MS = 10_000;

/** Scale-out: REDIS_URL and this process's PUBLIC_ADDRESS (both needed together). */
export interface ClusterOptions {
  readonly redisUrl: string;
  /**
   * Where browsers reach this process, as Colyseus puts it in a seat reservation: `host:port`, or
   * `host/path` behind a reverse proxy that routes that path to this process.
   */
  readonly publicAddress: string;
  readonly leaseTimes?: LeaseTimes;
  readonly janitorTimes?: JanitorTimes;
}

/** What Colyseus's Server is given for scale-out: Redis presence and driver, and where this process is. */
export interface ColyseusScaleOut {
  readonly presence?: GuardedPresence;
  readonly driver?: GuardedRedisDriver;
  readonly publicAddress?: string;
  /**
   * Rooms are made in the process the browser reached (the proxy spreads browsers): never over
   * IPC, so colyseus#978 (a timed-out remote create falls back to a second, duplicate room) cannot happen.
   */
  readonly selectProcessIdToCreateRoom?: () => Promise<string>;
}

/** Colyseus's presence and driver share one RedisLink, which the Cluster made next finds through the driver. */
export function colyseusScaleOut(options: ClusterOptions | null): ColyseusScaleOut {
  if (!options) return {};
  const link = new RedisLink(options.redisUrl);
  return {
    presence: new GuardedPresence(link),
    driver: new GuardedRedisDriver(link),
    publicAddress: options.publicAddress,
    selectProcessIdToCreateRoom: async () => matchMaker.processId,
  };
}

/** The part of LeaseKeeper's options that concerns this process's rooms (start-server supplies it). */
export type LocalRooms = Pick<LeaseKeeperOptions, 'heldBefore' | 'holds' | 'lost' | 'restore'>;

/**
 * One process's part of the deployment, once Colyseus's Server is made (its process id exists).
 * Alone (no REDIS_URL): its own codes. In a cluster: codes unique across processes (Redis),
 * heartbeats and a sweep of what dead processes left, and, when the store is shared (Postgres),
 * owner leases: every room renewed by its process and taken over by another within seconds of
 * that process's death. A Redis outage is survived: rooms here go on, and once Redis answers again
 * this process publishes its heartbeat, codes, listings and subscriptions again (RedisLink).
 */
export class Cluster {
  readonly codes: CodeDirectory;
  readonly processId: string;
  private readonly link: RedisLink | null;
  /** The cluster's own Redis client (codes, heartbeat, sweep): /health pings through it. */
  private readonly redis: Redis | null;
  private readonly janitor: ProcessJanitor | null;
  private readonly keeper: LeaseKeeper | null;
  private readonly leaseTimes: LeaseTimes;

  constructor(
    readonly options: ClusterOptions | null,
    /** Where rooms are kept (null: nowhere); shared by the cluster's processes when it is Postgres. */
    readonly store: GameStore | null,
    rooms: LocalRooms,
  ) {
    this.processId = matchMaker.processId;
    this.leaseTimes = options?.leaseTimes ?? DEFAULT_LEASE_TIMES;
    if (!options) {
      this.link = this.redis = this.janitor = this.keeper = null;
      this.codes = new LocalCodeDirectory(liveRooms, store);
      return;
    }
    const { presence, driver } = matchMaker;
    if (!(driver instanceof GuardedRedisDriver) || !(presence instanceof GuardedPresence)) throw new Error('a cluster runs Colyseus with colyseusScaleOut()');
    this.link = driver.link;
    const redis = this.link.client();
    this.redis = redis;
    const codes = new RedisCodeDirectory(redis, this.processId, this.link, liveRooms, store);
    this.codes = codes;
    const shared = this.sharesStore ? store : null;
    const janitor = new ProcessJanitor(redis, this.processId, shared, this.link, options.janitorTimes ?? DEFAULT_JANITOR_TIMES);
    this.janitor = janitor;
    this.keeper = shared ? new LeaseKeeper({ ...rooms, store: shared, processId: this.processId, times: this.leaseTimes }) : null;
    // Alive first: another process's janitor never sweeps what this one writes back after it.
    this.link.republishWith(async () => {
      await janitor.beat();
      await codes.republish();
      await driver.republish();
      await presence.republish();
    });
  }

  /** Whether other processes write the same store (a cluster on Postgres): rooms move between processes. */
  get sharesStore(): boolean {
    return this.options !== null && this.store?.kind === 'postgres';
  }

  /** The lease a room made or claimed here gets now. */
  newLease(): Lease {
    return { owner: this.processId, fence: newFence(), expiresAt: Date.now() + this.leaseTimes.ttlMs };
  }

  /** Redis, heartbeat and sweep (cluster); with a shared store, one scan for rooms to take over (before listening). */
  async start(): Promise<void> {
    await this.link?.ready(REDIS_START_TIMEOUT_MS);
    await this.janitor?.start();
    await this.keeper?.scan();
  }

  /** Once listening: renew this process's leases, take over others' expired ones. */
  keepLeases(): void {
    this.keeper?.start();
  }

  /**
   * Whether Redis answers (for /health); null alone. False from the first failed call (the
   * heartbeat's every 2 s among them) until every client of this process is connected again and
   * has published all this process keeps there; otherwise a ping says, so a Redis frozen or cut off
   * since the last call is seen at once. /health waits at most its check's time for the ping.
   */
  async redisAnswers(): Promise<boolean | null> {
    if (!this.link || !this.redis) return null;
    if (!this.link.answers) return false;
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** The first step of a graceful stop: no more renewing or taking over. */
  async stopLeases(): Promise<void> {
    await this.keeper?.stop();
  }

  /** With a shared store, after this process's rooms have stopped: another process may take them over at once. */
  async releaseLeases(): Promise<void> {
    if (this.sharesStore) await this.store!.releaseLeases(this.processId);
  }

  /** The last step of a stop: heartbeat gone, every Redis client closed (Colyseus's presence and driver have been told to already). */
  async shutdown(): Promise<void> {
    await this.janitor?.stop();
    await this.link?.closeAll();
  }
}
