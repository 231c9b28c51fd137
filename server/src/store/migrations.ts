/**
 * The store's schema, as an ordered list of migrations for both databases. A database records
 * each version applied in `schema_version`; opening a store applies the ones it lacks, in order,
 * each in its own transaction. Never edit a released migration: add the next one.
 */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sqlite: string;
  readonly postgres: string;
}

/** Migration 6's tables, the same on both databases but for the type of a time (ms since the epoch). */
function pushTables(time: 'INTEGER' | 'BIGINT'): string {
  return `
      CREATE TABLE push_keys (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        public_key TEXT NOT NULL,
        private_key TEXT NOT NULL,
        created_at ${time} NOT NULL
      );
      CREATE TABLE push_subscriptions (
        code TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        language TEXT NOT NULL,
        created_at ${time} NOT NULL,
        PRIMARY KEY (code, token_hash, endpoint)
      );
      CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);
      CREATE TABLE push_turns (
        code TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        turn TEXT NOT NULL,
        PRIMARY KEY (code, token_hash)
      );`;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'rooms, their events, finished games',
    // Events are small and read in (code, seq) order, so their table is the primary key's own
    // b-tree (WITHOUT ROWID: one b-tree to write per append). Games keep a rowid: their record is
    // about 1 KB, more than a WITHOUT ROWID row keeps on its page before spilling to overflow pages.
    sqlite: `
      CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        game_type TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('live', 'closed', 'quarantined')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE events (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (code, seq)
      ) WITHOUT ROWID;
      CREATE TABLE games (
        code TEXT NOT NULL,
        game_number INTEGER NOT NULL,
        game_type TEXT NOT NULL,
        finished_at INTEGER NOT NULL,
        summary TEXT NOT NULL,
        record BLOB NOT NULL,
        PRIMARY KEY (code, game_number)
      );`,
    postgres: `
      CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        game_type TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('live', 'closed', 'quarantined')),
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE events (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (code, seq)
      );
      CREATE TABLE games (
        code TEXT NOT NULL,
        game_number INTEGER NOT NULL,
        game_type TEXT NOT NULL,
        finished_at BIGINT NOT NULL,
        summary TEXT NOT NULL,
        record BYTEA NOT NULL,
        PRIMARY KEY (code, game_number)
      );`,
  },
  {
    version: 2,
    description: 'why a room was quarantined; finished games by age, for pruning',
    sqlite: `
      ALTER TABLE rooms ADD COLUMN quarantine_reason TEXT;
      CREATE INDEX games_by_finished_at ON games (finished_at);`,
    postgres: `
      ALTER TABLE rooms ADD COLUMN quarantine_reason TEXT;
      CREATE INDEX games_by_finished_at ON games (finished_at);`,
  },
  {
    version: 3,
    description: "rooms' owner leases: which process runs a live room, until when, and its fence",
    sqlite: `
      ALTER TABLE rooms ADD COLUMN owner TEXT;
      ALTER TABLE rooms ADD COLUMN fence TEXT;
      ALTER TABLE rooms ADD COLUMN lease_expires_at INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX rooms_by_owner ON rooms (owner);
      CREATE INDEX rooms_by_lease ON rooms (status, lease_expires_at);`,
    postgres: `
      ALTER TABLE rooms ADD COLUMN owner TEXT;
      ALTER TABLE rooms ADD COLUMN fence TEXT;
      ALTER TABLE rooms ADD COLUMN lease_expires_at BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX rooms_by_owner ON rooms (owner);
      CREATE INDEX rooms_by_lease ON rooms (status, lease_expires_at);`,
  },
  {
    version: 4,
    description: 'tables unloaded from memory: since when, when they next wake by themselves, their last move',
    // An unloaded table is live but held by no process (unloaded_at set): the lease scan skips
    // it, and its index holds loaded rooms only, so idle tables by the hundred thousand cost the
    // twice-a-second scan nothing. The wake sweep and the retention sweep read unloaded ones only.
    sqlite: `
      ALTER TABLE rooms ADD COLUMN unloaded_at INTEGER;
      ALTER TABLE rooms ADD COLUMN wake_at INTEGER;
      ALTER TABLE rooms ADD COLUMN last_move_at INTEGER;
      DROP INDEX rooms_by_lease;
      CREATE INDEX rooms_by_lease ON rooms (lease_expires_at) WHERE status = 'live' AND unloaded_at IS NULL;
      CREATE INDEX rooms_to_wake ON rooms (wake_at) WHERE status = 'live' AND unloaded_at IS NOT NULL;
      CREATE INDEX rooms_unloaded_by_last_move ON rooms (last_move_at) WHERE status = 'live' AND unloaded_at IS NOT NULL;`,
    postgres: `
      ALTER TABLE rooms ADD COLUMN unloaded_at BIGINT;
      ALTER TABLE rooms ADD COLUMN wake_at BIGINT;
      ALTER TABLE rooms ADD COLUMN last_move_at BIGINT;
      DROP INDEX rooms_by_lease;
      CREATE INDEX rooms_by_lease ON rooms (lease_expires_at) WHERE status = 'live' AND unloaded_at IS NULL;
      CREATE INDEX rooms_to_wake ON rooms (wake_at) WHERE status = 'live' AND unloaded_at IS NOT NULL;
      CREATE INDEX rooms_unloaded_by_last_move ON rooms (last_move_at) WHERE status = 'live' AND unloaded_at IS NOT NULL;`,
  },
  {
    version: 5,
    description: "SQLite: rooms' events in an append-only log and packs per room (SqliteEventLog); Postgres: unchanged",
    // The events move into one pack per room; the view `events` shows them as the table did
    // (rows dropped by a later drop of their room left out). Postgres keeps its events table: its
    // WAL logs the rows a commit changes, not each page a room's index entry sits on, so a move
    // does not cost it a page per room as it did SQLite.
    sqlite: `
      CREATE TABLE event_log (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT,
        data TEXT
      );
      CREATE INDEX event_log_drops ON event_log (code, seq) WHERE kind IS NULL;
      CREATE TABLE event_packs (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        first_seq INTEGER NOT NULL,
        last_seq INTEGER NOT NULL,
        events TEXT NOT NULL
      );
      CREATE INDEX event_packs_by_room ON event_packs (code, first_seq);
      INSERT INTO event_packs (code, first_seq, last_seq, events)
        SELECT code, min(seq), max(seq), json_group_array(json_array(seq, kind, data) ORDER BY seq) FROM events GROUP BY code;
      DROP TABLE events;
      CREATE VIEW events (code, seq, kind, data) AS
        SELECT e.code, e.seq, e.kind, e.data FROM (
          SELECT p.code, j.value ->> 0 AS seq, j.value ->> 1 AS kind, j.value ->> 2 AS data, 0 AS id FROM event_packs p, json_each(p.events) j
          UNION ALL
          SELECT code, seq, kind, data, id FROM event_log WHERE kind IS NOT NULL
        ) e
        WHERE NOT EXISTS (SELECT 1 FROM event_log d WHERE d.kind IS NULL AND d.code = e.code AND d.seq > e.seq AND d.id > e.id);`,
    postgres: '-- nothing: Postgres keeps its events table (see the SQLite side)',
  },
  {
    version: 6,
    description: "an unloaded table's summary (game, players, whose turn, token hashes) for the players' list of their games",
    // Written as the table unloads, read by code only while it is unloaded: a browser's list of
    // its games is answered without bringing the table back.
    sqlite: 'ALTER TABLE rooms ADD COLUMN summary TEXT;',
    postgres: 'ALTER TABLE rooms ADD COLUMN summary TEXT;',
  },
  {
    version: 7,
    description: "Web Push: the server's VAPID keys, seats' subscriptions, the turn each seat was last told of",
    // One row of keys (made on first start). A subscription belongs to a seat (its room code and
    // the hash of its seat token), one per browser endpoint; a 404 or 410 from the push service
    // removes an endpoint from every seat (its index). push_turns holds, per seat, the turn it was
    // last notified of: taken in one statement, so a turn is notified once by whichever process.
    sqlite: pushTables('INTEGER'),
    postgres: pushTables('BIGINT'),
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

export const SCHEMA_VERSION_TABLE = {
  sqlite: 'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
  postgres: 'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
};

/** The migrations a database at `current` still needs to reach `target`; refuses a newer database. */
export function pendingMigrations(current: number, target = LATEST_VERSION): Migration[] {
  if (current > LATEST_VERSION) {
    throw new Error(`the database is at schema version ${current}, newer than this server's ${LATEST_VERSION}: run a newer server (or restore a backup)`);
  }
  return MIGRATIONS.filter((m) => m.version > current && m.version <= target);
}
