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

import type { PushStore } from './push-store';

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

/**
 * Who runs a live room, and the token every write of it must carry. When several processes share
 * a store, a room's owner renews its lease; once a lease has expired another process may claim the
 * room with a new fence, and from then on the old owner's writes (it may only have been paused)
 * are refused with FencedError, so there are never two live copies of one room.
 */
export interface Lease {
  /** The process that runs the room. */
  readonly owner: string;
  /** New with each claim: a write carrying another one is refused. */
  readonly fence: string;
  /** Milliseconds since the epoch until which the owner holds the room unless it renews. */
  readonly expiresAt: number;
}

/**
 * A write the store refused for what it is, not for want of storage: the room is not live, a seq is
 * taken by other events, a seq is not a positive integer, the store is shut down. Trying it again
 * cannot help. Any other error of a write (the database unreachable, a full disk, a timeout) may
 * pass: the room waits for its storage and tries again (RoomJournal).
 */
export class RefusedWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedWriteError';
  }
}

/** A write refused because another process has claimed the room since (its fence changed). */
export class FencedError extends RefusedWriteError {
  constructor(readonly code: string) {
    super(`room ${code} has been claimed by another process: this copy may write no more`);
    this.name = 'FencedError';
  }
}

/** A finished game and its record (JSON text), as kept for the room's history. */
export interface FinishedGame {
  readonly game: StoredGame;
  readonly record: string;
}

/** What an append may carry besides its events: kept with them in their one transaction, or refused with them. */
export interface AppendExtras {
  /** The room's events before this seq go (a snapshot or a new game's deal among these events replaces them); 0: none. */
  readonly dropBefore?: number;
  /** The game these events finish: its record is kept with its last move, so no client sees an end whose record is missing. */
  readonly finished?: FinishedGame;
}

/**
 * A table out of every process's memory (nobody came for a while): live in the store, held by no
 * process, brought back on demand (GameStore.claimUnloaded) or when it next needs to wake.
 */
export interface Unloaded {
  /** When it was unloaded (ms since the epoch): its clocks, written down then, have run since. */
  readonly at: number;
  /** When something is next due by itself (a clock running out, a stand-in's turn); null: nothing. */
  readonly wakeAt: number | null;
  /** When its game last moved: retention counts from then. */
  readonly lastMoveAt: number;
  /**
   * What a player's list of their games shows of it, with its seats' token hashes (JSON text:
   * server/src/table/table-summary.ts); kept as it was when absent (a table put back unloaded).
   */
  readonly summary?: string;
}

/** What the store holds under a room code (see GameStore.codeStatus). */
export type CodeStatus = 'loaded' | 'unloaded' | 'quarantined';

/** How `appendThen` answers: no error once the append is durable, or why it was refused. */
export type AppendDone = (error?: unknown) => void;

