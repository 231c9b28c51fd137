import type Redis from 'ioredis';
import { RoomError } from '@samurai/shared';
import { liveRooms, randomRoomCode, RoomRegistry } from '../live-rooms';
import { refuseJoin } from '../table/room-config';
import { CodeDirectory, liveInStore, StoredCodes, takenInStore } from './CodeDirectory';
import { CLUSTER_UNREACHABLE } from './GuardedRedisDriver';
import type { RedisLink } from './RedisLink';

/** The hash of codes in use: code → the process whose room has it. */
export const CODES_KEY = 'samurai:codes';

/** Deletes a code only while it is still the given process's (a room taken over is not freed by its old process). */
const RELEASE_IF_OWNED = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;
/** Writes a code back as this process's unless another process has it now (it took the room over meanwhile). */
const CLAIM_UNLESS_OTHERS = `local v = redis.call('HGET', KEYS[1], ARGV[1]) if (not v) or v == ARGV[2] then return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end return -1`;

/**
 * Room codes shared by every process through Redis: HSETNX makes allocation atomic, so two
 * processes creating rooms at the same moment never get the same code. An unloaded table's code
 * is in the store only: a code won here is given up again if the store has it.
 *
 * While Redis does not answer, no code can be allocated (a new room is refused in passing), and a
 * code of a room here still exists; claims and releases are made once it answers again, with the
 * code of every room here (a restarted Redis has none).
 */
export class RedisCodeDirectory implements CodeDirectory {
  /** Codes freed, or possibly written, while Redis did not answer: released once it does. */
  private readonly releaseLater = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
    private readonly link: RedisLink,
    /** The rooms live in this process. */
    private readonly rooms: RoomRegistry = liveRooms,
    /** The store, for the codes of unloaded tables (null: none is kept). */
    private readonly stored: StoredCodes | null = null,
    private readonly draw: () => string = randomRoomCode,
  ) {}

  async allocate(): Promise<string> {
    for (;;) {
      const code = this.draw();
      let won: number;
      try {
        won = await this.redis.hsetnx(CODES_KEY, code, this.processId);
      } catch (error) {
        // (A call that timed out may still have been written: the code is freed again later.)
        this.releaseLater.add(code);
        this.link.failed('allocating a room code', error);
        throw refuseJoin(RoomError.Restarting, CLUSTER_UNREACHABLE);
      }
      if (won !== 1) continue;
      let taken: boolean;
      try {
        taken = await takenInStore(this.stored, code);
      } catch (error) {
        await this.release(code);
        throw error;
      }
      if (!taken) return code;
      // An unloaded table has it (a table brought back meanwhile has claimed it: this frees nothing of its).
      await this.release(code);
    }
  }

  async claim(code: string): Promise<void> {
    this.releaseLater.delete(code);
    await this.redis.hset(CODES_KEY, code, this.processId).catch((error: unknown) => this.link.failed(`claiming code ${code}`, error));
  }

  async release(code: string): Promise<void> {
    await this.redis.eval(RELEASE_IF_OWNED, 1, CODES_KEY, code, this.processId).catch((error: unknown) => {
      this.releaseLater.add(code);
      this.link.failed(`releasing code ${code}`, error);
    });
  }

  /**
   * Whether a live room may have this code. A room here has it; otherwise Redis says, and when it
   * does not answer, or has just come back and may not have every process's codes again yet, the
   * answer is "maybe" (true): the join goes on to look for the room, and is refused in passing if
   * it cannot be reached (GuardedRedisDriver.findOne), never told "no such room". A code Redis does
   * not know may be a table another process is bringing back from the store this moment: the
   * store says whether it is live.
   */
  async exists(code: string): Promise<boolean> {
    if (this.rooms.has(code)) return true;
    try {
      if ((await this.redis.hexists(CODES_KEY, code)) === 1 || !this.link.trusted) return true;
    } catch (error) {
      this.link.failed('looking a room code up', error);
      return true;
    }
    return liveInStore(this.stored, code);
  }

  /** Releases what could not be released, and writes back the code of every room here. */
  async republish(): Promise<void> {
    for (const code of [...this.releaseLater]) {
      await this.redis.eval(RELEASE_IF_OWNED, 1, CODES_KEY, code, this.processId);
      this.releaseLater.delete(code);
    }
    for (const code of [...this.rooms.codes()]) await this.redis.eval(CLAIM_UNLESS_OTHERS, 1, CODES_KEY, code, this.processId);
  }
}
