import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Pool } from 'pg';
import { LATEST_VERSION, MIGRATIONS, pendingMigrations } from './migrations';
import { migratePostgres, PostgresStore } from './PostgresStore';
import { packRecord } from './record-bytes';
import { migrateSqlite, SqliteStore, sqliteSchemaVersion } from './SqliteStore';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from '../test-support/postgres';
import { inServiceRun, inUnitRun, SERVICE_RUN } from '../test-support/test-run';
import { STORED_GAME, STORED_RECORD_FORMAT } from '../test-support/stored-game';

jest.setTimeout(60_000);

inUnitRun(test)('the migrations are numbered 1, 2, 3, … with no gap', () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  expect(LATEST_VERSION).toBeGreaterThanOrEqual(2);
  expect(pendingMigrations(0).map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
  expect(pendingMigrations(1, 1)).toEqual([]);
  expect(() => pendingMigrations(LATEST_VERSION + 1)).toThrow(/newer than this server/);
});

/** A version-1 database with a live room, a closed room's record and a quarantine-less schema. */
const V1_ROOM = {
  code: 'OLDOLD',
  gameType: STORED_GAME,
  events: [
    { seq: 1, kind: 'table', data: '{"v":1}' },
    { seq: 2, kind: 'move', data: '"0 end"' },
  ],
};
const V1_GAME = { code: 'GONEGO', gameType: STORED_GAME, gameNumber: 1, finishedAt: 1_700_000_000_000, summary: '{"winners":["Ann"]}' };
const V1_RECORD = `{"format":"${STORED_RECORD_FORMAT}","turns":[]}`;

