/**
 * `npm run bench:server [-- --rooms 200 --seconds 20 --step-seconds 6 --rates 2,5,10 --check-every 10 --no-pin]`
 *
 * Starts the server in its own process (production mode) and drives N rooms, each with four
 * WebSocket clients playing every seat and one spectator. Prints:
 *  - move-to-all-clients latency p50/p99 at one move per second per room: from a client sending
 *    a move until all five clients of its room have received the state patch showing it;
 *  - moves per second: the per-room rate is raised step by step; the highest rate of engine
 *    moves (the clients' and the passes the server makes for seats that cannot play) achieved
 *    with p99 still ≤ 50 ms;
 *  - bytes per move per client: WebSocket payload bytes received by all clients (every frame:
 *    patches and private messages) during the latency phase, divided by the moves and the clients;
 *  - heap per idle room: server heap after garbage collection with N idle rooms (games under
 *    way, five clients connected each, nobody moving) minus the heap before any room, over N;
 *  - persistence, on as in production (SQLite in a temporary DATA_DIR; `--no-store` turns it
 *    off for comparison): the time of each append (p50/p99 µs) in each phase; the database bytes
 *    per finished game (the finished games' table and index pages, from SQLite's dbstat, over
 *    the games); and the restore: the server is stopped (its rooms stay live in the store), the
 *    store is filled up to 1,000 live rooms with copies of those rooms' logs (games at every
 *    stage), and a new server process is timed from startServer to listening with them all back.
 * The last line is JSON.
 *
 * The bench server deals every game from a seed derived from the room code (a bench-only server
 * option), so each room's moves are scripted ahead with the engine's random bot (bench-script.ts)
 * and the clients only send frames and count what arrives (BenchClient.ts): the harness costs
 * little next to the server. Every `--check-every`th room has a full colyseus.js spectator that
 * decodes every patch; at the end its state must match the script's engine state. With two or
 * more CPUs the clients are pinned to CPU 0 and the server may use any (`--no-pin`: nothing is
 * pinned); pinning the server too made it share one CPU with V8's GC threads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { randomRoomCode } from '../src/live-rooms';
import { BENCH_PLAYERS } from './bench-script';
import { numberArgument, numbersArgument } from './arguments';
import { BenchRoom, sleep, until } from './BenchRoom';
import { cpuSeconds, pin, productionNodeOptions, ServerProcess, startServerProcess } from './bench-server-control';
import { percentile, round } from './figures';
import { LoopStats, watchLoop } from './loop-stats';
import type { AppendStats } from './timed-store';

// ---- arguments ---------------------------------------------------------------------------------

const ROOMS = numberArgument('rooms', 200);
const LATENCY_SECONDS = numberArgument('seconds', 20);
const STEP_SECONDS = numberArgument('step-seconds', 6);
/** Moves per second per room tried in the throughput phase (`--rates 2,5,10`). */
const RATES = numbersArgument('rates', [2, 4, 6, 8, 10, 12, 14, 15, 16, 17, 18, 20, 25, 30]);
/** Every this many rooms, one has a decoding spectator whose state is checked at the end. */
const CHECK_EVERY = numberArgument('check-every', 10);
const PIN = !process.argv.includes('--no-pin') && os.cpus().length >= 2;
const STORE = !process.argv.includes('--no-store');
/** `--keep-data`: the database (its 1,000 live rooms) stays for profiling the restore; its folder is printed. */
const KEEP_DATA = process.argv.includes('--keep-data');
/** Live rooms the restore is timed with. */
const RESTORED_ROOMS = 1000;
const LATENCY_LIMIT_MS = 50;
const SETTLE_SECONDS = 1.5;

// ---- persistence -------------------------------------------------------------------------------

function describeAppends(a: AppendStats): string {
  return a.appends === 0 ? 'no appends' : `${a.appends} appends, p50 ${round(a.p50Us, 1)} µs, p99 ${round(a.p99Us, 1)} µs, max ${round(a.maxUs)} µs`;
}

