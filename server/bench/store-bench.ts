/**
 * `npm run bench:store [-- --games 1000]`
 *
 * What persistence costs, for SQLite (the default) and Postgres (when Debian's postgresql is
 * installed: a throwaway cluster with its real durability, fsync on). Prints:
 *  - append p50/p99 in µs: one accepted move appended (its own transaction), as the room does it,
 *    while 50 rooms play at once; SQLite with synchronous NORMAL (the default) and FULL;
 *  - bytes per finished game: each game appends 1 'table' event, 1 'start' event (~2 KB), ~120
 *    'move' events (~40 bytes) one by one, then saves its record (a real one from the engine) and
 *    closes the room. Measured in steady state (after warm-up games, as the freed pages of closed
 *    rooms are reused) as the growth of the pages in use (and of the file) over the measured games;
 *  - liveRooms() for 1,000 live rooms of ~100 events each (what a restart reads), and the open;
 *  - SQLite as the server runs it (group commit, the checkpointing thread): 200 rooms playing,
 *    each move a 'move' and a 'clock' append, a new game (a 2 KB 'start' that drops the old game's
 *    events) every 140 moves, `n` rooms moving in each turn of the event loop: the process's CPU
 *    time per move, and its bytes written and write calls per move (every thread: the
 *    checkpoints too, from /proc/self/io).
 *    `--turns-only [--moves N]` runs only this (e.g. under valgrind's callgrind, whose instruction
 *    counts hold on a loaded machine: run it with two values of N and take the difference).
 * Figures only: nothing here asserts a time. The last line is JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { seededRng } from '@samurai/shared';
import type { GameStore, RoomEvent } from '../src/store/game-store';
import { PostgresStore } from '../src/store/PostgresStore';
import { SqliteStore } from '../src/store/SqliteStore';
import { findPostgresBinaries, POSTGRES_INSTALL, startTestPostgres, TestPostgres } from '../src/test-support/postgres';
import { botGame } from '../src/test-support/bot-game';
import { STORED_GAME } from '../src/test-support/stored-game';
import { contractOf, TEST_GAME } from '../src/test-support/TableClient';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const GAMES = argument('games', 1000);
const TURNS_ONLY = process.argv.includes('--turns-only');
const TURN_MOVES = argument('moves', 30_000);
const CONCURRENT_ROOMS = 50;
const MOVES_PER_GAME = 120;
const LIVE_ROOMS = 1000;
const EVENTS_PER_LIVE_ROOM = 100;

// ---- what a room writes ------------------------------------------------------------------------

/** Real records of real games of the test game (2–4 players, random bots), compact JSON as the server keeps them. */
const RECORDS = Array.from({ length: 16 }, (_, g) => {
  const contract = contractOf(TEST_GAME.name);
  return JSON.stringify(contract.record(botGame(contract, 2 + (g % 3), g)));
});
/** Deterministic filler that compresses about as JSON of a game does. */
const text = (length: number, seed: number) => {
  const rng = seededRng(seed);
  const words = ['buddha', 'rice', 'castle', 'warrior', 'ronin', 'ship', 'switch', 'move', '"seat":', '14,13', ','];
  let out = '';
  while (out.length < length) out += words[rng.int(words.length)] + String(rng.int(5));
  return out.slice(0, length);
};
const tableEvent = (seq: number, n: number): RoomEvent => ({ seq, kind: 'table', data: JSON.stringify({ table: text(450, n) }) });
const startEvent = (seq: number, n: number): RoomEvent => ({ seq, kind: 'start', data: JSON.stringify({ gameNumber: 1, deal: text(2000, n + 1) }) });
const moveEvent = (seq: number, n: number): RoomEvent => ({
  seq,
  kind: 'move',
  data: JSON.stringify({ s: n % 4, m: `play buddha${n % 4}@${10 + (n % 9)},${n % 17}` }),
});

// ---- figures -----------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
function latency(samples: number[]): { p50: number; p99: number; n: number } {
  const sorted = samples.slice().sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), n: sorted.length };
}
const micros = (since: number) => (performance.now() - since) * 1000;

/**
 * Plays `games` games over CONCURRENT_ROOMS rooms at once: each tick, every room appends its
 * next event; a room that has made its moves saves its record, closes, and a new room begins.
 * Answers the latencies of the single-move appends.
 */
