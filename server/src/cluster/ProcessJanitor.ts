import type Redis from 'ioredis';
import type { GameStore } from '../store/game-store';
import { log } from '../log';
import { LISTINGS_KEY } from './GuardedRedisDriver';
import { CODES_KEY } from './RedisCodeDirectory';
import type { RedisLink } from './RedisLink';

const heartbeatKey = (processId: string) => `samurai:process:${processId}`;

/**
 * Deletes a hash field only while its value still names the dead process (another may have
 * rewritten it since) and that process still has no heartbeat (one back from a Redis outage beats,
 * then writes its listings again: never swept between the two).
 */
const DELETE_IF_STILL = `local v = redis.call('HGET', KEYS[1], ARGV[1]) if v and string.find(v, ARGV[2], 1, true) and redis.call('EXISTS', KEYS[2]) == 0 then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;

export interface JanitorTimes {
  readonly heartbeatMs: number;
  /** A process whose heartbeat is older than this is dead. */
  readonly deadAfterMs: number;
  readonly sweepEveryMs: number;
}

export const DEFAULT_JANITOR_TIMES: JanitorTimes = { heartbeatMs: 2000, deadAfterMs: 10_000, sweepEveryMs: 5000 };

/**
 * Every process says it is alive (a Redis key that expires), and sweeps away what dead processes
 * left behind: their rooms' listings (Colyseus's stale room caches after an unclean stop,
 * colyseus#850: a join by code would be sent to a process that is gone) and, when the store is
 * shared, the codes of their rooms that are not live any more. A live room of a dead process is
 * left alone: another process takes it over (LeaseKeeper) and rewrites its listing and code.
 * Nothing is swept until Redis is trusted (RedisLink): just back from an outage, every process's
 * heartbeat may be missing until it beats again.
 */
export class ProcessJanitor {
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
    /** The shared store, to tell a dead process's live rooms from its closed ones; null when each process has its own. */
    private readonly sharedStore: GameStore | null,
    private readonly link: RedisLink,
    private readonly times: JanitorTimes = DEFAULT_JANITOR_TIMES,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.heartbeatTimer = setInterval(() => void this.beat().catch((e: unknown) => this.link.failed('the heartbeat', e)), this.times.heartbeatMs);
    this.sweepTimer = setInterval(() => {
      if (this.link.trusted) void this.sweep().catch((e: unknown) => this.link.failed('sweeping', e));
    }, this.times.sweepEveryMs);
  }

  async stop(): Promise<void> {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.heartbeatTimer = this.sweepTimer = null;
    await this.redis.del(heartbeatKey(this.processId)).catch(() => undefined);
  }

  /** Says this process is alive (republishing: before its listings). */
  async beat(): Promise<void> {
    await this.redis.set(heartbeatKey(this.processId), String(Date.now()), 'PX', this.times.deadAfterMs);
  }

  /** Removes what dead processes left; answers how many listings and codes went. */
  async sweep(): Promise<{ listings: number; codes: number }> {
    const alive = new Map<string, boolean>();
    const isAlive = async (processId: string) => {
      if (!alive.has(processId)) alive.set(processId, processId === this.processId || (await this.redis.exists(heartbeatKey(processId))) === 1);
      return alive.get(processId)!;
    };
    let listings = 0;
    for (const [roomId, json] of Object.entries(await this.redis.hgetall(LISTINGS_KEY))) {
      const processId = (JSON.parse(json) as { processId?: string }).processId;
      if (!processId || (await isAlive(processId))) continue;
      listings += Number(await this.redis.eval(DELETE_IF_STILL, 2, LISTINGS_KEY, heartbeatKey(processId), roomId, `"processId":"${processId}"`));
    }
    let codes = 0;
    if (this.sharedStore) {
      for (const [code, processId] of Object.entries(await this.redis.hgetall(CODES_KEY))) {
        if ((await isAlive(processId)) || (await this.sharedStore.liveRoom(code))) continue;
        codes += Number(await this.redis.eval(DELETE_IF_STILL, 2, CODES_KEY, heartbeatKey(processId), code, processId));
      }
    }
    if (listings + codes > 0) log.info(`swept what dead processes left: ${listings} room listings, ${codes} codes`);
    return { listings, codes };
  }
}
