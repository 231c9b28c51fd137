import type Redis from 'ioredis';
import { randomRoomCode } from '../room-codes';
import type { CodeDirectory } from './CodeDirectory';

/** The hash of codes in use: code → the process whose room has it. */
export const CODES_KEY = 'samurai:codes';

/** Deletes a code only while it is still the given process's (a room taken over is not freed by its old process). */
const RELEASE_IF_OWNED = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;

/**
 * Room codes shared by every process through Redis: HSETNX makes allocation atomic, so two
 * processes creating rooms at the same moment never get the same code.
 */
export class RedisCodeDirectory implements CodeDirectory {
  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
  ) {}

  async allocate(): Promise<string> {
    for (;;) {
      const code = randomRoomCode();
      if ((await this.redis.hsetnx(CODES_KEY, code, this.processId)) === 1) return code;
    }
  }

  async claim(code: string): Promise<void> {
    await this.redis.hset(CODES_KEY, code, this.processId);
  }

  async release(code: string): Promise<void> {
    await this.redis.eval(RELEASE_IF_OWNED, 1, CODES_KEY, code, this.processId);
  }

  async exists(code: string): Promise<boolean> {
    return (await this.redis.hexists(CODES_KEY, code)) === 1;
  }
}
