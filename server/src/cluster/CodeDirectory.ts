import { RoomError } from '@samurai/shared';
import { liveRooms, randomRoomCode, RoomRegistry } from '../room-codes';
import type { GameStore } from '../store/game-store';
import { refuseJoin } from '../table/room-config';

/**
 * Which room codes are in use, by every process that serves rooms. One process alone knows its
 * own rooms (LocalCodeDirectory); several share one directory in Redis (RedisCodeDirectory), so
 * that a code is never given to two rooms and a join by code through any process finds it.
 * A table no process has loaded (unloaded: nobody came for a while) is in no directory, only in
 * the store: a fresh code is checked there too before it is handed out.
 */
export interface CodeDirectory {
  /** A fresh code no live room anywhere has, loaded or not; it is this process's from now on. */
  allocate(): Promise<string>;
  /** A room restored here (after a restart, taken over, or brought back from the store) keeps its code. */
  claim(code: string): Promise<void>;
  /** A room closed for good, or unloaded, here: its code leaves the directory, unless another process has taken the room over. */
  release(code: string): Promise<void>;
  /** Whether a room loaded here or elsewhere has this code. */
  exists(code: string): Promise<boolean>;
}

/** What the directories ask the store: whether a room not closed (an unloaded table's, say) has a code. */
export type StoredCodes = Pick<GameStore, 'codeTaken'>;

/** Whether the store has this code for a room; a store that does not answer refuses the new room in passing. */
export async function takenInStore(stored: StoredCodes | null, code: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await stored.codeTaken(code);
  } catch {
    throw refuseJoin(RoomError.StorageWaiting);
  }
}

/** The codes of this process's rooms: all there is when one process serves every room. */
export class LocalCodeDirectory implements CodeDirectory {
  constructor(
    private readonly rooms: RoomRegistry = liveRooms,
    /** The store, for the codes of unloaded tables (null: none is kept). */
    private readonly stored: StoredCodes | null = null,
    private readonly draw: () => string = randomRoomCode,
  ) {}

  async allocate(): Promise<string> {
    for (;;) {
      const code = this.draw();
      if (!this.rooms.has(code) && !(await takenInStore(this.stored, code))) return code;
    }
  }

  async claim(): Promise<void> {}

  async release(): Promise<void> {}

  async exists(code: string): Promise<boolean> {
    return this.rooms.has(code);
  }
}
