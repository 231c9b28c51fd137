import Database from 'better-sqlite3';
import { log } from '../log';
import {
  AppendDone,
  AppendExtras,
  CodeStatus,
  FencedError,
  FinishedGame,
  GameStore,
  Lease,
  RefusedWriteError,
  RoomEvent,
  StoredGame,
  StoredRoom,
  Unloaded,
} from './game-store';
import { LATEST_VERSION, pendingMigrations, SCHEMA_VERSION_TABLE } from './migrations';
import { packRecord, unpackRecord } from './record-bytes';
import type { PushStore } from './push-store';
import { SqlitePushStore } from './SqlitePushStore';
import { Compaction, SqliteEventLog } from './SqliteEventLog';
import { DEFAULT_CHECKPOINT_PAGES, WalCheckpointer } from './WalCheckpointer';

export interface SqliteStoreOptions {
  /**
   * 'NORMAL' (the default): in WAL mode a committed transaction is in the operating system's
   * hands when `append` returns, so it survives the process being killed (kill -9, a crash, the
   * OOM killer); a power loss or a kernel crash may lose the last commits (never corrupting the
   * file). 'FULL' also survives those: one fsync of the WAL per commit, which costs far more
   * than the rest of an append on most disks.
   */
  readonly synchronous?: 'NORMAL' | 'FULL';
  /** The store's clock (tests): rooms' created/updated times, closed rooms' age when pruning. */
  readonly now?: () => number;
  /** Checkpoint the WAL on a thread of its own (the default for a file; see WalCheckpointer). */
  readonly checkpointThread?: boolean;
  /**
   * Group commit (what the server uses: openStore): `append` queues its events and answers a
   * promise; the appends queued during one turn of the event loop are written in one transaction
   * when the turn's I/O is done (setImmediate), each in a savepoint of its own, and their promises
   * settle once it has committed. A room shows nothing before that, as with Postgres. Without it
   * (the default), each append is its own transaction, durable when `append` returns.
   */
  readonly groupCommit?: boolean;
  /** When the event log is compacted (tests: all the time); SqliteEventLog's default otherwise. */
  readonly compaction?: Compaction;
}

/** An append waiting for its turn's transaction. */
interface QueuedAppend {
  readonly code: string;
  readonly gameType: string;
  readonly events: readonly RoomEvent[];
  readonly lease: Lease | undefined;
  /** Events before this seq go once these are in (its extras, or dropBefore right after the append, in its turn); 0 for none. */
  dropBefore: number;
  /** The game these events finish (its extras). */
  readonly finished: FinishedGame | undefined;
  /** Called once the turn's transaction is written: with no error, or with why this append was refused. */
  readonly done: AppendDone;
}

/** After a compaction of the event log failed, the next waits this long. */
const COMPACTION_PAUSE_MS = 5_000;

/** Applies the migrations a database lacks, in one write transaction. Exported for the migration tests. */
export function migrateSqlite(db: Database.Database, target = LATEST_VERSION, now = Date.now()): void {
  db.transaction(() => {
    db.exec(SCHEMA_VERSION_TABLE.sqlite);
    const { version } = db.prepare('SELECT coalesce(max(version), 0) AS version FROM schema_version').get() as { version: number };
    const record = db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)');
    for (const migration of pendingMigrations(version, target)) {
      db.exec(migration.sqlite);
      record.run(migration.version, now);
    }
  }).immediate();
}

/** The schema version a database is at (0 when it has none). */
export function sqliteSchemaVersion(db: Database.Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get();
  if (!table) return 0;
  return (db.prepare('SELECT coalesce(max(version), 0) AS version FROM schema_version').get() as { version: number }).version;
}

interface GameRow {
  code: string;
  game_type: string;
  game_number: number;
  finished_at: number;
  summary: string;
}

const toGame = (row: GameRow): StoredGame => ({
  code: row.code,
  gameType: row.game_type,
  gameNumber: row.game_number,
  finishedAt: row.finished_at,
  summary: row.summary,
});

