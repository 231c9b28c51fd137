import { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { log } from '../log';
import { alreadyWritten } from './already-written';
import { AppendExtras, CodeStatus, FencedError, GameStore, Lease, RefusedWriteError, RoomEvent, StoredGame, StoredRoom, Unloaded } from './game-store';
import { LATEST_VERSION, pendingMigrations, SCHEMA_VERSION_TABLE } from './migrations';
import { packRecord, unpackRecord } from './record-bytes';
import { PostgresPushStore } from './PostgresPushStore';
import type { PushStore } from './push-store';

export interface PostgresStoreOptions {
  /** Connections in the pool (10): appends of different rooms go in parallel. */
  readonly maxConnections?: number;
  /** The store's clock (tests): rooms' created/updated times, closed rooms' age when pruning. */
  readonly now?: () => number;
  /** Where errors of idle connections go (a restarted database, a dropped link); the server's log by default. */
  readonly onError?: (error: Error) => void;
  /**
   * How long a query may go unanswered, connecting included, before it fails (ms; 10 s): a
   * database cut off by the network makes writes fail, and the rooms wait and try again, rather
   * than hang for ever. A write that timed out may still have been made: its retry finds it.
   * 0: no timeout (a hung database then hangs the rooms' writes).
   */
  readonly queryTimeoutMs?: number;
}

/** See PostgresStoreOptions.queryTimeoutMs. */
const QUERY_TIMEOUT_MS = 10_000;

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
    INSERT INTO rooms (code, game_type, status, created_at, updated_at, owner, fence, lease_expires_at)
      VALUES ($1, $2, 'live', $3, $3, $7, $8, $9)
    ON CONFLICT (code) DO UPDATE SET
      status = CASE WHEN rooms.status = 'closed' THEN 'live' ELSE rooms.status END,
      game_type = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.game_type ELSE rooms.game_type END,
      created_at = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.created_at ELSE rooms.created_at END,
      updated_at = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.updated_at ELSE rooms.updated_at END,
      owner = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.owner ELSE rooms.owner END,
      fence = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.fence ELSE rooms.fence END,
      lease_expires_at = CASE WHEN rooms.status = 'closed' THEN EXCLUDED.lease_expires_at ELSE rooms.lease_expires_at END
    RETURNING status
  )
  INSERT INTO events (code, seq, kind, data)
  SELECT $1, e.seq, e.kind, e.data FROM room, unnest($4::int[], $5::text[], $6::text[]) AS e (seq, kind, data)
  WHERE room.status = 'live'`;

/** Later events: the room must be live and, with a fence ($5), still have it. */
const APPEND_NEXT = `
  INSERT INTO events (code, seq, kind, data)
  SELECT $1, e.seq, e.kind, e.data FROM unnest($2::int[], $3::text[], $4::text[]) AS e (seq, kind, data)
  WHERE EXISTS (SELECT 1 FROM rooms WHERE code = $1 AND status = 'live' AND ($5::text IS NULL OR fence = $5))`;

const GAME_COLUMNS = 'code, game_type, game_number, finished_at, summary';

/** A query, on the pool or on one connection (a transaction's). */
type Query = (config: QueryConfig) => Promise<QueryResult>;

/** Postgres's unique_violation: a seq or a game number taken. */
const isKeyTaken = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/**
 * The server-grade store (DATABASE_URL): every method is asynchronous, so the room chains its
 * writes in order and shows a change only once its append has resolved (see RoomJournal).
 */
export class PostgresStore implements GameStore {
  readonly kind = 'postgres';
  readonly push: PushStore;
  private closed = false;

  private constructor(
    private readonly pool: Pool,
    private readonly now: () => number,
  ) {
    this.push = new PostgresPushStore(pool);
  }

  /** Connects, migrates the schema to the latest version, and answers the store. */
  static async open(connectionString: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const timeout = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
    const pool = new Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      // A partitioned database answers nothing: connecting and each query give up (the server
      // side too, so a statement stuck on a lock ends), and dead links are noticed.
      connectionTimeoutMillis: timeout,
      query_timeout: timeout,
      statement_timeout: timeout,
      keepAlive: true,
    });
    // Without a listener an idle connection's error (the database restarting) would end the process.
    const onError = options.onError ?? ((error: Error) => log.error(`postgres: ${error.message}`));
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

  async append(code: string, gameType: string, events: readonly RoomEvent[], lease?: Lease, extras?: AppendExtras): Promise<void> {
    if (events.length === 0) return;
    for (const event of events) {
      if (!Number.isSafeInteger(event.seq) || event.seq < 1) throw new RefusedWriteError(`an event's seq must be a positive integer, not ${event.seq}`);
    }
    if (this.closed) throw new RefusedWriteError('the store is shut down');
    const columns = [events.map((e) => e.seq), events.map((e) => e.kind), events.map((e) => e.data)];
    const insert: QueryConfig =
      events[0].seq === 1
        ? {
            name: 'append-first',
            text: APPEND_FIRST,
            values: [code, gameType, this.now(), ...columns, lease?.owner ?? null, lease?.fence ?? null, lease?.expiresAt ?? 0],
          }
        : { name: 'append', text: APPEND_NEXT, values: [code, ...columns, lease?.fence ?? null] };
    const fence = events[0].seq === 1 ? undefined : lease?.fence;
    try {
      if (!extras?.dropBefore && !extras?.finished) {
        const result = await this.pool.query(insert);
        if (result.rowCount !== events.length) await this.refusal(code, fence);
      } else {
        await this.inTransaction(async (query) => {
          const result = await query(insert);
          if (result.rowCount !== events.length) await this.refusal(code, fence, query);
          if (extras.dropBefore)
            await query({ name: 'drop-before', text: 'DELETE FROM events WHERE code = $1 AND seq < $2', values: [code, extras.dropBefore] });
          if (extras.finished) await this.insertGame(extras.finished.game, extras.finished.record, query);
        });
      }
    } catch (error) {
      if (!isKeyTaken(error)) throw error;
      // A retry of an append that was written (its answer lost): the same events, and nothing more to do.
      const { rows } = await this.pool.query<RoomEvent>({
        name: 'event-range',
        text: 'SELECT seq, kind, data FROM events WHERE code = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq',
        values: [code, events[0].seq, events[events.length - 1].seq],
      });
      if (alreadyWritten(events, rows)) return;
      throw new RefusedWriteError(`room ${code}: seq ${events[0].seq} or a game is taken already (${(error as Error).message})`);
    }
  }

  /** Runs `work` in one transaction on one connection: all of it is kept, or none. */
  private async inTransaction(work: (query: Query) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    let broken: unknown;
    // A connection lost while it is out of the pool says so here (unheard, the error would end the
    // process); its query in flight, or the next, fails with it.
    const lost = (error: Error) => (broken ??= error);
    client.on('error', lost);
    try {
      await client.query('BEGIN');
      await work((config) => client.query(config));
      await client.query('COMMIT');
    } catch (error) {
      broken ??= error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', lost);
      // A connection that failed mid-transaction is not given back for reuse.
      client.release(broken instanceof Error && !isKeyTaken(broken) && !(broken instanceof RefusedWriteError) ? broken : undefined);
    }
  }

  /** Why a room took no events: not live, or (with a fence) claimed by another process. Always throws. */
  private async refusal(code: string, fence: string | undefined, query: Query = (config) => this.pool.query(config)): Promise<never> {
    const { rows } = await query({ text: 'SELECT status, fence FROM rooms WHERE code = $1', values: [code] });
    const room = rows[0] as { status: string; fence: string | null } | undefined;
    if (room?.status === 'live' && fence !== undefined && room.fence !== fence) throw new FencedError(code);
    throw new RefusedWriteError(`room ${code} is ${room?.status ?? 'unknown'}: its log takes no events`);
  }

  async dropBefore(code: string, seq: number, fence?: string): Promise<void> {
    if (fence === undefined) {
      await this.pool.query({ name: 'drop-before', text: 'DELETE FROM events WHERE code = $1 AND seq < $2', values: [code, seq] });
      return;
    }
    const { rows } = await this.pool.query<{ held: boolean }>({
      name: 'drop-before-fenced',
      text: `WITH held AS (SELECT 1 FROM rooms WHERE code = $1 AND status = 'live' AND fence = $3),
                  gone AS (DELETE FROM events WHERE code = $1 AND seq < $2 AND EXISTS (SELECT 1 FROM held))
             SELECT EXISTS (SELECT 1 FROM held) AS held`,
      values: [code, seq, fence],
    });
    if (!rows[0].held) await this.refusal(code, fence);
  }

  async saveGame(game: StoredGame, record: string): Promise<void> {
    await this.insertGame(game, record, (config) => this.pool.query(config));
  }

  private async insertGame(game: StoredGame, record: string, query: Query): Promise<void> {
    await query({
      name: 'save-game',
      text: 'INSERT INTO games (code, game_number, game_type, finished_at, summary, record) VALUES ($1, $2, $3, $4, $5, $6)',
      values: [game.code, game.gameNumber, game.gameType, game.finishedAt, game.summary, packRecord(record)],
    });
  }

  async closeRoom(code: string, fence?: string): Promise<void> {
    // One statement: the room is closed and its events go together. A quarantined room keeps
    // its events for a person to read; a room another process has claimed is not this one's to close.
    await this.pool.query({
      name: 'close-room',
      text: `WITH closed AS (
               UPDATE rooms SET status = 'closed', updated_at = $2, owner = NULL, lease_expires_at = 0, unloaded_at = NULL, wake_at = NULL
               WHERE code = $1 AND status = 'live' AND ($3::text IS NULL OR fence = $3) RETURNING code)
             DELETE FROM events WHERE code IN (SELECT code FROM closed)`,
      values: [code, this.now(), fence ?? null],
    });
  }

  async quarantine(code: string, reason: string): Promise<void> {
    await this.pool.query("UPDATE rooms SET status = 'quarantined', quarantine_reason = $2, updated_at = $3 WHERE code = $1", [code, reason, this.now()]);
  }

  async liveRooms(): Promise<StoredRoom[]> {
    const { rows } = await this.pool.query<[string, string, number | null, string, string]>({
      text: `SELECT r.code, r.game_type, e.seq, e.kind, e.data FROM rooms r LEFT JOIN events e ON e.code = r.code
             WHERE r.status = 'live' AND r.unloaded_at IS NULL ORDER BY r.code, e.seq`,
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

  async liveRoom(code: string): Promise<StoredRoom | null> {
    const { rows } = await this.pool.query<[string, number | null, string, string]>({
      name: 'live-room',
      text: `SELECT r.game_type, e.seq, e.kind, e.data FROM rooms r LEFT JOIN events e ON e.code = r.code
             WHERE r.code = $1 AND r.status = 'live' ORDER BY e.seq`,
      values: [code],
      rowMode: 'array',
    });
    if (rows.length === 0) return null;
    const events: RoomEvent[] = [];
    for (const [, seq, kind, data] of rows) if (seq !== null) events.push({ seq, kind, data });
    return { code, gameType: rows[0][0], events };
  }

  async claimRoom(code: string, lease: Lease, ifExpiredBefore?: number): Promise<boolean> {
    // One statement, so of two processes claiming an expired lease at once exactly one succeeds.
    const result = await this.pool.query({
      name: 'claim-room',
      text: `UPDATE rooms SET owner = $2, fence = $3, lease_expires_at = $4
             WHERE code = $1 AND status = 'live' AND unloaded_at IS NULL AND ($5::bigint IS NULL OR lease_expires_at < $5)`,
      values: [code, lease.owner, lease.fence, lease.expiresAt, ifExpiredBefore ?? null],
    });
    return result.rowCount === 1;
  }

  async claimRooms(claims: readonly { readonly code: string; readonly lease: Lease }[]): Promise<void> {
    if (claims.length === 0) return;
    await this.pool.query({
      name: 'claim-rooms',
      text: `UPDATE rooms SET owner = c.owner, fence = c.fence, lease_expires_at = c.expires_at
             FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS c (code, owner, fence, expires_at)
             WHERE rooms.code = c.code AND rooms.status = 'live' AND rooms.unloaded_at IS NULL`,
      values: [claims.map((c) => c.code), claims.map((c) => c.lease.owner), claims.map((c) => c.lease.fence), claims.map((c) => c.lease.expiresAt)],
    });
  }

  async renewLeases(owner: string, codes: readonly string[], expiresAt: number): Promise<string[]> {
    if (codes.length === 0) return [];
    const { rows } = await this.pool.query<{ code: string }>({
      name: 'renew-leases',
      text: "UPDATE rooms SET lease_expires_at = $3 WHERE owner = $1 AND code = ANY($2::text[]) AND status = 'live' RETURNING code",
      values: [owner, codes, expiresAt],
    });
    return rows.map((r) => r.code);
  }

  async releaseLeases(owner: string): Promise<void> {
    await this.pool.query("UPDATE rooms SET lease_expires_at = 0 WHERE owner = $1 AND status = 'live'", [owner]);
  }

  async expiredRooms(now: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ code: string }>({
      name: 'expired-rooms',
      text: "SELECT code FROM rooms WHERE status = 'live' AND unloaded_at IS NULL AND lease_expires_at < $1",
      values: [now],
    });
    return rows.map((r) => r.code);
  }

  async unloadRoom(code: string, unloaded: Unloaded, fence?: string): Promise<boolean> {
    // No owner and no fence: a copy of the room left anywhere is refused its next write.
    const result = await this.pool.query({
      name: 'unload-room',
      text: `UPDATE rooms SET unloaded_at = $2, wake_at = $3, last_move_at = $4, summary = coalesce($6::text, summary), owner = NULL, fence = NULL, lease_expires_at = 0
             WHERE code = $1 AND status = 'live' AND unloaded_at IS NULL AND ($5::text IS NULL OR fence = $5)`,
      values: [code, unloaded.at, unloaded.wakeAt, unloaded.lastMoveAt, fence ?? null, unloaded.summary ?? null],
    });
    return result.rowCount === 1;
  }

  async unloadedSummary(code: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ summary: string | null }>({
      name: 'unloaded-summary',
      text: "SELECT summary FROM rooms WHERE code = $1 AND status = 'live' AND unloaded_at IS NOT NULL",
      values: [code],
    });
    return rows[0]?.summary ?? null;
  }

  async countUnloaded(): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>({
      name: 'count-unloaded',
      text: "SELECT count(*) AS count FROM rooms WHERE status = 'live' AND unloaded_at IS NOT NULL",
    });
    return Number(rows[0].count);
  }

  async claimUnloaded(code: string, lease: Lease): Promise<Unloaded | null> {
    // One statement: the row is locked as it is read, so of two claimers the second reads it
    // loaded already (FOR UPDATE waits, then reads the row again) and claims nothing.
    const { rows } = await this.pool.query<{ at: string; wake_at: string | null; last_move_at: string | null }>({
      name: 'claim-unloaded',
      text: `WITH was AS (
               SELECT code, unloaded_at AS at, wake_at, last_move_at FROM rooms
               WHERE code = $1 AND status = 'live' AND unloaded_at IS NOT NULL FOR UPDATE)
             UPDATE rooms SET unloaded_at = NULL, wake_at = NULL, owner = $2, fence = $3, lease_expires_at = $4
             FROM was WHERE rooms.code = was.code RETURNING was.at, was.wake_at, was.last_move_at`,
      values: [code, lease.owner, lease.fence, lease.expiresAt],
    });
    const row = rows[0];
    if (!row) return null;
    return { at: Number(row.at), wakeAt: row.wake_at === null ? null : Number(row.wake_at), lastMoveAt: Number(row.last_move_at ?? row.at) };
  }

  async dueRooms(now: number, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ code: string }>({
      name: 'due-rooms',
      text: "SELECT code FROM rooms WHERE status = 'live' AND unloaded_at IS NOT NULL AND wake_at <= $1 ORDER BY wake_at LIMIT $2",
      values: [now, limit],
    });
    return rows.map((r) => r.code);
  }

  async closeStaleRooms(before: number): Promise<string[]> {
    // One statement: the rooms are closed and their events go together.
    const { rows } = await this.pool.query<{ code: string }>({
      name: 'close-stale-rooms',
      text: `WITH closed AS (
               UPDATE rooms SET status = 'closed', updated_at = $2, unloaded_at = NULL, wake_at = NULL
               WHERE status = 'live' AND unloaded_at IS NOT NULL AND last_move_at < $1 RETURNING code),
             gone AS (DELETE FROM events WHERE code IN (SELECT code FROM closed))
             SELECT code FROM closed`,
      values: [before, this.now()],
    });
    return rows.map((r) => r.code);
  }

  async codeStatus(code: string): Promise<CodeStatus | null> {
    const { rows } = await this.pool.query<{ status: CodeStatus }>({
      name: 'code-status',
      text: `SELECT CASE WHEN status = 'quarantined' THEN 'quarantined' WHEN unloaded_at IS NULL THEN 'loaded' ELSE 'unloaded' END AS status
             FROM rooms WHERE code = $1 AND status <> 'closed'`,
      values: [code],
    });
    return rows[0]?.status ?? null;
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
