/**
 * `npm run bench:unload [-- --tables 1000 --reclaims 200]`
 *
 * What an unloaded table costs and how fast it comes back, on one server process (in this one,
 * run with --expose-gc) on SQLite, then on a throwaway durable Postgres when Debian's postgresql
 * is installed. A real 4-player game (two people, two bots) is played until its log holds 24 moves
 * after its last snapshot (a restore replays at most 31), left and unloaded; its stored log is
 * copied under `--tables` codes, each unloaded. Prints:
 *  - bring-back latency p50/p99: the join form's look-up (GET /api/rooms/:code/colours) of an
 *    unloaded table, one at a time, until its answer: the store's claim, its log read and replayed,
 *    the room made, and the call to it (goal ≤ 50 ms p99);
 *  - the heap those tables cost once unloaded again: the heap (after full collections) with all of
 *    them loaded once and unloaded since, less the heap before they were loaded (goal ≤ 1 MB for
 *    1,000), and the same outside compiled code (the JIT's, which grows as it likes: a heap snapshot
 *    diff of such a run found code objects only, nothing of any table);
 *  - reclaim latency p50/p99: a player's seat token on an unloaded table, from the join request
 *    until the full state has arrived (`--reclaims` tables).
 * Figures only: nothing here asserts a time. The last line is JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { bootTestServer } from '../src/test-support/boot';
import { TableClient, TEST_GAME } from '../src/test-support/TableClient';
import { PersonPlayer } from '../src/test-support/PersonPlayer';
import { seededRng } from '@samurai/shared';
import { findPostgresBinaries, POSTGRES_INSTALL, startTestPostgres } from '../src/test-support/postgres';
import { liveRooms, randomRoomCode } from '../src/live-rooms';
import type { GameStore, RoomEvent } from '../src/store/game-store';
import { openStore } from '../src/store/open-store';
import { PostgresStore } from '../src/store/PostgresStore';
import type { RunningServer } from '../src/start-server';
import { RoomJournal } from '../src/table/RoomJournal';
import { Seating } from '../src/table/Seating';
import { Table } from '../src/table/Table';
import { TableRoom } from '../src/table/TableRoom';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const TABLES = argument('tables', 1000);
const RECLAIMS = Math.min(TABLES, argument('reclaims', 200));
/**
 * A table nobody is at unloads after this long (production: 10 minutes): short, so that tables
 * brought back one after another unload meanwhile, as on a server whose tables come and go, and
 * a few hundred loaded at once do not weigh on the collector's pauses.
 */
const EMPTY_TTL_MS = 300;
/** Tables loaded and unloaded once before the heap is measured (JIT, caches, pools warmed up). */
const WARM_UP = 500;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const latency = (values: number[]) => ({ p50: round(percentile(values, 0.5)), p99: round(percentile(values, 0.99)), n: values.length });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, holds: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The heap in use after full collections: all of it, and all but compiled code (which the JIT adds as it likes). */
async function heapUsed(): Promise<{ all: number; data: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc (npm run bench:unload does)');
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(50);
  }
  const spaces = v8.getHeapSpaceStatistics();
  const code = spaces.filter((s) => s.space_name.startsWith('code')).reduce((sum, s) => sum + s.space_used_size, 0);
  const all = process.memoryUsage().heapUsed;
  return { all, data: all - code };
}

/** How many objects of a table's main classes the heap holds (their prototypes, and any subclass's, included). */
function tableObjects(): Record<string, number> {
  return Object.fromEntries([TableRoom, Table, Seating, RoomJournal].map((type) => [type.name, v8.queryObjects(type, { format: 'count' }) as number]));
}

/** The moves a restore replays: those after the log's last deal or snapshot. */
function movesToReplay(events: readonly RoomEvent[]): number {
  let moves = 0;
  for (const event of events) {
    if (event.kind === 'start' || event.kind === 'snapshot') moves = 0;
    else if (event.kind === 'move') moves++;
  }
  return moves;
}

/** One game played a while and left: its stored log (renumbered from 1) and a player's seat token. */
async function templateGame(server: RunningServer, store: GameStore): Promise<{ events: RoomEvent[]; seatToken: string }> {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 4, botLevel: 'random' } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('addBot', {});
  await ann.must('addBot', {});
  await ann.must('start');
  // At a person's pace (the bots too: BOT_DELAY_MS), so that it can be left where wanted.
  const players = [new PersonPlayer(ann, seededRng(1)), new PersonPlayer(bob, seededRng(2))];
  // Near the most a table replays: the moves since its last snapshot (snapshotEveryMoves is 32).
  const deadline = Date.now() + 120_000;
  while (movesToReplay((await store.liveRoom(ann.code))?.events ?? []) < 24 && ann.state.phase !== 'over') {
    if (Date.now() > deadline) throw new Error('the template game did not get far enough');
    await sleep(20);
  }
  for (const player of players) player.stop();
  if (ann.state.phase === 'over') throw new Error('the template game ended before it was left: run again');
  await Promise.all([ann.leave(), bob.leave()]);
  await until('the game unloaded', () => liveRooms.size === 0);
  const stored = await store.liveRoom(ann.code);
  if (!stored) throw new Error('the game was not kept');
  return { events: stored.events.map((e, i) => ({ ...e, seq: i + 1 })), seatToken: ann.seatToken };
}