/** Checked before writing: the database's own checks would let 1.5 or '3' through as a seq. */
function checkEvents(events: readonly RoomEvent[]): void {
  for (const event of events) {
    if (!Number.isSafeInteger(event.seq) || event.seq < 1) throw new RefusedWriteError(`an event's seq must be a positive integer, not ${event.seq}`);
  }
}

/** A key already taken (a seq, a game number) is a refusal; any other error is the storage's (a full disk, an I/O error). */
function refusedIfTaken(error: unknown, what: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') ? new RefusedWriteError(`${what}: ${(error as Error).message}`) : error;
}

/**
 * The embedded store: one SQLite file (WAL mode) written synchronously, so an append is durable
 * when it returns and the room shows nothing before that. One connection, statements prepared once.
 */
export class SqliteStore implements GameStore {
  readonly kind = 'sqlite';
  /** One connection, one queue: whatever is called first is written first. */
  readonly writesInOrder = true;
  readonly push: PushStore;
  private readonly db: Database.Database;
  private readonly groupCommit: boolean;
  /** Appends for this turn's transaction (group commit). */
  private queued: QueuedAppend[] = [];
  private commitScheduled = false;
  /** The batch in one transaction, or nothing of it (it throws at the first refusal). */
  private readonly commitAllQueued: (batch: readonly QueuedAppend[]) => void;
  /** The batch in one transaction, each append in a savepoint: its outcome per append. */
  private readonly commitEachQueued: (batch: readonly QueuedAppend[]) => unknown[];
  private readonly now: () => number;
  private readonly checkpointer: WalCheckpointer | null = null;
  private closed = false;
  /** Rooms known live, with their fence, as of data_version knownVersion (group commit's turns). */
  private readonly knownLive = new Map<string, string | undefined>();
  private knownVersion = -1;
  private readonly dataVersion: Database.Statement;
  /** The rooms' events (see SqliteEventLog). */
  private readonly eventLog: SqliteEventLog;
  /** A chunk of the event log to compact, after this turn's I/O (null: none due). */
  private compaction: NodeJS.Immediate | null = null;
  /** A chunk is being compacted (its write must not start another). */
  private compacting = false;
  /** After a compaction failed (a full disk, say), none is tried before this time (ms since the epoch). */
  private compactionPausedUntil = 0;
  private readonly compactChunk: () => void;

  private readonly upsertRoom: Database.Statement;
  private readonly selectStatus: Database.Statement;
  private readonly appendAll: (
    code: string,
    gameType: string,
    events: readonly RoomEvent[],
    lease: Lease | undefined,
    dropBefore?: number,
    finished?: FinishedGame,
  ) => void;
  private readonly dropEvents: (code: string, seq: number, fence: string | undefined) => void;
  private readonly insertGame: Database.Statement;
  private readonly closeAll: (code: string, fence: string | null) => void;
  private readonly setQuarantined: Database.Statement;
  private readonly selectLiveRooms: Database.Statement;
  /** In one read transaction: one snapshot, one lock taken for all the queries. */
  private readonly readLiveRooms: () => StoredRoom[];
  private readonly selectGame: Database.Statement;
  private readonly selectLatestGame: Database.Statement;
  private readonly selectGames: Database.Statement;
  private readonly pruneAll: (before: number) => number;
  private readonly selectOne: Database.Statement;
  private readonly selectLiveRoom: Database.Statement;
  private readonly readLiveRoom: (code: string) => StoredRoom | null;
  private readonly setLease: Database.Statement;
  private readonly renewOwned: Database.Statement;
  private readonly releaseOwned: Database.Statement;
  private readonly selectExpired: Database.Statement;
  private readonly setUnloaded: Database.Statement;
  private readonly takeUnloaded: (code: string, lease: Lease) => Unloaded | null;
  private readonly selectDue: Database.Statement;
  private readonly selectUnloadedCount: Database.Statement;
  private readonly selectUnloadedSummary: Database.Statement;
  private readonly closeStale: (before: number) => string[];
  private readonly selectCodeStatus: Database.Statement;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.groupCommit = options.groupCommit ?? false;
    const db = new Database(file);
    this.db = db;
    try {
      // ':memory:' answers 'memory': it has no file to be durable in anyway.
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal' && mode !== 'memory') throw new Error(`SQLite refused WAL mode (journal_mode is ${String(mode)})`);
      const synchronous = options.synchronous ?? 'NORMAL';
      db.pragma(`synchronous = ${synchronous}`);
      // Someone taking a backup with the sqlite3 shell holds a lock for a moment: wait, don't fail.
      db.pragma('busy_timeout = 5000');
      migrateSqlite(db, LATEST_VERSION, this.now());
      this.push = new SqlitePushStore(db);
      if (mode === 'wal' && options.checkpointThread !== false) {
        // While the thread checkpoints, this connection neither checkpoints nor syncs (see
        // WalCheckpointer); FULL's sync of every commit stays. Without the thread: SQLite's defaults.
        this.checkpointer = new WalCheckpointer(file, (threadAlive) => {
          db.pragma(`wal_autocheckpoint = ${threadAlive ? 0 : DEFAULT_CHECKPOINT_PAGES}`);
          if (synchronous === 'NORMAL') db.pragma(`synchronous = ${threadAlive ? 'OFF' : 'NORMAL'}`);
        });
      }
    } catch (error) {
      db.close();
      throw error;
    }

