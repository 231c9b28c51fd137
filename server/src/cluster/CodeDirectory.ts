import { RoomError } from '@samurai/shared';
import { liveRooms, randomRoomCode, RoomRegistry } from '../live-rooms';
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
  /**
   * Whether a live room has this code: loaded here or elsewhere, or live in the store (being
   * brought back by another process this moment, say: the join is then refused in passing until
   * it is listed, never told "no such room").
   */
  exists(code: string): Promise<boolean>;
}

/** What the directories ask the store: what, if anything, has a code (an unloaded table's, say). */
export type StoredCodes = Pick<GameStore, 'codeStatus'>;

/** Whether the store has this code for a room; a store that does not answer refuses the new room in passing. */
export async function takenInStore(stored: StoredCodes | null, code: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return (await stored.codeStatus(code)) !== null;
  } catch {
    throw refuseJoin(RoomError.StorageWaiting);
  }
}

/** Whether the store has a live room under this code, loaded or not; a store that does not answer says "maybe" (true). */
export async function liveInStore(stored: StoredCodes | null, code: string): Promise<boolean> {
  if (!stored) return false;
  try {
    const status = await stored.codeStatus(code);
    return status === 'loaded' || status === 'unloaded';
  } catch {
    return true;
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
    return this.rooms.has(code) || liveInStore(this.stored, code);
  }
}