/** `count` unloaded tables holding `events`, under fresh codes. */
async function unloadedTables(store: GameStore, events: RoomEvent[], count: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomRoomCode());
  const now = Date.now();
  for (const code of codes) {
    await store.append(code, TEST_GAME.name, events);
    if (!(await store.unloadRoom(code, { at: now, wakeAt: null, lastMoveAt: now }))) throw new Error(`table ${code} did not unload`);
  }
  return [...codes];
}

/** What else held the event loop up meanwhile: its longest delay, and the collector's pauses (ms). */
function watchLoop(): () => { loopDelayMaxMs: number; gcPauses: number; gcPauseMaxMs: number } {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => e.duration)));
  gc.observe({ entryTypes: ['gc'] });
  return () => {
    delay.disable();
    gc.disconnect();
    return { loopDelayMaxMs: round(delay.max / 1e6), gcPauses: pauses.length, gcPauseMaxMs: round(Math.max(0, ...pauses)) };
  };
}

/**
 * The join form's look-up of each table in turn, timed on the wall clock and in the process's CPU
 * time (which another program's load on the machine does not lengthen); each comes back into memory.
 */
async function bringBack(server: RunningServer, codes: readonly string[]): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const code of codes) {
    const began = performance.now();
    const used = process.cpuUsage();
    const answer = await fetch(`${server.url}/api/rooms/${code}/colours`);
    await answer.arrayBuffer();
    const { user, system } = process.cpuUsage(used);
    wall.push(performance.now() - began);
    cpu.push((user + system) / 1000);
    if (answer.status !== 200) throw new Error(`table ${code} did not come back (${answer.status})`);
  }
  return { wall, cpu };
}

async function run(store: GameStore): Promise<object> {
  const server = await bootTestServer({ store, emptyRoomTtlMs: EMPTY_TTL_MS, botDelayMs: 60 });
  try {
    const { events, seatToken } = await templateGame(server, store);
    const bytes = events.reduce((sum, e) => sum + Buffer.byteLength(e.data), 0);
    console.log(`  a table: ${events.length} events (${movesToReplay(events)} moves to replay), ${round(bytes / 1024, 1)} KB of log`);
    const warm = await unloadedTables(store, events, WARM_UP);
    await bringBack(server, warm);
    await until('the warm-up tables unloaded', () => liveRooms.size === 0);

    const codes = await unloadedTables(store, events, TABLES);
    const before = await heapUsed();
    const objectsBefore = tableObjects();
    const watched = watchLoop();
    const back = await bringBack(server, codes);
    const loop = watched();
    await until(`${TABLES} tables unloaded`, () => liveRooms.size === 0);
    const after = await heapUsed();
    const unloaded = after.all - before.all;
    const unloadedData = after.data - before.data;
    // Nothing of a table is left in this process: no room, no seating, no journal more than before.
    const objects = {
      rooms: liveRooms.size,
      ...Object.fromEntries(Object.entries(tableObjects()).map(([name, count]) => [name, count - objectsBefore[name]])),
    };
    const bring = latency(back.wall);
    const bringCpu = latency(back.cpu);
    console.log(
      `  bringing one back (the join form's look-up): p50 ${bring.p50} ms, p99 ${bring.p99} ms (${bring.n}; goal p99 ≤ 50 ms); CPU p50 ${bringCpu.p50} ms, p99 ${bringCpu.p99} ms`,
    );
    console.log(`    meanwhile: the event loop at most ${loop.loopDelayMaxMs} ms late; ${loop.gcPauses} collector pauses, the longest ${loop.gcPauseMaxMs} ms`);
    console.log(
      `  heap for ${TABLES} tables, each loaded once and unloaded again: ` +
        `${round(unloaded / 1024, 1)} KB, of which ${round(unloadedData / 1024, 1)} KB outside compiled code (goal ≤ 1024 KB); left in memory: ${JSON.stringify(objects)}`,
    );

    const reclaims: number[] = [];
    for (const code of codes.slice(0, RECLAIMS)) {
      const began = performance.now();
      const client = await TableClient.join(server.url, code, { seatToken });
      reclaims.push(performance.now() - began);
      await client.leave();
    }
    const reclaim = latency(reclaims);
    console.log(`  a seat reclaimed on an unloaded table, until its state: p50 ${reclaim.p50} ms, p99 ${reclaim.p99} ms (${reclaim.n})`);
    return {
      loop,
      eventsPerTable: events.length,
      movesReplayed: movesToReplay(events),
      logKB: round(bytes / 1024, 1),
      bringBackMs: bring,
      bringBackCpuMs: bringCpu,
      unloadedKB: round(unloaded / 1024, 1),
      unloadedDataKB: round(unloadedData / 1024, 1),
      objects,
      reclaimMs: reclaim,
    };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:unload: ${TABLES} unloaded tables, ${RECLAIMS} reclaims; ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => round(l, 1))
      .join(' ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-unload-bench-'));
  let sqlite: object;
  let postgres: object | null = null;
  try {
    console.log('SQLite (group commit, as the server opens it):');
    sqlite = await run(await openStore({ dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (findPostgresBinaries()) {
    const cluster = await startTestPostgres({ durable: true });
    try {
      console.log('Postgres (durable, fsync on):');
      postgres = await run(await PostgresStore.open(await cluster.newDatabase()));
    } finally {
      await cluster.stop();
    }
  } else {
    console.log(`Postgres: skipped, not installed (${POSTGRES_INSTALL})`);
  }
  console.log(JSON.stringify({ tables: TABLES, sqlite, postgres }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
