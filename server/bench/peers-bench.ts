/**
 * `npm run bench:peers [-- --rooms 200 --rounds 3 --rates 500,1000 --seconds 8 --systems ours,colyseus,ws --no-pin]`
 *
 * What a move costs this server next to its peers, measured side by side (issue 27): the server's
 * CPU time (every thread, user + system) per move at a fixed offered load, rooms of four clients:
 *  - ours: the production server (bench-server-process.ts), SQLite on disk, each move durable
 *    before it is shown, per-seat views; the four players of a scripted game (BenchRoom);
 *  - colyseus: a bare Colyseus 0.16 room (a schema patch per message, no rules, no storage, no
 *    views; peer-server-process.ts);
 *  - ws: the floor, raw `ws` (one frame in, four 20-byte frames out).
 * Each round starts each system afresh in turn, opens its rooms, warms it up, then offers each
 * rate (moves per second over all rooms) and measures for `--seconds`. The server process is
 * pinned to CPU 1 and the clients to CPU 0 (`--no-pin`: nothing pinned). Prints each
 * measurement, then per system and rate the median over the rounds, and the ratio ours / bare
 * Colyseus round by round (the figure to watch: CPU time per move is steadier than throughput on a
 * shared machine) with the machine's load average. The last line is JSON.
 */
import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { numberArgument, numbersArgument } from './arguments';
import { BenchRoom, sleep } from './BenchRoom';
import { COMPILED_PEER_SERVER, cpuSeconds, forkBenchServer, pin, productionNodeOptions, startServerProcess, stopServerProcess } from './bench-server-control';
import { median, percentile, round } from './figures';
import { Peer, PeerRoom } from './PeerRoom';

const ROOMS = numberArgument('rooms', 200);
const ROUNDS = numberArgument('rounds', 3);
const SECONDS = numberArgument('seconds', 8);
/** Offered loads, moves per second over all the rooms. */
const RATES = numbersArgument('rates', [500, 1000]);
const PIN = !process.argv.includes('--no-pin') && os.cpus().length >= 2;
const SETTLE_SECONDS = 1.5;
const WARM_UP_SECONDS = 4;

