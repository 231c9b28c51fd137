import Database from 'better-sqlite3';
import type { GameStore, RoomEvent, StoredGame, StoredRoom } from './game-store';
import { LATEST_VERSION, pendingMigrations, SCHEMA_VERSION_TABLE } from './migrations';
import { packRecord, unpackRecord } from './record-bytes';

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
}

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
    if (!Number.isSafeInteger(event.seq) || event.seq < 1) throw new Error(`an event's seq must be a positive integer, not ${event.seq}`);
  }
}

/**
 * The embedded store: one SQLite file (WAL mode) written synchronously, so an append is durable
 * when it returns and the room shows nothing before that. One connection, statements prepared once.
 */
export class SqliteStore implements GameStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly now: () => number;
  private closed = false;

  private readonly upsertRoom: Database.Statement;
  private readonly selectStatus: Database.Statement;
  private readonly insertEvent: Database.Statement;
  private readonly appendAll: (code: string, gameType: string, events: readonly RoomEvent[]) => void;
  private readonly deleteEventsBefore: Database.Statement;
  private readonly insertGame: Database.Statement;
  private readonly closeAll: (code: string) => void;
  private readonly setQuarantined: Database.Statement;
  private readonly selectLive: Database.Statement;
  private readonly selectGame: Database.Statement;
  private readonly selectLatestGame: Database.Statement;
  private readonly selectGames: Database.Statement;
  private readonly pruneAll: (before: number) => number;
  private readonly selectOne: Database.Statement;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    const db = new Database(file);
    this.db = db;
    try {
      // ':memory:' answers 'memory': it has no file to be durable in anyway.
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal' && mode !== 'memory') throw new Error(`SQLite refused WAL mode (journal_mode is ${String(mode)})`);
      db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
      // Someone taking a backup with the sqlite3 shell holds a lock for a moment: wait, don't fail.
      db.pragma('busy_timeout = 5000');
      migrateSqlite(db, LATEST_VERSION, this.now());
    } catch (error) {
      db.close();
      throw error;
    }

    // A room's first events (seq 1) make it live, reopening a closed room whose code came round
    // again (RETURNING tells, inside the transaction, whether it is live); later events only read
    // that it is, so an append writes the events' page and no other.
    this.upsertRoom = db.prepare(`
      INSERT INTO rooms (code, game_type, status, created_at, updated_at) VALUES (@code, @gameType, 'live', @now, @now)
      ON CONFLICT (code) DO UPDATE SET
        status = CASE WHEN status = 'closed' THEN 'live' ELSE status END,
        game_type = CASE WHEN status = 'closed' THEN excluded.game_type ELSE game_type END,
        created_at = CASE WHEN status = 'closed' THEN excluded.created_at ELSE created_at END,
        updated_at = CASE WHEN status = 'closed' THEN excluded.updated_at ELSE updated_at END
      RETURNING status`);
    this.selectStatus = db.prepare('SELECT status FROM rooms WHERE code = ?').pluck();
    this.insertEvent = db.prepare('INSERT INTO events (code, seq, kind, data) VALUES (?, ?, ?, ?)');
    this.appendAll = db.transaction((code: string, gameType: string, events: readonly RoomEvent[]) => {
      const status =
        events[0].seq === 1
          ? (this.upsertRoom.get({ code, gameType, now: this.now() }) as { status: string }).status
          : (this.selectStatus.get(code) as string | undefined);
      // Throwing rolls the transaction back: nothing of this append is kept.
      if (status !== 'live') throw new Error(`room ${code} is ${status ?? 'unknown'}: its log takes no events`);
      for (const event of events) this.insertEvent.run(code, event.seq, event.kind, event.data);
    });
    this.deleteEventsBefore = db.prepare('DELETE FROM events WHERE code = ? AND seq < ?');
    this.insertGame = db.prepare(
      'INSERT INTO games (code, game_number, game_type, finished_at, summary, record) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const deleteEvents = db.prepare('DELETE FROM events WHERE code = ?');
    const setClosed = db.prepare("UPDATE rooms SET status = 'closed', updated_at = ? WHERE code = ? AND status = 'live'");
    this.closeAll = db.transaction((code: string) => {
      // A quarantined room keeps its events for a person to read.
      if (setClosed.run(this.now(), code).changes > 0) deleteEvents.run(code);
    });
    this.setQuarantined = db.prepare("UPDATE rooms SET status = 'quarantined', quarantine_reason = ?, updated_at = ? WHERE code = ?");
    this.selectLive = db
      .prepare(
        `SELECT r.code, r.game_type, e.seq, e.kind, e.data FROM rooms r LEFT JOIN events e ON e.code = r.code
         WHERE r.status = 'live' ORDER BY r.code, e.seq`,
      )
      .raw(true);
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
  }

  append(code: string, gameType: string, events: readonly RoomEvent[]): void {
    if (events.length === 0) return;
    checkEvents(events);
    this.appendAll(code, gameType, events);
  }

  dropBefore(code: string, seq: number): void {
    this.deleteEventsBefore.run(code, seq);
  }

  saveGame(game: StoredGame, record: string): void {
    this.insertGame.run(game.code, game.gameNumber, game.gameType, game.finishedAt, game.summary, packRecord(record));
  }

  closeRoom(code: string): void {
    this.closeAll(code);
  }

  async quarantine(code: string, reason: string): Promise<void> {
    this.setQuarantined.run(reason, this.now(), code);
  }

  async liveRooms(): Promise<StoredRoom[]> {
    const rooms: { code: string; gameType: string; events: RoomEvent[] }[] = [];
    let room: (typeof rooms)[number] | undefined;
    for (const [code, gameType, seq, kind, data] of this.selectLive.all() as [string, string, number | null, string, string][]) {
      if (room?.code !== code) {
        room = { code, gameType, events: [] };
        rooms.push(room);
      }
      if (seq !== null) room.events.push({ seq, kind, data });
    }
    return rooms;
  }

  async record(code: string, gameNumber?: number): Promise<{ game: StoredGame; record: string } | null> {
    const row = (gameNumber === undefined ? this.selectLatestGame.get(code) : this.selectGame.get(code, gameNumber)) as
      | (GameRow & { record: Buffer })
      | undefined;
    return row ? { game: toGame(row), record: unpackRecord(row.record) } : null;
  }

  async games(code: string): Promise<StoredGame[]> {
    return (this.selectGames.all(code) as GameRow[]).map(toGame);
  }

  async pruneGames(before: number): Promise<number> {
    return this.pruneAll(before);
  }

  async ping(): Promise<boolean> {
    try {
      return this.selectOne.get() !== undefined;
    } catch {
      return false;
    }
  }

  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Closing checkpoints the WAL into the database file and removes it.
    this.db.pragma('optimize');
    this.db.close();
  }
}
