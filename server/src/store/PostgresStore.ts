import { Pool, PoolClient } from 'pg';
import type { GameStore, RoomEvent, StoredGame, StoredRoom } from './game-store';
import { LATEST_VERSION, pendingMigrations, SCHEMA_VERSION_TABLE } from './migrations';
import { packRecord, unpackRecord } from './record-bytes';

export interface PostgresStoreOptions {
  /** Connections in the pool (10): appends of different rooms go in parallel. */
  readonly maxConnections?: number;
  /** The store's clock (tests): rooms' created/updated times, closed rooms' age when pruning. */
  readonly now?: () => number;
  /** Where errors of idle connections go (a restarted database, a dropped link); console.error by default. */
  readonly onError?: (error: Error) => void;
}

/** Any server of this project migrating the same database waits for the one already at it. */
const MIGRATION_LOCK = 0x5a4d5552; // 'SMUR'

/** Applies the migrations a database lacks, in one transaction. Exported for the migration tests. */
export async function migratePostgres(client: PoolClient, target = LATEST_VERSION, now = Date.now()): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(SCHEMA_VERSION_TABLE.postgres);
    const { rows } = await client.query<{ version: number }>('SELECT coalesce(max(version), 0)::int AS version FROM schema_version');
    for (const migration of pendingMigrations(rows[0].version, target)) {
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [migration.version, now]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

interface GameRow {
  code: string;
  game_type: string;
  game_number: number;
  finished_at: string; // BIGINT comes as text
  summary: string;
}

const toGame = (row: GameRow): StoredGame => ({
  code: row.code,
  gameType: row.game_type,
  gameNumber: row.game_number,
  finishedAt: Number(row.finished_at),
  summary: row.summary,
});

/**
 * Each append is one statement, so one transaction and one round trip. A room's first events
 * (seq 1) create it, or reopen a closed room whose code came round again; later events go in
 * only if the room is live, which they read without writing the room's row (an update per move
 * would leave a dead row per move for VACUUM). A seq already used breaks the primary key and the
 * whole statement is undone; a room that is not live takes no events, and `append` sees the count.
 * (Two statements of one room never run at once: the room chains its writes.)
 */
const APPEND_FIRST = `
  WITH room AS (
    INSERT INTO rooms (code, game_type, status, created_at, updated_at) VALUES ($1, $2, 'live', $3, $3)
    ON CONFLICT (code) DO UPDATE SET
      status = CASE WHEN rooms.status = 'closed' THEN 'live' ELSE rooms.status END,
      game_type = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.game_type ELSE rooms.game_type END,
      created_at = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.created_at ELSE rooms.created_at END,
      updated_at = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.updated_at ELSE rooms.updated_at END
    RETURNING status
  )
  INSERT INTO events (code, seq, kind, data)
  SELECT $1, e.seq, e.kind, e.data FROM room, unnest($4::int[], $5::text[], $6::text[]) AS e (seq, kind, data)
  WHERE room.status = 'live'`;

const APPEND_NEXT = `
  INSERT INTO events (code, seq, kind, data)
  SELECT $1, e.seq, e.kind, e.data FROM unnest($2::int[], $3::text[], $4::text[]) AS e (seq, kind, data)
  WHERE EXISTS (SELECT 1 FROM rooms WHERE code = $1 AND status = 'live')`;

const GAME_COLUMNS = 'code, game_type, game_number, finished_at, summary';

/**
 * The server-grade store (DATABASE_URL): every method is asynchronous, so the room chains its
 * writes in order and shows a change only once its append has resolved (see RoomJournal).
 */
export class PostgresStore implements GameStore {
  readonly kind = 'postgres';
  private closed = false;

  private constructor(
    private readonly pool: Pool,
    private readonly now: () => number,
  ) {}

  /** Connects, migrates the schema to the latest version, and answers the store. */
  static async open(connectionString: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = new Pool({ connectionString, max: options.maxConnections ?? 10 });
    // Without a listener an idle connection's error (the database restarting) would end the process.
    const onError = options.onError ?? ((error: Error) => console.error('postgres:', error.message));
    pool.on('error', onError);
    const now = options.now ?? Date.now;
    try {
      const client = await pool.connect();
      try {
        await migratePostgres(client, LATEST_VERSION, now());
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresStore(pool, now);
  }

  async append(code: string, gameType: string, events: readonly RoomEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const event of events) {
      if (!Number.isSafeInteger(event.seq) || event.seq < 1) throw new Error(`an event's seq must be a positive integer, not ${event.seq}`);
    }
    const columns = [events.map((e) => e.seq), events.map((e) => e.kind), events.map((e) => e.data)];
    const result = await this.pool.query(
      events[0].seq === 1
        ? { name: 'append-first', text: APPEND_FIRST, values: [code, gameType, this.now(), ...columns] }
        : { name: 'append', text: APPEND_NEXT, values: [code, ...columns] },
    );
    if (result.rowCount !== events.length) {
      const { rows } = await this.pool.query<{ status: string }>('SELECT status FROM rooms WHERE code = $1', [code]);
      throw new Error(`room ${code} is ${rows[0]?.status ?? 'unknown'}: its log takes no events`);
    }
  }

  async dropBefore(code: string, seq: number): Promise<void> {
    await this.pool.query({ name: 'drop-before', text: 'DELETE FROM events WHERE code = $1 AND seq < $2', values: [code, seq] });
  }

  async saveGame(game: StoredGame, record: string): Promise<void> {
    await this.pool.query({
      name: 'save-game',
      text: 'INSERT INTO games (code, game_number, game_type, finished_at, summary, record) VALUES ($1, $2, $3, $4, $5, $6)',
      values: [game.code, game.gameNumber, game.gameType, game.finishedAt, game.summary, packRecord(record)],
    });
  }

  async closeRoom(code: string): Promise<void> {
    // One statement: the room is closed and its events go together. A quarantined room keeps
    // its events for a person to read.
    await this.pool.query({
      name: 'close-room',
      text: `WITH closed AS (UPDATE rooms SET status = 'closed', updated_at = $2 WHERE code = $1 AND status = 'live' RETURNING code)
             DELETE FROM events WHERE code IN (SELECT code FROM closed)`,
      values: [code, this.now()],
    });
  }

  async quarantine(code: string, reason: string): Promise<void> {
    await this.pool.query("UPDATE rooms SET status = 'quarantined', quarantine_reason = $2, updated_at = $3 WHERE code = $1", [
      code,
      reason,
      this.now(),
    ]);
  }

  async liveRooms(): Promise<StoredRoom[]> {
    const { rows } = await this.pool.query<[string, string, number | null, string, string]>({
      text: `SELECT r.code, r.game_type, e.seq, e.kind, e.data FROM rooms r LEFT JOIN events e ON e.code = r.code
             WHERE r.status = 'live' ORDER BY r.code, e.seq`,
      rowMode: 'array',
    });
    const rooms: { code: string; gameType: string; events: RoomEvent[] }[] = [];
    let room: (typeof rooms)[number] | undefined;
    for (const [code, gameType, seq, kind, data] of rows) {
      if (room?.code !== code) {
        room = { code, gameType, events: [] };
        rooms.push(room);
      }
      if (seq !== null) room.events.push({ seq, kind, data });
    }
    return rooms;
  }

  async record(code: string, gameNumber?: number): Promise<{ game: StoredGame; record: string } | null> {
    const { rows } = await this.pool.query<GameRow & { record: Buffer }>(
      gameNumber === undefined
        ? { name: 'latest-game', text: `SELECT ${GAME_COLUMNS}, record FROM games WHERE code = $1 ORDER BY game_number DESC LIMIT 1`, values: [code] }
        : { name: 'game', text: `SELECT ${GAME_COLUMNS}, record FROM games WHERE code = $1 AND game_number = $2`, values: [code, gameNumber] },
    );
    return rows[0] ? { game: toGame(rows[0]), record: unpackRecord(rows[0].record) } : null;
  }

  async games(code: string): Promise<StoredGame[]> {
    const { rows } = await this.pool.query<GameRow>({
      name: 'games',
      text: `SELECT ${GAME_COLUMNS} FROM games WHERE code = $1 ORDER BY game_number`,
      values: [code],
    });
    return rows.map(toGame);
  }

  async pruneGames(before: number): Promise<number> {
    // One statement: the games go, and closed rooms left with none are forgotten (both parts see
    // the games as they were, so "left with none" means none finished since `before`).
    const { rows } = await this.pool.query<{ count: number }>(
      `WITH gone AS (DELETE FROM games WHERE finished_at < $1 RETURNING 1),
            rooms_gone AS (
              DELETE FROM rooms WHERE status = 'closed' AND updated_at < $1
                AND NOT EXISTS (SELECT 1 FROM games g WHERE g.code = rooms.code AND g.finished_at >= $1)
            )
       SELECT count(*)::int AS count FROM gone`,
      [before],
    );
    return rows[0].count;
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Waits for the queries in flight, then closes every connection.
    await this.pool.end();
  }
}
