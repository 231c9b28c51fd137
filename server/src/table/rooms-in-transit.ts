import type { ReplayedRoom } from './replay-room';

/** Tables on their way into this process's memory (restored) or out of it (unloaded). */

/**
 * Rooms being restored at start, by code, already replayed (replayRoom): a room created with
 * `{ restore: code }` takes over from here. Only the server puts entries here (before it listens),
 * never a client's options.
 */
export const pendingRestores = new Map<string, ReplayedRoom>();

/**
 * Tables being unloaded in this process, by code, until their room is gone: a table asked for
 * meanwhile is brought back once it is (TableWaker).
 */
export const unloadingRooms = new Map<string, Promise<void>>();
