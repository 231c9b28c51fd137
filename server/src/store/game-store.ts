/**
 * Where rooms are kept so that no game is lost to a restart or a crash: an append-only log of
 * events per room (the table writes them; the store never reads their data), the records of
 * finished games, and which rooms are live. SQLite (embedded, the default) and Postgres
 * (DATABASE_URL) implement it alike; the same contract tests run against both.
 *
 * A synchronous store (SQLite) has written an append durably when `append` returns; an
 * asynchronous one (Postgres) when its promise resolves. Either way, nothing an event describes
 * is shown to any client before that.
 */

/** One entry of a room's log: its kind ('table', 'start', 'move', …) and its data, JSON text. */
export interface RoomEvent {
  /** The room's own sequence number: 1, 2, 3, … with no gaps; (code, seq) is unique. */
  readonly seq: number;
  readonly kind: string;
  readonly data: string;
}

/** A live room as stored: enough to rebuild it. */
export interface StoredRoom {
  readonly code: string;
  readonly gameType: string;
  /** Its events in seq order (from the first kept: see dropBefore). */
  readonly events: readonly RoomEvent[];
}

/** A finished game, for the room's history (`GET /api/rooms/:code/games`) and record download. */
export interface StoredGame {
  readonly code: string;
  readonly gameType: string;
  readonly gameNumber: number;
  /** Milliseconds since the epoch. */
  readonly finishedAt: number;
  /** A short JSON summary for the history (e.g. winners' names). */
  readonly summary: string;
}

export interface GameStore {
  /** 'sqlite' or 'postgres', for logs and /health. */
  readonly kind: string;
  /**
   * Appends events to a room's log in one transaction, creating the room (live) on its first
   * events (those starting at seq 1, which also reopen a closed room whose code came round again).
   * Refuses (throws / rejects), keeping nothing of the append: a seq already used (two writers for
   * one room is a bug), a seq that is not a positive integer, later events for a room that is not
   * live (never created, closed or quarantined).
   */
  append(code: string, gameType: string, events: readonly RoomEvent[]): void | Promise<void>;
  /** Forgets a room's events before `seq` (an earlier game's, once a snapshot has replaced them). */
  dropBefore(code: string, seq: number): void | Promise<void>;
  /** Keeps a finished game's record (JSON text) and summary; a room's game numbers are unique. */
  saveGame(game: StoredGame, record: string): void | Promise<void>;
  /** The room has closed for good: its events go; its games' records stay until they expire. */
  closeRoom(code: string): void | Promise<void>;
  /** A room whose log cannot be replayed: kept for a person to look at, never restored again. */
  quarantine(code: string, reason: string): Promise<void>;
  /** Every live room, to restore at start. */
  liveRooms(): Promise<StoredRoom[]>;
  /** A finished game's record: the given game, or the room's latest; null when none (or expired). */
  record(code: string, gameNumber?: number): Promise<{ game: StoredGame; record: string } | null>;
  /** The room's finished games, oldest first. */
  games(code: string): Promise<StoredGame[]>;
  /** Deletes records finished before `before` (ms since the epoch); returns how many. */
  pruneGames(before: number): Promise<number>;
  /** Answers (for /health). */
  ping(): Promise<boolean>;
  /** Finishes pending writes and closes the connection or file. */
  shutdown(): Promise<void>;
}