async function playGames(store: GameStore, games: number, firstGame: number): Promise<number[]> {
  const samples: number[] = [];
  let next = firstGame;
  const end = firstGame + games;
  interface Playing {
    code: string;
    game: number;
    seq: number;
  }
  const begin = (): Playing | null => (next < end ? { code: `G${String(next).padStart(7, '0')}`, game: next++, seq: 0 } : null);
  let rooms = Array.from({ length: CONCURRENT_ROOMS }, begin).filter((r): r is Playing => r !== null);
  while (rooms.length > 0) {
    await Promise.all(
      rooms.map(async (room) => {
        const seq = ++room.seq;
        if (seq === 1) return store.append(room.code, STORED_GAME, [tableEvent(1, room.game)]);
        if (seq === 2) return store.append(room.code, STORED_GAME, [startEvent(2, room.game)]);
        if (seq <= 2 + MOVES_PER_GAME) {
          // A synchronous store is timed to its return (the other rooms' appends come after), an
          // asynchronous one until its promise resolves.
          const t = performance.now();
          const written = store.append(room.code, STORED_GAME, [moveEvent(seq, room.game * 1000 + seq)]);
          if (written) await written;
          samples.push(micros(t));
          return;
        }
        const summary = JSON.stringify({ winners: ['Ann'], players: ['Ann', 'Bob', 'Kenji (bot)'] });
        await store.saveGame({ code: room.code, gameType: STORED_GAME, gameNumber: 1, finishedAt: Date.now(), summary }, RECORDS[room.game % RECORDS.length]);
        await store.closeRoom(room.code);
        room.seq = -1;
      }),
    );
    rooms = rooms.flatMap((room) => (room.seq >= 0 ? [room] : (begin() ?? [])));
  }
  return samples;
}

/** One room alone appending its moves one after another: the latency of a commit with nothing else going on. */
async function appendAlone(store: GameStore, appends: number): Promise<number[]> {
  const samples: number[] = [];
  await store.append('ALONE1', STORED_GAME, [tableEvent(1, 0), startEvent(2, 0)]);
  for (let seq = 3; seq < 3 + appends; seq++) {
    const t = performance.now();
    const written = store.append('ALONE1', STORED_GAME, [moveEvent(seq, seq)]);
    if (written) await written;
    samples.push(micros(t));
  }
  await store.closeRoom('ALONE1');
  return samples;
}

/** Fills a store with LIVE_ROOMS rooms of EVENTS_PER_LIVE_ROOM events each. */
async function fillLiveRooms(store: GameStore): Promise<void> {
  for (let r = 0; r < LIVE_ROOMS; r++) {
    const code = `L${String(r).padStart(5, '0')}`;
    const events = [tableEvent(1, r), startEvent(2, r)];
    for (let seq = 3; seq <= EVENTS_PER_LIVE_ROOM; seq++) events.push(moveEvent(seq, r * 1000 + seq));
    await store.append(code, STORED_GAME, events);
  }
}

async function timeRestore(open: () => Promise<GameStore>): Promise<{ openMs: number; liveRoomsMs: number; rooms: number; events: number }> {
  const t0 = performance.now();
  const store = await open();
  const t1 = performance.now();
  const rooms = await store.liveRooms();
  const t2 = performance.now();
  await store.shutdown();
  return { openMs: round(t1 - t0), liveRoomsMs: round(t2 - t1), rooms: rooms.length, events: rooms.reduce((n, r) => n + r.events.length, 0) };
}

// ---- SQLite ------------------------------------------------------------------------------------

function sqliteUsage(file: string): { usedBytes: number; fileBytes: number } {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    return { usedBytes: (pages - free) * pageSize, fileBytes: fs.statSync(file).size };
  } finally {
    db.close();
  }
}

async function benchSqlite(dir: string) {
  const file = path.join(dir, 'games.db');
  const store = new SqliteStore(file);
  const warmUp = Math.max(CONCURRENT_ROOMS * 2, Math.round(GAMES / 5));
  await playGames(store, warmUp, 0);
  const before = sqliteUsage(file);
  const appendNormal = latency(await playGames(store, GAMES, warmUp));
  const after = sqliteUsage(file);
  await store.shutdown();

  const full = new SqliteStore(path.join(dir, 'full.db'), { synchronous: 'FULL' });
  const appendFull = latency(await playGames(full, Math.max(CONCURRENT_ROOMS, Math.round(GAMES / 10)), 0));
  await full.shutdown();

  const liveFile = path.join(dir, 'live.db');
  const live = new SqliteStore(liveFile);
  await fillLiveRooms(live);
  await live.shutdown();
  const restore = await timeRestore(async () => new SqliteStore(liveFile));

  return {
    appendNormal,
    appendFull,
    bytesPerGame: round((after.usedBytes - before.usedBytes) / GAMES, 0),
    fileBytesPerGame: round((after.fileBytes - before.fileBytes) / GAMES, 0),
    restore,
  };
}

/** Bytes this process has handed to write calls, and how many calls (every thread). */
function written(): { bytes: number; calls: number } {
  const io = fs.readFileSync('/proc/self/io', 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)![1]);
  return { bytes: field('wchar'), calls: field('syscw') };
}

interface TurnCost {
  readonly cpuUsPerMove: number;
  readonly writtenBytesPerMove: number;
  readonly writeCallsPerMove: number;
}