inUnitRun(describe)('SQLite migrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-migrate-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const indexes = (db: Database.Database) =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
  const columns = (db: Database.Database, table: string) => (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);

  test('an empty file is brought to the latest version, each step recorded', async () => {
    const file = path.join(dir, 'samurai.db');
    await new SqliteStore(file).shutdown();
    const db = new Database(file);
    try {
      expect(sqliteSchemaVersion(db)).toBe(LATEST_VERSION);
      expect((db.prepare('SELECT version FROM schema_version ORDER BY version').all() as { version: number }[]).map((r) => r.version)).toEqual(
        MIGRATIONS.map((m) => m.version),
      );
      expect(columns(db, 'rooms')).toEqual(
        expect.arrayContaining(['quarantine_reason', 'owner', 'fence', 'lease_expires_at', 'unloaded_at', 'wake_at', 'last_move_at']),
      );
      expect(indexes(db)).toEqual(
        expect.arrayContaining(['games_by_finished_at', 'rooms_by_owner', 'rooms_by_lease', 'rooms_to_wake', 'rooms_unloaded_by_last_move']),
      );
    } finally {
      db.close();
    }
    // Opening it again applies nothing twice.
    await new SqliteStore(file).shutdown();
    const again = new Database(file);
    expect((again.prepare('SELECT count(*) AS n FROM schema_version').get() as { n: number }).n).toBe(MIGRATIONS.length);
    again.close();
  });

  test('a version-1 database is migrated with its rooms and records intact', async () => {
    const file = path.join(dir, 'samurai.db');
    const v1 = new Database(file);
    v1.pragma('journal_mode = WAL');
    migrateSqlite(v1, 1);
    expect(sqliteSchemaVersion(v1)).toBe(1);
    expect(columns(v1, 'rooms')).not.toContain('quarantine_reason');
    v1.prepare("INSERT INTO rooms VALUES (?, ?, 'live', 1, 2)").run(V1_ROOM.code, V1_ROOM.gameType);
    for (const e of V1_ROOM.events) v1.prepare('INSERT INTO events VALUES (?, ?, ?, ?)').run(V1_ROOM.code, e.seq, e.kind, e.data);
    v1.prepare("INSERT INTO rooms VALUES (?, ?, 'closed', 1, 2)").run(V1_GAME.code, V1_GAME.gameType);
    v1.prepare('INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)').run(
      V1_GAME.code,
      V1_GAME.gameNumber,
      V1_GAME.gameType,
      V1_GAME.finishedAt,
      V1_GAME.summary,
      packRecord(V1_RECORD),
    );
    v1.close();

    const store = new SqliteStore(file);
    try {
      expect(await store.liveRooms()).toEqual([V1_ROOM]);
      expect(await store.record(V1_GAME.code)).toEqual({ game: V1_GAME, record: V1_RECORD });
      // Version 3: an old live room has no lease yet, so any process may claim it.
      expect(await store.expiredRooms(1)).toEqual([V1_ROOM.code]);
      expect(await store.claimRoom(V1_ROOM.code, { owner: 'A', fence: 'f', expiresAt: 10 }, 1)).toBe(true);
      expect(await store.renewLeases('A', [V1_ROOM.code], 20)).toEqual([V1_ROOM.code]);
      // Version 4: an old live room is loaded; it unloads and comes back like any other.
      expect(await store.unloadRoom(V1_ROOM.code, { at: 30, wakeAt: null, lastMoveAt: 25 }, 'f')).toBe(true);
      expect(await store.liveRooms()).toEqual([]);
      expect(await store.claimUnloaded(V1_ROOM.code, { owner: 'A', fence: 'g', expiresAt: 40 })).toEqual({ at: 30, wakeAt: null, lastMoveAt: 25 });
      // What version 2 brought works on the old data.
      await store.quarantine(V1_ROOM.code, 'does not replay');
      expect(await store.liveRooms()).toEqual([]);
    } finally {
      await store.shutdown();
    }
    const db = new Database(file);
    try {
      expect(sqliteSchemaVersion(db)).toBe(LATEST_VERSION);
      expect(indexes(db)).toContain('games_by_finished_at');
      expect(db.prepare('SELECT status, quarantine_reason FROM rooms WHERE code = ?').get(V1_ROOM.code)).toEqual({
        status: 'quarantined',
        quarantine_reason: 'does not replay',
      });
    } finally {
      db.close();
    }
  });

  test("a version-4 database (its events in one table, as main's code wrote it) keeps every event in the log and packs", async () => {
    // Written as the store before version 5 wrote it: each event a row of `events`, dropped
    // events deleted, a closed room's events gone. Rooms live (one after a drop: its seqs start
    // at 10), unloaded and quarantined, a closed one with its record; data of every kind of text.
    const file = path.join(dir, 'samurai.db');
    const v4 = new Database(file);
    v4.pragma('journal_mode = WAL');
    migrateSqlite(v4, 4);
    const odd = `"quoted" \\ back\\slash, é, 漢字, 😀, ${'x'.repeat(3000)}`;
    const eventsOf = (code: string, first: number, last: number) =>
      Array.from({ length: last - first + 1 }, (_, i) => {
        const seq = first + i;
        return {
          seq,
          kind: seq === first ? 'start' : 'move',
          data: seq === first ? JSON.stringify({ code, odd }) : JSON.stringify({ seq, m: `${code} ${seq}` }),
        };
      });
    const written = new Map([
      ['LIVEAA', eventsOf('LIVEAA', 1, 40)],
      ['LIVEBB', eventsOf('LIVEBB', 1, 3)],
      ['DROPPD', eventsOf('DROPPD', 10, 25)],
      ['UNLOAD', eventsOf('UNLOAD', 1, 12)],
      ['QUARAN', eventsOf('QUARAN', 1, 5)],
    ]);
    const insertRoom = v4.prepare(
      `INSERT INTO rooms (code, game_type, status, created_at, updated_at, owner, fence, lease_expires_at, unloaded_at, wake_at, last_move_at) VALUES (?, '${STORED_GAME}', ?, 1, 2, ?, ?, ?, ?, ?, ?)`,
    );
    insertRoom.run('LIVEAA', 'live', 'A', 'fa', 10, null, null, null);
    insertRoom.run('LIVEBB', 'live', 'A', 'fb', 10, null, null, null);
    insertRoom.run('DROPPD', 'live', 'A', 'fd', 10, null, null, null);
    insertRoom.run('UNLOAD', 'live', null, null, 0, 30, 5_000, 25);
    insertRoom.run('QUARAN', 'quarantined', null, null, 0, null, null, null);
    insertRoom.run(V1_GAME.code, 'closed', null, null, 0, null, null, null);
    const insertEvent = v4.prepare('INSERT INTO events (code, seq, kind, data) VALUES (?, ?, ?, ?)');
    // Rows in an order other than seq's, as rooms' moves interleave.
    for (let i = 0; i < 40; i++) for (const [code, events] of written) if (events[i]) insertEvent.run(code, events[i].seq, events[i].kind, events[i].data);
    v4.prepare('INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)').run(
      V1_GAME.code,
      V1_GAME.gameNumber,
      V1_GAME.gameType,
      V1_GAME.finishedAt,
      V1_GAME.summary,
      packRecord(V1_RECORD),
    );
    const tableRows = v4.prepare('SELECT code, seq, kind, data FROM events ORDER BY code, seq').all();
    v4.close();

    const room = (code: string) => ({ code, gameType: STORED_GAME, events: written.get(code)! });
    const viewRows = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT code, seq, kind, data FROM events ORDER BY code, seq').all();
      } finally {
        db.close();
      }
    };
    // Compacting after every write: the migrated packs are cut by drops and joined by new packs.
    const open = () => new SqliteStore(file, { groupCommit: true, compaction: { afterRows: 1, rows: 2 } });
    let store = open();
    try {
      expect(await store.liveRooms()).toEqual(['DROPPD', 'LIVEAA', 'LIVEBB'].map(room));
      expect(await store.liveRoom('UNLOAD')).toEqual(room('UNLOAD'));
      expect(await store.codeStatus('QUARAN')).toBe('quarantined');
      expect(await store.record(V1_GAME.code)).toEqual({ game: V1_GAME, record: V1_RECORD });
      // Seqs: a taken one refused, a retry of the last event answered as written, the next one kept.
      const last = written.get('LIVEAA')![39];
      await expect(store.append('LIVEAA', STORED_GAME, [{ ...last, data: '"other"' }], { owner: 'A', fence: 'fa', expiresAt: 10 })).rejects.toThrow(
        /seq 40 is taken/,
      );
      await store.append('LIVEAA', STORED_GAME, [last], { owner: 'A', fence: 'fa', expiresAt: 10 });
      const next = { seq: 41, kind: 'move', data: '"next"' };
      await store.append('LIVEAA', STORED_GAME, [next], { owner: 'A', fence: 'fa', expiresAt: 10 });
      written.get('LIVEAA')!.push(next);
      // A drop through the middle of a migrated pack, then a new game's deal dropping the rest.
      store.dropBefore('DROPPD', 20, 'fd');
      written.set('DROPPD', written.get('DROPPD')!.slice(10));
      await store.append('LIVEBB', STORED_GAME, [{ seq: 4, kind: 'start', data: '"again"' }], { owner: 'A', fence: 'fb', expiresAt: 10 }, { dropBefore: 4 });
      written.set('LIVEBB', [{ seq: 4, kind: 'start', data: '"again"' }]);
      expect(await store.claimUnloaded('UNLOAD', { owner: 'A', fence: 'fu', expiresAt: 10 })).toEqual({ at: 30, wakeAt: 5_000, lastMoveAt: 25 });
      store.closeRoom('LIVEAA', 'fa');
    } finally {
      await store.shutdown();
    }
    expect(viewRows(file)).toEqual(
      [
        ...(tableRows as { code: string }[]).filter((r) => r.code === 'QUARAN'),
        ...['DROPPD', 'LIVEBB', 'UNLOAD'].flatMap((code) => written.get(code)!.map((e) => ({ code, ...e }))),
      ].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
    );
    store = open();
    try {
      expect(await store.liveRooms()).toEqual(['DROPPD', 'LIVEBB', 'UNLOAD'].map(room));
      // The closed room's code is free: its log starts from nothing.
      await store.append('LIVEAA', STORED_GAME, [{ seq: 1, kind: 'table', data: '"new"' }], { owner: 'B', fence: 'fn', expiresAt: 10 });
      expect(await store.liveRoom('LIVEAA')).toEqual({ code: 'LIVEAA', gameType: STORED_GAME, events: [{ seq: 1, kind: 'table', data: '"new"' }] });
    } finally {
      await store.shutdown();
    }
  });

  test('a database from a newer server is refused, untouched', () => {
    const file = path.join(dir, 'samurai.db');
    const db = new Database(file);
    migrateSqlite(db);
    db.prepare('INSERT INTO schema_version VALUES (?, 0)').run(LATEST_VERSION + 1);
    db.close();
    expect(() => new SqliteStore(file)).toThrow(/newer than this server/);
  });
});