    this.eventLog = new SqliteEventLog(db, options.compaction);
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    /**
     * A write transaction. Should it roll back, what the event log knew of seqs is forgotten with
     * it; once it is written, the event log is compacted soon if it has grown enough.
     */
    const writing = <A extends unknown[], R>(write: (...args: A) => R): ((...args: A) => R) => {
      const run = db.transaction(write);
      return (...args: A): R => {
        let result: R;
        try {
          result = run(...args);
        } catch (error) {
          this.eventLog.forget();
          throw error;
        }
        this.compactSoon();
        return result;
      };
    };
    this.compactChunk = writing(() => this.eventLog.compact());
    // A room's first events (seq 1) make it live, reopening a closed room whose code came round
    // again, with the lease of the process that runs it (RETURNING tells, inside the transaction,
    // whether it is live); later events only read its status and fence, so an append writes the
    // event log's last page and no other.
    this.upsertRoom = db.prepare(`
      INSERT INTO rooms (code, game_type, status, created_at, updated_at, owner, fence, lease_expires_at)
        VALUES (@code, @gameType, 'live', @now, @now, @owner, @fence, @expiresAt)
      ON CONFLICT (code) DO UPDATE SET
        status = CASE WHEN status = 'closed' THEN 'live' ELSE status END,
        game_type = CASE WHEN status = 'closed' THEN excluded.game_type ELSE game_type END,
        created_at = CASE WHEN status = 'closed' THEN excluded.created_at ELSE created_at END,
        updated_at = CASE WHEN status = 'closed' THEN excluded.updated_at ELSE updated_at END,
        owner = CASE WHEN status = 'closed' THEN excluded.owner ELSE owner END,
        fence = CASE WHEN status = 'closed' THEN excluded.fence ELSE fence END,
        lease_expires_at = CASE WHEN status = 'closed' THEN excluded.lease_expires_at ELSE lease_expires_at END
      RETURNING status`);
    this.selectStatus = db.prepare('SELECT status, fence FROM rooms WHERE code = ?');
    this.insertGame = db.prepare('INSERT INTO games (code, game_number, game_type, finished_at, summary, record) VALUES (?, ?, ?, ?, ?, ?)');
    /** Throws unless the room is live (and, with a fence, still has it). */
    const checkLive = (code: string, fence: string | undefined) => {
      const room = this.selectStatus.get(code) as { status: string; fence: string | null } | undefined;
      if (room?.status !== 'live') throw new RefusedWriteError(`room ${code} is ${room?.status ?? 'unknown'}: its log takes no events`);
      if (fence !== undefined && room.fence !== fence) throw new FencedError(code);
    };
    /** A room's first events: it is made live (or refused), and its log starts from nothing unless it was live already. */
    const startRoom = (code: string, gameType: string, lease: Lease | undefined): void => {
      const before = this.selectStatus.get(code) as { status: string } | undefined;
      const { owner = null, fence = null, expiresAt = 0 } = lease ?? {};
      const { status } = this.upsertRoom.get({ code, gameType, now: this.now(), owner, fence, expiresAt }) as { status: string };
      if (status !== 'live') throw new RefusedWriteError(`room ${code} is ${status}: its log takes no events`);
      if (before === undefined || before.status === 'closed') this.eventLog.started(code);
    };
    /**
     * An append's events, then what it carries. Nothing, and no error, when its events are in the
     * log already, the same (a retry of an append whose answer was lost). A seq taken by other
     * events throws (the transaction rolls back).
     */
    const insertAppend = (code: string, events: readonly RoomEvent[], dropBefore: number, finished: FinishedGame | undefined): void => {
      if (!this.eventLog.append(code, events, dropBefore)) return;
      if (!finished) return;
      const { game, record } = finished;
      try {
        this.insertGame.run(game.code, game.gameNumber, game.gameType, game.finishedAt, game.summary, packRecord(record));
      } catch (error) {
        throw refusedIfTaken(error, `room ${code}: game ${game.gameNumber} is kept already`);
      }
    };
    this.appendAll = writing(
      (code: string, gameType: string, events: readonly RoomEvent[], lease: Lease | undefined, dropBefore = 0, finished?: FinishedGame) => {
        // Throwing rolls the transaction back (inside another, its savepoint): nothing of this append is kept.
        this.syncVersion();
        if (events[0].seq === 1) startRoom(code, gameType, lease);
        else checkLive(code, lease?.fence);
        insertAppend(code, events, dropBefore, finished);
      },
    );
    // The usual turn: every append of the batch is good, so it is written without a savepoint
    // each (a third of a batch's cost), and a room is checked once however many appends it made
    // (a move and its clock are two). The first refusal throws, rolling the whole batch back,
    // and the batch is written again one savepoint per append (commitEachQueued).
    // A room found live with a fence stays known so (knownLive) while no other connection has
    // committed (PRAGMA data_version, read inside the transaction: its snapshot's) and this one has
    // written nothing else that changes a room's status or fence (forgetLiveRooms): most turns
    // then read no room's row at all.
    this.commitAllQueued = writing((batch: readonly QueuedAppend[]) => {
      this.syncVersion();
      const knownLive = this.knownLive;
      for (const { code, gameType, events, lease, dropBefore, finished } of batch) {
        const fence = lease?.fence;
        if (events[0].seq === 1) {
          startRoom(code, gameType, lease);
          // Not known live: a room that was live already kept its own fence, whatever this lease's.
          knownLive.delete(code);
        } else if (!knownLive.has(code) || knownLive.get(code) !== fence) {
          checkLive(code, fence);
          knownLive.set(code, fence);
        }
        insertAppend(code, events, dropBefore, finished);
      }
    });
    this.commitEachQueued = writing((batch: readonly QueuedAppend[]) => {
      // Called inside this transaction, appendAll makes a savepoint: a refused append leaves the
      // others be. A room's later appends in the batch are refused with it (no gap in its log).
      const refused = new Map<string, unknown>();
      return batch.map(({ code, gameType, events, lease, dropBefore, finished }) => {
        const earlier = refused.get(code);
        if (earlier !== undefined) return earlier;
        try {
          this.appendAll(code, gameType, events, lease, dropBefore, finished);
          return undefined;
        } catch (error) {
          refused.set(code, error ?? new Error('append refused'));
          return error ?? new Error('append refused');
        }
      });
    });
    this.dropEvents = writing((code: string, seq: number, fence: string | undefined) => {
      if (fence !== undefined) checkLive(code, fence);
      this.eventLog.drop(code, seq);
    });
    const setClosed = db.prepare(
      "UPDATE rooms SET status = 'closed', updated_at = @now, owner = NULL, lease_expires_at = 0, unloaded_at = NULL, wake_at = NULL WHERE code = @code AND status = 'live' AND (@fence IS NULL OR fence = @fence)",
    );
    this.closeAll = writing((code: string, fence: string | null) => {
      // A quarantined room keeps its events for a person to read.
      if (setClosed.run({ now: this.now(), code, fence }).changes > 0) this.eventLog.close(code);
    });
    this.setQuarantined = db.prepare("UPDATE rooms SET status = 'quarantined', quarantine_reason = ?, updated_at = ? WHERE code = ?");
    // The live rooms, then each one's events by its key: a join would make (and the driver copy)
    // the room's code and game type again for every one of a restart's hundreds of thousands of events.
    this.selectLiveRooms = db.prepare("SELECT code, game_type FROM rooms WHERE status = 'live' AND unloaded_at IS NULL ORDER BY code").raw(true);
    this.readLiveRooms = db.transaction(() => {
      const rooms = this.selectLiveRooms.all() as [string, string][];
      const events = this.eventLog.eventsOfRooms(rooms.map(([code]) => code));
      return rooms.map(([code, gameType]) => ({ code, gameType, events: events.get(code)! }));
    });
    const gameColumns = 'code, game_type, game_number, finished_at, summary, record';
    this.selectGame = db.prepare(`SELECT ${gameColumns} FROM games WHERE code = ? AND game_number = ?`);
    this.selectLatestGame = db.prepare(`SELECT ${gameColumns} FROM games WHERE code = ? ORDER BY game_number DESC LIMIT 1`);
    this.selectGames = db.prepare('SELECT code, game_type, game_number, finished_at, summary FROM games WHERE code = ? ORDER BY game_number');
    const deleteGames = db.prepare('DELETE FROM games WHERE finished_at < ?');
    // Closed rooms are remembered only while they have records (a row each, not to grow forever).
    const deleteRooms = db.prepare(
      "DELETE FROM rooms WHERE status = 'closed' AND updated_at < ? AND NOT EXISTS (SELECT 1 FROM games g WHERE g.code = rooms.code)",
    );
    this.pruneAll = db.transaction((before: number) => {
      const { changes } = deleteGames.run(before);
      deleteRooms.run(before);
      return changes;
    });
    this.selectOne = db.prepare('SELECT 1 AS one');
    this.selectLiveRoom = db.prepare("SELECT game_type FROM rooms WHERE code = ? AND status = 'live'").pluck();
    this.readLiveRoom = db.transaction((code: string) => {
      const gameType = this.selectLiveRoom.get(code) as string | undefined;
      return gameType === undefined ? null : { code, gameType, events: this.eventLog.eventsOf(code) };
    });
    this.setLease = db.prepare(
      "UPDATE rooms SET owner = @owner, fence = @fence, lease_expires_at = @expiresAt WHERE code = @code AND status = 'live' AND unloaded_at IS NULL AND (@ifExpiredBefore IS NULL OR lease_expires_at < @ifExpiredBefore)",
    );
    this.renewOwned = db
      .prepare("UPDATE rooms SET lease_expires_at = ? WHERE owner = ? AND status = 'live' AND code IN (SELECT value FROM json_each(?)) RETURNING code")
      .pluck();
    this.releaseOwned = db.prepare("UPDATE rooms SET lease_expires_at = 0 WHERE owner = ? AND status = 'live'");
    this.selectExpired = db.prepare("SELECT code FROM rooms WHERE status = 'live' AND unloaded_at IS NULL AND lease_expires_at < ?").pluck();
    // No owner and no fence: a copy of the room left anywhere is refused its next write.
    this.setUnloaded = db.prepare(
      `UPDATE rooms SET unloaded_at = @at, wake_at = @wakeAt, last_move_at = @lastMoveAt, summary = coalesce(@summary, summary), owner = NULL, fence = NULL, lease_expires_at = 0
       WHERE code = @code AND status = 'live' AND unloaded_at IS NULL AND (@fence IS NULL OR fence = @fence)`,
    );
    const selectUnloaded = db.prepare(
      "SELECT unloaded_at AS at, wake_at AS wakeAt, last_move_at AS lastMoveAt FROM rooms WHERE code = ? AND status = 'live' AND unloaded_at IS NOT NULL",
    );
    const setLoaded = db.prepare(
      'UPDATE rooms SET unloaded_at = NULL, wake_at = NULL, owner = @owner, fence = @fence, lease_expires_at = @expiresAt WHERE code = @code',
    );
    this.takeUnloaded = db.transaction((code: string, lease: Lease) => {
      const unloaded = selectUnloaded.get(code) as Unloaded | undefined;
      if (!unloaded) return null;
      setLoaded.run({ code, ...lease });
      return unloaded;
    });
    this.selectUnloadedSummary = db.prepare("SELECT summary FROM rooms WHERE code = ? AND status = 'live' AND unloaded_at IS NOT NULL").pluck();
    this.selectUnloadedCount = db.prepare("SELECT count(*) FROM rooms WHERE status = 'live' AND unloaded_at IS NOT NULL").pluck();
    this.selectDue = db.prepare("SELECT code FROM rooms WHERE status = 'live' AND unloaded_at IS NOT NULL AND wake_at <= ? ORDER BY wake_at LIMIT ?").pluck();
    const setStaleClosed = db
      .prepare(
        `UPDATE rooms SET status = 'closed', updated_at = @now, unloaded_at = NULL, wake_at = NULL
         WHERE status = 'live' AND unloaded_at IS NOT NULL AND last_move_at < @before RETURNING code`,
      )
      .pluck();
    this.closeStale = writing((before: number) => {
      const codes = setStaleClosed.all({ now: this.now(), before }) as string[];
      for (const code of codes) this.eventLog.close(code);
      return codes;
    });
    this.selectCodeStatus = db
      .prepare(
        "SELECT CASE WHEN status = 'quarantined' THEN 'quarantined' WHEN unloaded_at IS NULL THEN 'loaded' ELSE 'unloaded' END FROM rooms WHERE code = ? AND status <> 'closed'",
      )
      .pluck();
  }

  append(code: string, gameType: string, events: readonly RoomEvent[], lease?: Lease, extras?: AppendExtras): void | Promise<void> {
    if (events.length === 0) return;
    checkEvents(events);
    if (this.closed) throw new RefusedWriteError('the store is shut down');
    if (!this.groupCommit) return this.appendAll(code, gameType, events, lease, extras?.dropBefore, extras?.finished);
    return new Promise((resolve, reject) =>
      this.queue(code, gameType, events, lease, (error) => (error === undefined ? resolve() : reject(error as Error)), extras),
    ); // SQLite's errors, or RefusedWriteError
  }

  appendThen(code: string, gameType: string, events: readonly RoomEvent[], lease: Lease | undefined, done: AppendDone, extras?: AppendExtras): void {
    try {
      if (events.length === 0) return done();
      checkEvents(events);
      if (this.closed) throw new RefusedWriteError('the store is shut down');
      if (!this.groupCommit) {
        this.appendAll(code, gameType, events, lease, extras?.dropBefore, extras?.finished);
        return done();
      }
    } catch (error) {
      return done(error ?? new Error('append refused'));
    }
    this.queue(code, gameType, events, lease, done, extras);
  }

  private queue(
    code: string,
    gameType: string,
    events: readonly RoomEvent[],
    lease: Lease | undefined,
    done: AppendDone,
    extras: AppendExtras | undefined,
  ): void {
    this.queued.push({ code, gameType, events, lease, dropBefore: extras?.dropBefore ?? 0, finished: extras?.finished, done });
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(this.commitTurn);
  }

  /** Writes the queued appends in one transaction; every other call writes them first (see writesInOrder). */
  private readonly commitTurn = (): void => {
    this.commitScheduled = false;
    const batch = this.queued;
    if (batch.length === 0) return;
    this.queued = [];
    let outcomes: unknown[];
    try {
      this.commitAllQueued(batch);
      for (const append of batch) append.done();
      return;
    } catch {
      // Some append was refused (or the disk failed): written again one by one, below. What the
      // rolled-back transaction learnt of rooms is forgotten with it.
      this.forgetLiveRooms();
    }
    try {
      outcomes = this.commitEachQueued(batch);
    } catch (error) {
      // The transaction itself failed (a full disk): nothing of the batch was kept.
      for (const append of batch) append.done(error ?? new Error('write failed'));
      return;
    }
    for (let i = 0; i < batch.length; i++) {
      batch[i].done(outcomes[i]);
    }
  };

  /** This connection changes a room's status or fence (or may): what the turns knew of rooms is checked again. */
  private forgetLiveRooms(): void {
    this.knownLive.clear();
  }

  /** Inside a write transaction: what was known of rooms (their status and fence, their seqs) holds unless another connection has committed since. */
  private syncVersion(): void {
    const version = this.dataVersion.get() as number;
    if (version === this.knownVersion) return;
    this.knownLive.clear();
    this.eventLog.forget();
    this.knownVersion = version;
  }

  /**
   * Compacts a chunk of the event log after this turn's I/O, if it has grown enough. Writes that
   * never let the event loop turn (a loop of synchronous appends) would put that off for ever: once
   * the log is twice as long as it should be, a write outside any transaction compacts a chunk
   * at once, so the log stays bounded however the store is driven.
   */
  private compactSoon(): void {
    if (this.compacting || this.closed || !this.eventLog.compactionDue || Date.now() < this.compactionPausedUntil) return;
    if (this.eventLog.compactionOverdue && !this.db.inTransaction) this.compactNow();
    else this.compaction ??= setImmediate(this.compactNow);
  }

  private readonly compactNow = (): void => {
    if (this.compaction) clearImmediate(this.compaction);
    this.compaction = null;
    if (this.closed) return;
    this.compacting = true;
    try {
      this.compactChunk();
    } catch (error) {
      // (A full disk, say: the log only grows meanwhile, and is read as it is.)
      this.compactionPausedUntil = Date.now() + COMPACTION_PAUSE_MS;
      log.warn(
        `SQLite: compacting the event log failed, tried again in ${COMPACTION_PAUSE_MS / 1000} s (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      this.compacting = false;
    }
    // The next chunk, after the next turn's I/O, while the log is still long.
    if (!this.closed && this.eventLog.compactionDue && Date.now() >= this.compactionPausedUntil) this.compaction ??= setImmediate(this.compactNow);
  };

  dropBefore(code: string, seq: number, fence?: string): void {
    // Right after an append of this turn (a snapshot): dropped in the same commit, under its lease.
    let last: QueuedAppend | undefined;
    for (let i = this.queued.length - 1; i >= 0 && !last; i--) if (this.queued[i].code === code) last = this.queued[i];
    if (last && last.lease?.fence === fence) {
      last.dropBefore = seq;
      return;
    }
    this.commitTurn();
    this.dropEvents(code, seq, fence);
  }

  saveGame(game: StoredGame, record: string): void {
    this.commitTurn();
    this.insertGame.run(game.code, game.gameNumber, game.gameType, game.finishedAt, game.summary, packRecord(record));
  }

  closeRoom(code: string, fence?: string): void {
    this.commitTurn();
    this.forgetLiveRooms();
    this.closeAll(code, fence ?? null);
  }

  async quarantine(code: string, reason: string): Promise<void> {
    this.commitTurn();
    this.forgetLiveRooms();
    this.setQuarantined.run(reason, this.now(), code);
  }

  async liveRooms(): Promise<StoredRoom[]> {
    this.commitTurn();
    return this.readLiveRooms();
  }

  async liveRoom(code: string): Promise<StoredRoom | null> {
    this.commitTurn();
    return this.readLiveRoom(code);
  }

  async claimRoom(code: string, lease: Lease, ifExpiredBefore?: number): Promise<boolean> {
    this.commitTurn();
    this.forgetLiveRooms();
    return this.setLease.run({ code, ...lease, ifExpiredBefore: ifExpiredBefore ?? null }).changes > 0;
  }

  async claimRooms(claims: readonly { readonly code: string; readonly lease: Lease }[]): Promise<void> {
    this.commitTurn();
    this.forgetLiveRooms();
    this.db.transaction(() => {
      for (const { code, lease } of claims) this.setLease.run({ code, ...lease, ifExpiredBefore: null });
    })();
  }

  async renewLeases(owner: string, codes: readonly string[], expiresAt: number): Promise<string[]> {
    this.commitTurn();
    if (codes.length === 0) return [];
    return this.renewOwned.all(expiresAt, owner, JSON.stringify(codes)) as string[];
  }

  async releaseLeases(owner: string): Promise<void> {
    this.commitTurn();
    this.forgetLiveRooms();
    this.releaseOwned.run(owner);
  }

  async expiredRooms(now: number): Promise<string[]> {
    this.commitTurn();
    return this.selectExpired.all(now) as string[];
  }

  async unloadRoom(code: string, unloaded: Unloaded, fence?: string): Promise<boolean> {
    this.commitTurn();
    this.forgetLiveRooms();
    return (
      this.setUnloaded.run({
        code,
        at: unloaded.at,
        wakeAt: unloaded.wakeAt,
        lastMoveAt: unloaded.lastMoveAt,
        summary: unloaded.summary ?? null,
        fence: fence ?? null,
      }).changes > 0
    );
  }

  async claimUnloaded(code: string, lease: Lease): Promise<Unloaded | null> {
    this.commitTurn();
    this.forgetLiveRooms();
    return this.takeUnloaded(code, lease);
  }

  async unloadedSummary(code: string): Promise<string | null> {
    this.commitTurn();
    return (this.selectUnloadedSummary.get(code) as string | null | undefined) ?? null;
  }

  async countUnloaded(): Promise<number> {
    this.commitTurn();
    return this.selectUnloadedCount.get() as number;
  }

  async dueRooms(now: number, limit: number): Promise<string[]> {
    this.commitTurn();
    return this.selectDue.all(now, limit) as string[];
  }

  async closeStaleRooms(before: number): Promise<string[]> {
    this.commitTurn();
    this.forgetLiveRooms();
    return this.closeStale(before);
  }

  async codeStatus(code: string): Promise<CodeStatus | null> {
    this.commitTurn();
    return (this.selectCodeStatus.get(code) as CodeStatus | undefined) ?? null;
  }

  async record(code: string, gameNumber?: number): Promise<{ game: StoredGame; record: string } | null> {
    this.commitTurn();
    const row = (gameNumber === undefined ? this.selectLatestGame.get(code) : this.selectGame.get(code, gameNumber)) as
      (GameRow & { record: Buffer }) | undefined;
    return row ? { game: toGame(row), record: unpackRecord(row.record) } : null;
  }

  async games(code: string): Promise<StoredGame[]> {
    this.commitTurn();
    return (this.selectGames.all(code) as GameRow[]).map(toGame);
  }

  async pruneGames(before: number): Promise<number> {
    this.commitTurn();
    this.forgetLiveRooms();
    return this.pruneAll(before);
  }

  async ping(): Promise<boolean> {
    try {
      return this.selectOne.get() !== undefined;
    } catch {
      return false;
    }
  }

  /** The main connection's automatic checkpoint, in pages (tests: the checkpointing thread's backstop). */
  autoCheckpointPages(): number {
    return this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
  }

  /** The main connection's synchronous setting (0 OFF, 1 NORMAL, 2 FULL): tests. */
  synchronousLevel(): number {
    return this.db.pragma('synchronous', { simple: true }) as number;
  }

  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.commitTurn();
    this.closed = true;
    if (this.compaction) clearImmediate(this.compaction);
    this.compaction = null;
    // Closing (the last connection, once the checkpointer's is closed) folds the WAL into the database file and removes it.
    this.checkpointer?.close();
    try {
      this.db.pragma('optimize');
    } catch (error) {
      // (A full disk, say: the statistics wait for the next time; the file closes all the same.)
      log.warn(`SQLite: optimize at shutdown failed (${error instanceof Error ? error.message : String(error)})`);
    }
    this.db.close();
  }
}