/**
 * `moves` moves over `rooms` rooms, `perTurn` rooms moving in each turn (their appends queued,
 * then written together when the turn's I/O is done, as the server's rooms do), the store opened
 * as the server opens it: the process's CPU time, bytes written and write calls per move.
 */
async function playTurns(file: string, rooms: number, perTurn: number, moves: number): Promise<TurnCost> {
  const store = new SqliteStore(file, { groupCommit: true });
  const codes = Array.from({ length: rooms }, (_, i) => `T${String(i).padStart(5, '0')}`);
  const seqs = codes.map(() => 0);
  const played = codes.map((_, i) => i % 140);
  let pending = 0;
  let turnDone: () => void = () => undefined;
  const done = (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
    if (--pending === 0) turnDone();
  };
  const append = (r: number, events: RoomEvent[], dropBefore = 0) => {
    pending++;
    store.appendThen!(codes[r], STORED_GAME, events, undefined, done, dropBefore > 0 ? { dropBefore } : undefined);
  };
  const turn = (rs: number[]) =>
    new Promise<void>((resolve) => {
      turnDone = resolve;
      for (const r of rs) {
        if (seqs[r] === 0 || played[r] % 140 === 0) {
          // A new game: its deal, and the log starts afresh from it.
          const first = seqs[r] + 1;
          seqs[r] += 2;
          append(r, [tableEvent(first, r), startEvent(first + 1, r)], first > 1 ? first : 0);
        }
        played[r]++;
        append(r, [moveEvent(++seqs[r], r * 1000 + played[r])]);
        append(r, [
          {
            seq: ++seqs[r],
            kind: 'clock',
            data: JSON.stringify({ at: 1_700_000_000_000 + played[r], banks: [1_200_000 - played[r], 1_199_000, 1_180_000, 1_190_000] }),
          },
        ]);
      }
    });
  const rng = seededRng(perTurn);
  const batch = () => Array.from({ length: perTurn }, () => rng.int(rooms)).filter((r, i, all) => all.indexOf(r) === i);
  // Every room in play first, then warmed up.
  for (let r = 0; r < rooms; r += perTurn) await turn(Array.from({ length: Math.min(perTurn, rooms - r) }, (_, i) => r + i));
  for (let m = 0; m < moves / 4; m += perTurn) await turn(batch());
  const cpu = process.cpuUsage();
  const before = written();
  let made = 0;
  while (made < moves) {
    const rs = batch();
    await turn(rs);
    made += rs.length;
  }
  const used = process.cpuUsage(cpu);
  const after = written();
  await store.shutdown();
  return {
    cpuUsPerMove: round((used.user + used.system) / made),
    writtenBytesPerMove: round((after.bytes - before.bytes) / made, 0),
    writeCallsPerMove: round((after.calls - before.calls) / made, 2),
  };
}

async function benchTurns(dir: string) {
  const results: Record<string, TurnCost> = {};
  for (const perTurn of [1, 4, 16]) results[perTurn] = await playTurns(path.join(dir, `turns-${perTurn}.db`), 200, perTurn, TURN_MOVES);
  return results;
}

// ---- Postgres ----------------------------------------------------------------------------------

/**
 * Vacuums (as autovacuum does in time: dead rows' space becomes reusable) and answers the bytes
 * that finished games leave: the rows of the games and rooms tables and of their TOAST
 * (pgstattuple's tuple_len: with rooms ending in step here, Postgres extends a table many pages
 * at a time, so file sizes and free space move in steps), plus their indexes' files. The events
 * table is left out: once vacuumed, the closed rooms' events are space for the live rooms' next
 * events, a working set that does not grow with the games finished.
 */
async function postgresUsage(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM');
    await client.query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
    const { rows } = await client.query<{ bytes: string }>(`
      WITH tables AS (SELECT unnest(ARRAY['rooms', 'games']::regclass[])::oid AS oid),
           heaps AS (SELECT oid FROM tables UNION ALL SELECT c.reltoastrelid FROM pg_class c JOIN tables t ON c.oid = t.oid WHERE c.reltoastrelid <> 0)
      SELECT ((SELECT sum(s.tuple_len) FROM heaps, LATERAL pgstattuple(heaps.oid::regclass) s)
            + (SELECT coalesce(sum(pg_relation_size(indexrelid)), 0) FROM pg_index WHERE indrelid IN (SELECT oid FROM heaps)))::bigint AS bytes`);
    return Number(rows[0].bytes);
  } finally {
    await client.end();
  }
}

