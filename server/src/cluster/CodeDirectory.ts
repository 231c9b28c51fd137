import { liveRooms, randomRoomCode, RoomRegistry } from '../room-codes';

/**
 * Which room codes are in use, by every process that serves rooms. One process alone knows its
 * own rooms (LocalCodeDirectory); several share one directory in Redis (RedisCodeDirectory), so
 * that a code is never given to two rooms and a join by code through any process finds it.
 */
export interface CodeDirectory {
  /** A fresh code no live room anywhere has; it is this process's from now on. */
  allocate(): Promise<string>;
  /** A room restored here (after a restart, or taken over from a process that died) keeps its code. */
  claim(code: string): Promise<void>;
  /** A room closed for good: its code is free again, unless another process has taken the room over. */
  release(code: string): Promise<void>;
  /** Whether a live room (here or elsewhere) has this code. */
  exists(code: string): Promise<boolean>;
}

/** The codes of this process's rooms: all there is when one process serves every room. */
export class LocalCodeDirectory implements CodeDirectory {
  constructor(private readonly rooms: RoomRegistry = liveRooms) {}

  async allocate(): Promise<string> {
    for (;;) {
      const code = randomRoomCode();
      if (!this.rooms.has(code)) return code;
    }
  }

  async claim(): Promise<void> {}

  async release(): Promise<void> {}

  async exists(code: string): Promise<boolean> {
    return this.rooms.has(code);
  }
}