const ALL_SYSTEMS = ['ours', 'colyseus', 'ws'] as const;
type System = (typeof ALL_SYSTEMS)[number];
/** `--systems ours,colyseus`: only these (the ratios need ours and colyseus, or ws). */
const SYSTEMS: readonly System[] = (() => {
  const i = process.argv.indexOf('--systems');
  if (i < 0) return ALL_SYSTEMS;
  const named = process.argv[i + 1].split(',');
  const unknown = named.filter((name) => !(ALL_SYSTEMS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`--systems: unknown ${unknown.join(', ')} (${ALL_SYSTEMS.join(', ')})`);
  return ALL_SYSTEMS.filter((system) => named.includes(system));
})();

/** What the benchmark drives in a room, whichever system runs it. */
interface DrivenRoom {
  measuring: boolean;
  latencies: number[];
  movesMade: number;
  setRate(rate: number): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Running {
  readonly child: ChildProcess;
  open(index: number): Promise<DrivenRoom>;
  stop(): Promise<void>;
}

async function start(system: System): Promise<Running> {
  if (system === 'ours') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'samurai-peers-'));
    const server = await startServerProcess({ BENCH_DATA_DIR: dataDir });
    // Enough scripted games for a round (about 140 moves a game).
    const movesPerRoom = (WARM_UP_SECONDS + RATES.length * (SETTLE_SECONDS + SECONDS)) * (Math.max(...RATES) / ROOMS);
    const games = Math.ceil(movesPerRoom / 100) + 1;
    return {
      child: server.child,
      open: async () => {
        const room = new BenchRoom(server.url, false, false);
        await room.open(games);
        return room;
      },
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const child = forkBenchServer([system], {}, 'inherit', COMPILED_PEER_SERVER);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the ${system} server exited (${code})`)));
    child.once('message', (message: { port: number }) => resolve(message.port));
  });
  return { child, open: (index) => PeerRoom.open(system as Peer, port, index), stop: () => stopServerProcess(child) };
}

interface Measurement {
  readonly system: System;
  readonly round: number;
  readonly offered: number;
  readonly movesPerSecond: number;
  readonly cpuUsPerMove: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly load: number;
}

async function measure(system: System, roundNumber: number, server: ChildProcess, rooms: DrivenRoom[], offered: number): Promise<Measurement> {
  for (const room of rooms) room.setRate(offered / rooms.length);
  await sleep(SETTLE_SECONDS * 1000);
  for (const room of rooms) [room.latencies, room.movesMade, room.measuring] = [[], 0, true];
  const cpuBefore = cpuSeconds(server.pid!);
  const started = performance.now();
  await sleep(SECONDS * 1000);
  const cpu = cpuSeconds(server.pid!) - cpuBefore;
  const elapsed = (performance.now() - started) / 1000;
  for (const room of rooms) room.measuring = false;
  const moves = rooms.reduce((sum, room) => sum + room.movesMade, 0);
  const latencies = rooms.flatMap((room) => room.latencies).sort((a, b) => a - b);
  return {
    system,
    round: roundNumber,
    offered,
    movesPerSecond: moves / elapsed,
    cpuUsPerMove: (cpu * 1e6) / moves,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    load: os.loadavg()[0],
  };
}

/** One system, started afresh: its rooms opened, warmed up, each rate measured, then stopped. */
async function runSystem(system: System, roundNumber: number): Promise<Measurement[]> {
  const server = await start(system);
  const results: Measurement[] = [];
  try {
    if (PIN) {
      pin(server.child.pid!, '1');
      pin(process.pid, '0');
    }
    const rooms: DrivenRoom[] = [];
    for (let i = 0; i < ROOMS; i += 20) rooms.push(...(await Promise.all(Array.from({ length: Math.min(20, ROOMS - i) }, (_, j) => server.open(i + j)))));
    for (const room of rooms) room.setRate(RATES[0] / rooms.length);
    await sleep(WARM_UP_SECONDS * 1000);
    for (const offered of RATES) {
      const m = await measure(system, roundNumber, server.child, rooms, offered);
      console.log(
        `round ${roundNumber} ${system.padEnd(8)} offered ${offered}/s: ${round(m.movesPerSecond, 0)} moves/s, ${round(m.cpuUsPerMove, 0)} µs of server CPU a move, p50 ${round(m.p50Ms)} ms, p99 ${round(m.p99Ms)} ms (load ${round(m.load)})`,
      );
      results.push(m);
    }
    await Promise.all(rooms.map((room) => room.idle()));
    await Promise.all(rooms.map((room) => room.close()));
  } finally {
    await server.stop();
  }
  return results;
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `peers benchmark: ${ROOMS} rooms × 4 clients, offered ${RATES.join(' and ')} moves/s, ${ROUNDS} rounds of ${SYSTEMS.join(', ')}, ${SECONDS} s each; ` +
      `${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), Node ${process.version} ${productionNodeOptions().join(' ')}`,
  );
  console.log(PIN ? 'cores: each server pinned to CPU 1, the clients (this process) to CPU 0' : 'cores: not pinned');
  const loads = [os.loadavg()[0]];
  const all: Measurement[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    for (const system of SYSTEMS) all.push(...(await runSystem(system, r)));
    loads.push(os.loadavg()[0]);
  }
  if (PIN) pin(process.pid, `0-${cpus.length - 1}`);

  const find = (system: System, r: number, offered: number) => all.find((m) => m.system === system && m.round === r && m.offered === offered)!;
  const summary: Record<string, unknown> = {};
  console.log('\nmedian over the rounds (server CPU per move; p99 of a move until all four clients have it):');
  for (const offered of RATES) {
    const medians = Object.fromEntries(
      SYSTEMS.map((system) => {
        const of = all.filter((m) => m.system === system && m.offered === offered);
        return [
          system,
          {
            cpuUsPerMove: round(median(of.map((m) => m.cpuUsPerMove)), 0),
            p99Ms: round(median(of.map((m) => m.p99Ms))),
            movesPerSecond: round(median(of.map((m) => m.movesPerSecond)), 0),
          },
        ];
      }),
    );
    for (const system of SYSTEMS) {
      const m = medians[system];
      console.log(
        `  ${String(offered).padStart(5)}/s ${system.padEnd(8)} ${String(m.cpuUsPerMove).padStart(5)} µs/move, p99 ${m.p99Ms} ms, ${m.movesPerSecond} moves/s achieved`,
      );
    }
    for (const peer of ['colyseus', 'ws'] as const) {
      if (!SYSTEMS.includes('ours') || !SYSTEMS.includes(peer)) continue;
      const ratios = Array.from({ length: ROUNDS }, (_, i) => find('ours', i + 1, offered).cpuUsPerMove / find(peer, i + 1, offered).cpuUsPerMove);
      const name = peer === 'colyseus' ? 'bare Colyseus' : 'raw ws';
      console.log(`  ${String(offered).padStart(5)}/s ours / ${name}: ${round(median(ratios))} (round by round: ${ratios.map((x) => round(x)).join(', ')})`);
      summary[`${offered}/s ours / ${name}`] = round(median(ratios));
    }
    summary[`${offered}/s`] = medians;
  }
  console.log(`machine load average (1 min) over the run: ${loads.map((l) => round(l)).join(' → ')}`);
  console.log(JSON.stringify({ rooms: ROOMS, rounds: ROUNDS, seconds: SECONDS, load: loads.map((l) => round(l)), ...summary }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