async function benchPostgres(cluster: TestPostgres) {
  const url = await cluster.newDatabase();
  const store = await PostgresStore.open(url, { maxConnections: CONCURRENT_ROOMS });
  // In batches with a VACUUM after each, as autovacuum would: the events of closed rooms leave
  // dead rows whose space is reused only once vacuumed.
  const batch = CONCURRENT_ROOMS * 2;
  const batches = Math.max(2, Math.round(GAMES / 2 / batch));
  for (let b = 0; b < 2; b++) {
    await playGames(store, batch, b * batch);
    await postgresUsage(url);
  }
  const before = await postgresUsage(url);
  const samples: number[] = [];
  let after = before;
  for (let b = 0; b < batches; b++) {
    samples.push(...(await playGames(store, batch, (b + 2) * batch)));
    after = await postgresUsage(url);
  }
  const append = latency(samples);
  const games = batches * batch;
  const appendAloneLatency = latency(await appendAlone(store, 2000));
  await store.shutdown();

  const liveUrl = await cluster.newDatabase();
  const live = await PostgresStore.open(liveUrl);
  await fillLiveRooms(live);
  await live.shutdown();
  const restore = await timeRestore(() => PostgresStore.open(liveUrl));
  return { append, appendAlone: appendAloneLatency, games, bytesPerGame: round((after - before) / games, 0), restore };
}

// ---- main --------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-store-bench-'));
  try {
    if (TURNS_ONLY) {
      const turns = await playTurns(path.join(dir, 'turns.db'), 200, 4, TURN_MOVES);
      console.log(JSON.stringify({ moves: TURN_MOVES, ...turns }));
      return;
    }
    const sizes = {
      recordBytes: round(RECORDS.reduce((n, r) => n + r.length, 0) / RECORDS.length, 0),
      startBytes: startEvent(2, 0).data.length,
      moveBytes: moveEvent(3, 3).data.length,
    };
    console.log(
      `a game: ${MOVES_PER_GAME} moves of ~${sizes.moveBytes} B, a start of ${sizes.startBytes} B, a record of ~${sizes.recordBytes} B (real, compact JSON)`,
    );
    console.log(`SQLite (${GAMES} games measured, ${CONCURRENT_ROOMS} rooms at once)…`);
    const sqlite = await benchSqlite(dir);
    console.log(
      `  append (synchronous NORMAL, the default): p50 ${sqlite.appendNormal.p50} µs, p99 ${sqlite.appendNormal.p99} µs (${sqlite.appendNormal.n} appends)`,
    );
    console.log(
      `  append (synchronous FULL, fsync per commit): p50 ${sqlite.appendFull.p50} µs, p99 ${sqlite.appendFull.p99} µs (${sqlite.appendFull.n} appends)`,
    );
    console.log(`  bytes per finished game: ${sqlite.bytesPerGame} B of pages in use (the file grew ${sqlite.fileBytesPerGame} B a game)`);
    console.log(
      `  restore: open ${sqlite.restore.openMs} ms, liveRooms() ${sqlite.restore.liveRoomsMs} ms for ${sqlite.restore.rooms} rooms, ${sqlite.restore.events} events`,
    );

    console.log(`SQLite as the server runs it (group commit), 200 rooms, ${TURN_MOVES} moves (a move and its clock each), a new game every 140 moves…`);
    const turns = await benchTurns(dir);
    for (const [perTurn, t] of Object.entries(turns)) {
      console.log(
        `  ${perTurn} room(s) moving in each turn: ${t.cpuUsPerMove} µs of CPU a move, ${t.writtenBytesPerMove} B written in ${t.writeCallsPerMove} write calls a move`,
      );
    }

    let postgres: Awaited<ReturnType<typeof benchPostgres>> | null = null;
    if (findPostgresBinaries()) {
      console.log('Postgres (a throwaway cluster, fsync on)…');
      const cluster = await startTestPostgres({ durable: true });
      try {
        postgres = await benchPostgres(cluster);
      } finally {
        await cluster.stop();
      }
      console.log(`  append (one room alone): p50 ${postgres.appendAlone.p50} µs, p99 ${postgres.appendAlone.p99} µs (${postgres.appendAlone.n} appends)`);
      console.log(
        `  append (${CONCURRENT_ROOMS} rooms appending at once): p50 ${postgres.append.p50} µs, p99 ${postgres.append.p99} µs (${postgres.append.n} appends)`,
      );
      console.log(
        `  bytes per finished game: ${postgres.bytesPerGame} B (rows of the games and rooms tables and their TOAST, and their indexes, after VACUUM; ${postgres.games} games)`,
      );
      console.log(
        `  restore: open ${postgres.restore.openMs} ms, liveRooms() ${postgres.restore.liveRoomsMs} ms for ${postgres.restore.rooms} rooms, ${postgres.restore.events} events`,
      );
    } else {
      console.log(`Postgres: skipped, not installed (${POSTGRES_INSTALL})`);
    }
    console.log(JSON.stringify({ sizes, sqlite, turns, postgres }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