/** What a finished game keeps in the database: its table's and index's pages over the games. */
function bytesPerFinishedGame(file: string): { games: number; bytesPerGame: number } {
  const db = new Database(file, { readonly: true });
  try {
    const games = (db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
    const pages = db
      .prepare(
        "SELECT coalesce(sum(pgsize), 0) AS bytes FROM dbstat WHERE name = 'games' OR name IN (SELECT name FROM sqlite_schema WHERE tbl_name = 'games' AND type = 'index')",
      )
      .get() as { bytes: number };
    return { games, bytesPerGame: games === 0 ? NaN : pages.bytes / games };
  } finally {
    db.close();
  }
}

/** Copies the live rooms' logs under new codes until `target` rooms are live; returns how many are. */
function fillLiveRooms(file: string, target: number): number {
  const db = new Database(file);
  try {
    const live = (db.prepare("SELECT code FROM rooms WHERE status = 'live'").all() as { code: string }[]).map((r) => r.code);
    if (live.length === 0) return 0;
    const used = new Set((db.prepare('SELECT code FROM rooms').all() as { code: string }[]).map((r) => r.code));
    const room = db.prepare(
      "INSERT INTO rooms (code, game_type, status, created_at, updated_at) SELECT ?, game_type, 'live', created_at, updated_at FROM rooms WHERE code = ?",
    );
    // Its events as they read (the view `events`), in one pack of the new room (see SqliteEventLog).
    const events = db.prepare(
      'INSERT INTO event_packs (code, first_seq, last_seq, events) SELECT ?, min(seq), max(seq), json_group_array(json_array(seq, kind, data) ORDER BY seq) FROM events WHERE code = ? HAVING count(*) > 0',
    );
    db.transaction(() => {
      for (let i = live.length; i < target; i++) {
        let code = randomRoomCode();
        while (used.has(code)) code = randomRoomCode();
        used.add(code);
        const source = live[i % live.length];
        room.run(code, source);
        events.run(code, source);
      }
    })();
    return (db.prepare("SELECT count(*) AS n FROM rooms WHERE status = 'live'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

// ---- phases ------------------------------------------------------------------------------------

interface Measurement {
  readonly p50: number;
  readonly p99: number;
  readonly movesPerSecond: number;
  readonly moves: number;
  readonly bytes: number;
  /** Frames received by all clients: the server's socket writes. */
  readonly frames: number;
  readonly samples: number;
  /** CPU time of the server process (every thread, user + system) per move, idle work (heartbeats) included. */
  readonly serverCpuMsPerMove: number;
  /** Share of one CPU the server process and this (clients) process used. */
  readonly serverBusy: number;
  readonly clientsBusy: number;
  readonly loop: LoopStats;
  /** This process's (the clients') own stalls: they delay when a patch is seen to arrive. */
  readonly clientsLoop: LoopStats;
}

const clientsLoop = watchLoop();

async function measure(server: ServerProcess, rooms: BenchRoom[], rate: number, seconds: number): Promise<Measurement> {
  rooms.forEach((r) => r.setRate(rate));
  await sleep(SETTLE_SECONDS * 1000); // settle into the rate before measuring
  rooms.forEach((r) => {
    r.latencies = [];
    r.movesMade = 0;
    r.measuring = true;
  });
  const bytesBefore = rooms.reduce((sum, r) => sum + r.bytes(), 0);
  const framesBefore = rooms.reduce((sum, r) => sum + r.frames(), 0);
  const serverCpuBefore = cpuSeconds(server.child.pid!);
  const clientsCpuBefore = cpuSeconds(process.pid);
  await server.loop();
  clientsLoop();
  const start = performance.now();
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - start) / 1000;
  rooms.forEach((r) => (r.measuring = false));
  const serverCpu = cpuSeconds(server.child.pid!) - serverCpuBefore;
  const clientsCpu = cpuSeconds(process.pid) - clientsCpuBefore;
  const loop = await server.loop();
  const clientsLoopStats = clientsLoop();
  const bytes = rooms.reduce((sum, r) => sum + r.bytes(), 0) - bytesBefore;
  const frames = rooms.reduce((sum, r) => sum + r.frames(), 0) - framesBefore;
  const latencies = rooms.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const moves = rooms.reduce((sum, r) => sum + r.movesMade, 0);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    movesPerSecond: moves / elapsed,
    moves,
    bytes,
    frames,
    samples: latencies.length,
    serverCpuMsPerMove: (serverCpu * 1000) / moves,
    serverBusy: serverCpu / elapsed,
    clientsBusy: clientsCpu / elapsed,
    loop,
    clientsLoop: clientsLoopStats,
  };
}

/** CPU use and the server's own stalls during a measurement, for the lines printed. */
function describeLoad(m: Measurement): string {
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return (
    `server process ${percent(m.serverBusy)} of a CPU (${round(m.serverCpuMsPerMove, 3)} ms per move), clients ${percent(m.clientsBusy)}; ` +
    `server ${describeLoop(m.loop)}; clients ${describeLoop(m.clientsLoop)}`
  );
}

const describeLoop = (loop: LoopStats) =>
  `event-loop delay p99 ${round(loop.delayP99Ms, 1)} ms, max ${round(loop.delayMaxMs, 1)} ms, GC pauses max ${round(loop.gcMaxMs, 1)} ms, total ${round(loop.gcTotalMs)} ms`;

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `server benchmark: ${ROOMS} rooms × (${BENCH_PLAYERS} players + 1 spectator), ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), Node ${process.version} ${productionNodeOptions().join(' ')} (as npm run serve)`,
  );
  const dataDir = STORE ? mkdtempSync(path.join(os.tmpdir(), 'samurai-bench-')) : null;
  const dbFile = dataDir && path.join(dataDir, 'samurai.db');
  console.log(dataDir ? `persistence: SQLite (WAL, synchronous NORMAL) in ${dataDir}, as in production` : 'persistence: off (--no-store)');
  let server = await startServerProcess({ BENCH_DATA_DIR: dataDir ?? '' });
  if (PIN) pin(process.pid, '0');
  console.log(
    PIN
      ? 'cores: the benchmark clients (this process) are pinned to CPU 0; the server process may use both, so CPU 1 is its own'
      : 'cores: not pinned; the server process and the benchmark clients share every CPU',
  );
  try {
    // A warm-up room, so the baseline heap includes code and caches every room shares (the
    // compiled code for moves too: it plays into the play phase).
    const warmUp = new BenchRoom(server.url, true);
    await warmUp.open(1);
    warmUp.setRate(200);
    await until(() => warmUp.movesEver >= 60, 'the warm-up room to play');
    await warmUp.idle();
    await warmUp.close();
    await sleep(500);
    const baseline = await server.heap();

    // Enough scripted games for every phase (about 140 moves a game), made before the clock runs.
    const movesPerRoom =
      (1 + SETTLE_SECONDS / LATENCY_SECONDS) * LATENCY_SECONDS + RATES.reduce((sum, rate) => sum + rate * (STEP_SECONDS + SETTLE_SECONDS), 0);
    const games = Math.ceil(movesPerRoom / 100);
    const rooms = Array.from({ length: ROOMS }, (_, i) => new BenchRoom(server.url, i % CHECK_EVERY === 0));
    const started = performance.now();
    for (let i = 0; i < rooms.length; i += 20) await Promise.all(rooms.slice(i, i + 20).map((r) => r.open(games)));
    const decoding = rooms.filter((r) => r.decodes).length;
    console.log(
      `${ROOMS} rooms open, 5 clients each (${decoding} rooms with a decoding colyseus.js spectator), games started and ${games} games a room scripted, in ${round((performance.now() - started) / 1000, 1)} s`,
    );

    const latency = await measure(server, rooms, 1, LATENCY_SECONDS);
    const bytesPerMovePerClient = latency.bytes / latency.moves / 5;
    console.log(
      `1 move/s per room: ${latency.moves} moves (${round(latency.movesPerSecond, 1)}/s), latency p50 ${round(latency.p50)} ms, p99 ${round(latency.p99)} ms over ${latency.samples} client moves; ${round(bytesPerMovePerClient, 1)} bytes and ${round(latency.frames / latency.moves / 5, 2)} frames per move per client`,
    );
    console.log(`  ${describeLoad(latency)}`);
    const latencyAppends = await server.appends();
    if (STORE) console.log(`  store: ${describeAppends(latencyAppends)}`);

    await Promise.all(rooms.map((r) => r.idle()));
    await sleep(1000);
    const idle = await server.heap();
    const idleRoomHeapKB = (idle.heapUsed - baseline.heapUsed) / ROOMS / 1024;
    const idleRoomExternalKB = (idle.external - baseline.external) / ROOMS / 1024;
    const load = os.loadavg()[0];
    console.log(
      `heap per idle room: ${round(idleRoomHeapKB, 1)} KB (V8 heap after full GC, games under way, 5 clients connected, nobody moving); ` +
        `outside the heap ${round(idleRoomExternalKB, 1)} KB more (buffers: the state encoder's, sockets')`,
    );
    console.log(`machine load average (1 min) during the run: ${round(load, 2)}`);

    let maxMovesPerSecond = latency.p99 <= LATENCY_LIMIT_MS ? latency.movesPerSecond : 0;
    await server.appends();
    for (const rate of RATES) {
      const step = await measure(server, rooms, rate, STEP_SECONDS);
      console.log(`${rate} moves/s per room: ${round(step.movesPerSecond, 0)} moves/s achieved, p50 ${round(step.p50)} ms, p99 ${round(step.p99)} ms`);
      console.log(`  ${describeLoad(step)}`);
      if (STORE) console.log(`  store: ${describeAppends(await server.appends())}`);
      if (step.p99 > LATENCY_LIMIT_MS) break;
      maxMovesPerSecond = Math.max(maxMovesPerSecond, step.movesPerSecond);
      if (step.movesPerSecond < 0.8 * rate * ROOMS) {
        console.log('(the rooms could not keep up with that rate: stopping here)');
        break;
      }
    }
    await Promise.all(rooms.map((r) => r.idle()));
    await sleep(1000);
    const later = await server.heap();
    const movesSoFar = rooms.reduce((sum, r) => sum + r.movesEver, 0) / ROOMS;
    console.log(
      `heap per idle room after the throughput phase: ${round((later.heapUsed - baseline.heapUsed) / ROOMS / 1024, 1)} KB ` +
        `(${round(movesSoFar, 0)} moves a room so far, games at every stage: a room's state grows with its game's log)`,
    );
    const errors = rooms.reduce((sum, r) => sum + r.errors, 0);
    if (errors > 0) console.log(`warning: ${errors} moves were refused (the script and the server disagree)`);
    const extra = rooms.reduce((sum, r) => sum + r.extraPatches, 0);
    if (extra > 0) console.log(`warning: ${extra} patch frames beyond one per change`);
    const mismatches = rooms.filter((r) => r.decodes).flatMap((r) => r.mismatches());
    console.log(
      mismatches.length === 0
        ? `check: the decoded state of ${decoding} spectators matches the scripted engine state`
        : `warning: decoded state differs from the script:\n  ${mismatches.slice(0, 10).join('\n  ')}`,
    );
    await Promise.all(rooms.map((r) => r.close()));

    // Persistence: what the finished games keep, and a restart with 1,000 live rooms.
    let restore: { rooms: number; ms: number } | null = null;
    let stored: { games: number; bytesPerGame: number } | null = null;
    if (dbFile) {
      await server.stop();
      stored = bytesPerFinishedGame(dbFile);
      console.log(`database: ${round(stored.bytesPerGame)} bytes per finished game (${stored.games} games' records, table and index pages)`);
      const live = fillLiveRooms(dbFile, RESTORED_ROOMS);
      // A forked process inherits this one's CPUs: unpinned first, so the restarted server may use
      // every CPU, as the first did (pinned to CPU 0 with its GC threads, its restore took twice as long).
      if (PIN) pin(process.pid, `0-${os.cpus().length - 1}`);
      server = await startServerProcess({ BENCH_DATA_DIR: dataDir ?? '' });
      restore = { rooms: server.restored.rooms, ms: server.startMs };
      console.log(
        `restore: ${server.restored.rooms} of ${live} live rooms (games at every stage) back in ${round(server.startMs)} ms at start (store opened, logs read, every game replayed through the engine); ${server.restored.quarantined} quarantined`,
      );
    }

    console.log(
      JSON.stringify({
        rooms: ROOMS,
        p50Ms: round(latency.p50),
        p99Ms: round(latency.p99),
        maxMovesPerSecond: Math.round(maxMovesPerSecond),
        bytesPerMovePerClient: round(bytesPerMovePerClient, 1),
        idleRoomHeapKB: round(idleRoomHeapKB, 1),
        ...(STORE
          ? {
              appendP50Us: round(latencyAppends.p50Us, 1),
              appendP99Us: round(latencyAppends.p99Us, 1),
              bytesPerFinishedGame: stored && round(stored.bytesPerGame),
              restoreMs: restore && round(restore.ms),
              restoredRooms: restore?.rooms,
            }
          : {}),
      }),
    );
  } finally {
    await server.stop();
    if (dataDir && KEEP_DATA) console.log(`data kept in ${dataDir}`);
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