export interface GameStore {
  /** 'sqlite' or 'postgres', for logs and /health. */
  readonly kind: string;
  /** Web Push's keys, subscriptions and notified turns (server/src/push). */
  readonly push: PushStore;
  /**
   * Writes take effect in the order they are called, even while earlier ones are still in
   * flight: a room may make its next append without waiting for the last (SQLite). Unset: a
   * room waits for each write before the next (Postgres: a pool's connections race).
   */
  readonly writesInOrder?: boolean;
  /**
   * Appends events to a room's log in one transaction, creating the room (live) on its first
   * events (those starting at seq 1, which also reopen a closed room whose code came round again).
   * Refuses (throws / rejects), keeping nothing of the append: a seq already used (two writers for
   * one room is a bug), a seq that is not a positive integer, later events for a room that is not
   * live (never created, closed or quarantined).
   * With a lease: the first events give the room that lease; later ones are refused with
   * FencedError unless the room's fence is still the lease's. Without one, no fence is checked
   * (a store only one process ever writes, and tests).
   * An append whose events are all in the log already, the same (a retry of an append that was
   * written but whose answer was lost: a dropped connection, a timeout), succeeds and writes
   * nothing more. Its extras go in the same transaction as its events.
   * Refusals for what the append is are RefusedWriteError (FencedError included); any other
   * error means the storage failed, and the same append may be tried again.
   */
  append(code: string, gameType: string, events: readonly RoomEvent[], lease?: Lease, extras?: AppendExtras): void | Promise<void>;
  /**
   * `append`, answered by calling `done` instead of with a promise: with no argument once the
   * events are durable, or with the error that refused them; calls come in the order of the
   * appends. A store that has it saves a room the promises of every move (SQLite's group commit).
   */
  appendThen?(code: string, gameType: string, events: readonly RoomEvent[], lease: Lease | undefined, done: AppendDone, extras?: AppendExtras): void;
  /** Forgets a room's events before `seq` (an earlier game's, once a snapshot has replaced them); fenced like append. */
  dropBefore(code: string, seq: number, fence?: string): void | Promise<void>;
  /** Keeps a finished game's record (JSON text) and summary; a room's game numbers are unique. */
  saveGame(game: StoredGame, record: string): void | Promise<void>;
  /**
   * The room has closed for good: its events go; its games' records stay until they expire. With
   * a fence, only if the room's fence is still that one (an old owner must not close a claimed room).
   */
  closeRoom(code: string, fence?: string): void | Promise<void>;
  /** A room whose log cannot be replayed: kept for a person to look at, never restored again. */
  quarantine(code: string, reason: string): Promise<void>;
  /** Every live room some process had loaded (the unloaded wait to be asked for), to restore at start. */
  liveRooms(): Promise<StoredRoom[]>;
  /** One live room, loaded or not, to restore after claiming it; null when it is not live. */
  liveRoom(code: string): Promise<StoredRoom | null>;
  /**
   * Gives a live, loaded room a new lease: at once, or with `ifExpiredBefore` only if its lease
   * expired before that time (two processes claiming one room: exactly one wins). Answers whether
   * it did. An unloaded room is claimed with claimUnloaded only.
   */
  claimRoom(code: string, lease: Lease, ifExpiredBefore?: number): Promise<boolean>;
  /** Gives each of these live, loaded rooms its new lease at once, in one write (a start restoring every room). */
  claimRooms(claims: readonly { readonly code: string; readonly lease: Lease }[]): Promise<void>;
  /**
   * The live room leaves its process's memory (its events all written): held by nobody (no owner,
   * no fence, so a copy left anywhere can write nothing more), skipped by liveRooms and
   * expiredRooms. With a fence, only if the room still has it. Answers whether it did.
   */
  unloadRoom(code: string, unloaded: Unloaded, fence?: string): Promise<boolean>;
  /**
   * Claims an unloaded room with this lease, loaded again from now on: of several claimers
   * exactly one wins. Answers how it was unloaded, or null (not unloaded, closed, or unknown).
   */
  claimUnloaded(code: string, lease: Lease): Promise<Unloaded | null>;
  /** An unloaded room's summary (Unloaded.summary), read without claiming it; null when it is not unloaded or has none. */
  unloadedSummary(code: string): Promise<string | null>;
  /** How many live rooms are unloaded (in no process's memory): what /metrics shows. */
  countUnloaded(): Promise<number>;
  /** Unloaded rooms due to wake by `now` (their wakeAt passed), the most overdue first, at most `limit`. */
  dueRooms(now: number, limit: number): Promise<string[]>;
  /**
   * Closes every unloaded room whose game last moved before `before` (retention): its events go,
   * its games' records stay until they expire. Answers their codes.
   */
  closeStaleRooms(before: number): Promise<string[]>;
  /**
   * What has this code: a live room some process has loaded, an unloaded one, a quarantined one,
   * or nothing (null: never used, or closed, so free for a new room).
   */
  codeStatus(code: string): Promise<CodeStatus | null>;
  /**
   * Extends the leases `owner` holds on these rooms to `expiresAt`; answers the codes renewed (a
   * room missing was claimed by another process, or closed). Only rooms the owner names are renewed,
   * so a room it claimed but failed to bring back runs out and is taken up again.
   */
  renewLeases(owner: string, codes: readonly string[], expiresAt: number): Promise<string[]>;
  /** `owner` lets its live rooms go at once (a graceful stop: another process may claim them now). */
  releaseLeases(owner: string): Promise<void>;
  /** Live, loaded rooms whose lease expired before `now` (their owner is gone or stalled). */
  expiredRooms(now: number): Promise<string[]>;
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
