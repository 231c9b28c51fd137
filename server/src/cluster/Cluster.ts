import { matchMaker, Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import Redis from 'ioredis';
import type { GameStore, Lease } from '../store/game-store';
import { CodeDirectory, LocalCodeDirectory } from './CodeDirectory';
import { GuardedRedisDriver } from './GuardedRedisDriver';
import { DEFAULT_LEASE_TIMES, LeaseKeeper, LeaseKeeperOptions, LeaseTimes, newFence } from './LeaseKeeper';
import { DEFAULT_JANITOR_TIMES, JanitorTimes, ProcessJanitor } from './ProcessJanitor';
import { RedisCodeDirectory } from './RedisCodeDirectory';

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
  readonly presence?: Presence;
  readonly driver?: GuardedRedisDriver;
  readonly publicAddress?: string;
  /**
   * Rooms are made in the process the browser reached (the proxy spreads browsers): never over
   * IPC, so colyseus#978 (a timed-out remote create falls back to a second, duplicate room) cannot happen.
   */
  readonly selectProcessIdToCreateRoom?: () => Promise<string>;
}

export function colyseusScaleOut(options: ClusterOptions | null): ColyseusScaleOut {
  if (!options) return {};
  return {
    presence: new RedisPresence(options.redisUrl),
    driver: new GuardedRedisDriver(options.redisUrl),
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
 * that process's death.
 */
export class Cluster {
  readonly codes: CodeDirectory;
  readonly processId: string;
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
      this.redis = this.janitor = this.keeper = null;
      this.codes = new LocalCodeDirectory();
      return;
    }
    this.redis = new Redis(options.redisUrl);
    this.codes = new RedisCodeDirectory(this.redis, this.processId);
    const shared = this.sharesStore ? store : null;
    this.janitor = new ProcessJanitor(this.redis, this.processId, shared, options.janitorTimes ?? DEFAULT_JANITOR_TIMES);
    this.keeper = shared ? new LeaseKeeper({ ...rooms, store: shared, processId: this.processId, times: this.leaseTimes }) : null;
  }

  /** Whether other processes write the same store (a cluster on Postgres): rooms move between processes. */
  get sharesStore(): boolean {
    return this.options !== null && this.store?.kind === 'postgres';
  }

  /** The lease a room made or claimed here gets now. */
  newLease(): Lease {
    return { owner: this.processId, fence: newFence(), expiresAt: Date.now() + this.leaseTimes.ttlMs };
  }

  /** Heartbeat and sweep (cluster); with a shared store, one scan for rooms to take over (before listening). */
  async start(): Promise<void> {
    await this.janitor?.start();
    await this.keeper?.scan();
  }

  /** Once listening: renew this process's leases, take over others' expired ones. */
  keepLeases(): void {
    this.keeper?.start();
  }

  /** Whether Redis answers (for /health); null alone. */
  async redisAnswers(): Promise<boolean | null> {
    if (!this.redis) return null;
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

  /** The last step of a stop: heartbeat gone, Redis closed (Colyseus closes its presence and driver itself). */
  async shutdown(): Promise<void> {
    await this.janitor?.stop();
    await this.redis?.quit().catch(() => undefined);
  }
}