const postgresBin = findPostgresBinaries();
if (SERVICE_RUN && !postgresBin) warnPostgresMissing('Postgres migration tests');

inServiceRun(postgresBin ? describe : describe.skip)('Postgres migrations', () => {
  let cluster: TestPostgres;
  beforeAll(async () => {
    cluster = await startTestPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  /** Runs `use` with a client of a database (its own pool, ended afterwards). */
  const withClient = async <T>(url: string, use: (client: import('pg').PoolClient) => Promise<T>): Promise<T> => {
    const pool = new Pool({ connectionString: url, max: 1 });
    const client = await pool.connect();
    try {
      return await use(client);
    } finally {
      client.release();
      await pool.end();
    }
  };
  const version = (client: import('pg').PoolClient) =>
    client.query<{ v: number }>('SELECT coalesce(max(version), 0)::int AS v FROM schema_version').then((r) => r.rows[0].v);
  const hasColumn = (client: import('pg').PoolClient, table: string, column: string) =>
    client.query('SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = $2', [table, column]).then((r) => r.rowCount === 1);
  const hasIndex = (client: import('pg').PoolClient, name: string) =>
    client.query('SELECT 1 FROM pg_indexes WHERE indexname = $1', [name]).then((r) => r.rowCount === 1);

  test('an empty database is brought to the latest version, each step recorded', async () => {
    const url = await cluster.newDatabase();
    await (await PostgresStore.open(url)).shutdown();
    await (await PostgresStore.open(url)).shutdown();
    await withClient(url, async (client) => {
      expect(await version(client)).toBe(LATEST_VERSION);
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      for (const column of ['quarantine_reason', 'owner', 'fence', 'lease_expires_at', 'unloaded_at', 'wake_at', 'last_move_at'])
        expect(await hasColumn(client, 'rooms', column)).toBe(true);
      for (const index of ['games_by_finished_at', 'rooms_by_owner', 'rooms_by_lease', 'rooms_to_wake', 'rooms_unloaded_by_last_move'])
        expect(await hasIndex(client, index)).toBe(true);
    });
  });

  test('two servers opening one new database at once migrate it once', async () => {
    const url = await cluster.newDatabase();
    const stores = await Promise.all([PostgresStore.open(url), PostgresStore.open(url), PostgresStore.open(url)]);
    for (const store of stores) await store.shutdown();
    await withClient(url, async (client) => {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_version');
      expect(rows[0].n).toBe(MIGRATIONS.length);
    });
  });

  test('a version-1 database is migrated with its rooms and records intact', async () => {
    const url = await cluster.newDatabase();
    await withClient(url, async (client) => {
      await migratePostgres(client, 1);
      expect(await version(client)).toBe(1);
      expect(await hasColumn(client, 'rooms', 'quarantine_reason')).toBe(false);
      await client.query("INSERT INTO rooms VALUES ($1, $2, 'live', 1, 2)", [V1_ROOM.code, V1_ROOM.gameType]);
      for (const e of V1_ROOM.events) await client.query('INSERT INTO events VALUES ($1, $2, $3, $4)', [V1_ROOM.code, e.seq, e.kind, e.data]);
      await client.query("INSERT INTO rooms VALUES ($1, $2, 'closed', 1, 2)", [V1_GAME.code, V1_GAME.gameType]);
      await client.query('INSERT INTO games VALUES ($1, $2, $3, $4, $5, $6)', [
        V1_GAME.code,
        V1_GAME.gameNumber,
        V1_GAME.gameType,
        V1_GAME.finishedAt,
        V1_GAME.summary,
        packRecord(V1_RECORD),
      ]);
    });

    const store = await PostgresStore.open(url);
    try {
      expect(await store.liveRooms()).toEqual([V1_ROOM]);
      expect(await store.record(V1_GAME.code)).toEqual({ game: V1_GAME, record: V1_RECORD });
      expect(await store.expiredRooms(1)).toEqual([V1_ROOM.code]);
      expect(await store.claimRoom(V1_ROOM.code, { owner: 'A', fence: 'f', expiresAt: 10 }, 1)).toBe(true);
      expect(await store.renewLeases('A', [V1_ROOM.code], 20)).toEqual([V1_ROOM.code]);
      expect(await store.unloadRoom(V1_ROOM.code, { at: 30, wakeAt: null, lastMoveAt: 25 }, 'f')).toBe(true);
      expect(await store.liveRooms()).toEqual([]);
      expect(await store.claimUnloaded(V1_ROOM.code, { owner: 'A', fence: 'g', expiresAt: 40 })).toEqual({ at: 30, wakeAt: null, lastMoveAt: 25 });
      await store.quarantine(V1_ROOM.code, 'does not replay');
      expect(await store.liveRooms()).toEqual([]);
    } finally {
      await store.shutdown();
    }
    await withClient(url, async (client) => {
      expect(await version(client)).toBe(LATEST_VERSION);
      expect(await hasIndex(client, 'games_by_finished_at')).toBe(true);
      const { rows } = await client.query('SELECT status, quarantine_reason FROM rooms WHERE code = $1', [V1_ROOM.code]);
      expect(rows).toEqual([{ status: 'quarantined', quarantine_reason: 'does not replay' }]);
    });
  });

  test('a database from a newer server is refused', async () => {
    const url = await cluster.newDatabase();
    await (await PostgresStore.open(url)).shutdown();
    await withClient(url, (client) => client.query('INSERT INTO schema_version VALUES ($1, 0)', [LATEST_VERSION + 1]));
    await expect(PostgresStore.open(url)).rejects.toThrow(/newer than this server/);
  });
});

if (SERVICE_RUN && !postgresBin && process.env.CI) {
  test('PostgreSQL is installed (CI must run the Postgres tests)', () => {
    expect(postgresBin).not.toBeNull();
  });
}
