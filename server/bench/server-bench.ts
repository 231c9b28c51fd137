/**
 * `npm run bench:server [-- --rooms 200 --seconds 20 --step-seconds 6 --rates 2,5,10]`
 *
 * Starts the server in its own process (production mode) and drives N rooms, each with four
 * WebSocket clients playing every seat (engine bot logic, deciding from what each client
 * received) and one spectator. Prints:
 *  - move-to-all-clients latency p50/p99 at one move per second per room: from a client sending
 *    a move until all five clients of its room have received the state showing it;
 *  - moves per second: the per-room rate is raised step by step; the highest rate achieved
 *    with p99 still ≤ 50 ms;
 *  - bytes per move per client: WebSocket payload bytes received by all clients during the
 *    latency phase, divided by the moves made and the clients;
 *  - heap per idle room: server heap after garbage collection with N idle rooms (games under
 *    way, five clients connected each, nobody moving) minus the heap before any room, over N.
 * The last line is JSON.
 */
import { ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Room } from 'colyseus.js';
import {
  ClientRoomState,
  decodeLogEntry,
  hasLegalPlay,
  moveToIntent,
  randomBot,
  ROOM_NAME,
  Rng,
  seededRng,
  tableFromRoomState,
} from '@samurai/shared';

// ---- arguments ---------------------------------------------------------------------------------

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
const ROOMS = argument('rooms', 200);
const LATENCY_SECONDS = argument('seconds', 20);
const STEP_SECONDS = argument('step-seconds', 6);
/** Moves per second per room tried in the throughput phase (`--rates 2,5,10`). */
const RATES = (() => {
  const i = process.argv.indexOf('--rates');
  return i >= 0 ? process.argv[i + 1].split(',').map(Number) : [2, 3, 4, 5, 6, 8, 10, 15, 20];
})();
const LATENCY_LIMIT_MS = 50;

// ---- counting what every client receives -------------------------------------------------------

type CountingRoom = Room<ClientRoomState> & { bytesReceived?: number };
type OnMessage = (this: CountingRoom, event: MessageEvent) => void;
const roomPrototype = Room.prototype as unknown as { onMessageCallback: OnMessage };
const original = roomPrototype.onMessageCallback;
roomPrototype.onMessageCallback = function (event) {
  this.bytesReceived = (this.bytesReceived ?? 0) + (event.data as ArrayBuffer).byteLength;
  original.call(this, event);
};

// ---- the server process ------------------------------------------------------------------------

interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  heap(): Promise<number>;
}

function startServerProcess(): Promise<ServerProcess> {
  const child = fork(path.join(__dirname, 'bench-server-process.ts'), [], {
    execArgv: ['--expose-gc', '-r', 'ts-node/register/transpile-only', ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, NODE_ENV: 'production', TS_NODE_PROJECT: path.join(__dirname, '..', 'tsconfig.json') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    child.once('message', (message: { port: number }) => {
      resolve({
        child,
        url: `http://127.0.0.1:${message.port}`,
        heap: () =>
          new Promise((done) => {
            child.once('message', (m: { heapUsed: number }) => done(m.heapUsed));
            child.send({ cmd: 'heap' });
          }),
      });
    });
  });
}

// ---- one room of bench clients -----------------------------------------------------------------

interface Pending {
  readonly sentAt: number;
  readonly logLength: number;
  readonly waiting: Set<CountingRoom>;
  readonly measured: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class BenchRoom {
  readonly players: CountingRoom[] = [];
  spectator!: CountingRoom;
  memberIds: string[] = [];
  /** Moves per second this room makes; 0 = idle. */
  rate = 0;
  measuring = false;
  latencies: number[] = [];
  movesMade = 0;
  errors = 0;
  private pending: Pending | null = null;
  private nextAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastGame = 0;
  private countedLog = 0;
  private readonly rng: Rng;

  constructor(private readonly url: string, index: number) {
    this.rng = seededRng(index + 1);
  }

  async open(): Promise<void> {
    // The welcome follows the join at once: listen for it before anything else is awaited.
    const connect = async (joining: Promise<Room<ClientRoomState>>) => {
      const room = (await joining) as CountingRoom;
      const memberId = new Promise<string>((resolve) => room.onMessage('welcome', (m: { memberId: string }) => resolve(m.memberId)));
      return { room, memberId };
    };
    const host = await connect(new Client(this.url).create<ClientRoomState>(ROOM_NAME, { name: 'P0', options: { players: 4 } }));
    const joined = [host];
    for (let i = 1; i < 4; i++) joined.push(await connect(new Client(this.url).joinById<ClientRoomState>(host.room.roomId, { role: 'player', name: `P${i}` })));
    const spectator = await connect(new Client(this.url).joinById<ClientRoomState>(host.room.roomId, { role: 'spectator' }));
    this.players.push(...joined.map((j) => j.room));
    this.spectator = spectator.room;
    this.memberIds = await Promise.all(joined.map((j) => j.memberId));
    for (const room of [...this.players, this.spectator]) {
      room.onMessage('drawn', () => undefined);
      room.onMessage('error', () => {
        this.errors++;
        this.pending = null; // decide again from the state as it is
        this.schedule(0);
      });
      room.onStateChange(() => this.received(room));
    }
    await this.until(() => this.spectator.state?.seats?.length === 4 && Array.from(this.spectator.state.seats).every((s) => s.kind === 'human'));
    host.room.send('start');
    await this.until(() => this.spectator.state.phase === 'hands');
  }

  private async until(condition: () => boolean): Promise<void> {
    for (let i = 0; i < 2000 && !condition(); i++) await sleep(5);
    if (!condition()) throw new Error('room setup timed out');
  }

  setRate(rate: number): void {
    this.rate = rate;
    if (rate > 0) this.schedule(Math.random() * (1000 / rate)); // spread rooms over the second
    else if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.act();
    }, Math.max(0, delayMs));
  }

  private received(room: CountingRoom): void {
    const state = this.spectator.state;
    if (room === this.spectator) this.countMoves(state);
    const pending = this.pending;
    if (!pending || room.state.log.length <= pending.logLength || !pending.waiting.has(room)) return;
    pending.waiting.delete(room);
    if (pending.waiting.size > 0) return;
    if (pending.measured) this.latencies.push(performance.now() - pending.sentAt);
    this.pending = null;
    this.schedule(this.nextAt - performance.now());
  }

  /** Moves are counted from the public log: every engine move adds exactly one entry besides captures. */
  private countMoves(state: ClientRoomState): void {
    if (state.game !== this.lastGame) {
      this.lastGame = state.game;
      this.countedLog = 0;
    }
    for (; this.countedLog < state.log.length; this.countedLog++) {
      const kind = decodeLogEntry(state.log[this.countedLog]).kind;
      if (kind !== 'capture' && kind !== 'dealt' && this.measuring) this.movesMade++;
    }
  }

  private act(): void {
    if (this.rate === 0 || this.pending) return;
    const now = performance.now();
    if (now < this.nextAt) return this.schedule(this.nextAt - now);
    const state = this.spectator.state;
    if (state.phase === 'over') {
      this.players[this.players.findIndex((_, i) => this.memberIds[i] === state.host)]?.send('rematch');
      return this.schedule(50);
    }
    let seat = state.seat;
    if (state.phase === 'hands') seat = Array.from(state.seats).findIndex((s) => !s.handChosen);
    const actor = this.players.find((_, i) => this.memberIds[i] === state.seats[seat]?.id);
    if (!actor || seat < 0) return this.schedule(20);
    const table = tableFromRoomState(actor.state, seat);
    // The server passes for a seat that can only pass; wait for it.
    if (state.phase === 'play' && table.turnPlays.length === 0 && !hasLegalPlay(table, seat)) return this.schedule(20);
    const { type, payload } = moveToIntent(randomBot.chooseMove(table, seat, this.rng));
    this.pending = {
      sentAt: performance.now(),
      logLength: actor.state.log.length,
      waiting: new Set([...this.players, this.spectator]),
      measured: this.measuring,
    };
    this.nextAt = this.pending.sentAt + 1000 / this.rate;
    actor.send(type, payload);
  }

  bytes(): number {
    return [...this.players, this.spectator].reduce((sum, room) => sum + (room.bytesReceived ?? 0), 0);
  }

  async close(): Promise<void> {
    this.setRate(0);
    await Promise.all([...this.players, this.spectator].map((room) => room.leave().catch(() => undefined)));
  }
}

// ---- phases ------------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Measurement {
  readonly p50: number;
  readonly p99: number;
  readonly movesPerSecond: number;
  readonly moves: number;
  readonly bytes: number;
  readonly samples: number;
}

async function measure(rooms: BenchRoom[], rate: number, seconds: number): Promise<Measurement> {
  rooms.forEach((r) => r.setRate(rate));
  await sleep(1500); // settle into the rate before measuring
  rooms.forEach((r) => {
    r.latencies = [];
    r.movesMade = 0;
    r.measuring = true;
  });
  const bytesBefore = rooms.reduce((sum, r) => sum + r.bytes(), 0);
  const start = performance.now();
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - start) / 1000;
  rooms.forEach((r) => (r.measuring = false));
  const bytes = rooms.reduce((sum, r) => sum + r.bytes(), 0) - bytesBefore;
  const latencies = rooms.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const moves = rooms.reduce((sum, r) => sum + r.movesMade, 0);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), movesPerSecond: moves / elapsed, moves, bytes, samples: latencies.length };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  console.log(`server benchmark: ${ROOMS} rooms × (4 players + 1 spectator), ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const server = await startServerProcess();
  try {
    // A warm-up room, so the baseline heap includes code and caches every room shares.
    const warmUp = new BenchRoom(server.url, -1);
    await warmUp.open();
    await warmUp.close();
    await sleep(500);
    const baseline = await server.heap();

    const rooms = Array.from({ length: ROOMS }, (_, i) => new BenchRoom(server.url, i));
    const started = performance.now();
    for (let i = 0; i < rooms.length; i += 20) await Promise.all(rooms.slice(i, i + 20).map((r) => r.open()));
    console.log(`${ROOMS} rooms open, 5 clients each, games started, in ${round((performance.now() - started) / 1000, 1)} s`);

    const latency = await measure(rooms, 1, LATENCY_SECONDS);
    const bytesPerMovePerClient = latency.bytes / latency.moves / 5;
    console.log(
      `1 move/s per room: ${latency.moves} moves (${round(latency.movesPerSecond, 1)}/s), latency p50 ${round(latency.p50)} ms, p99 ${round(latency.p99)} ms over ${latency.samples} moves; ${round(bytesPerMovePerClient, 1)} bytes per move per client`,
    );

    rooms.forEach((r) => r.setRate(0));
    await sleep(1500);
    const idleRoomHeapKB = ((await server.heap()) - baseline) / ROOMS / 1024;
    const load = os.loadavg()[0];
    console.log(`heap per idle room: ${round(idleRoomHeapKB, 1)} KB (games under way, 5 clients connected, nobody moving)`);
    console.log(`machine load average (1 min) during the run: ${round(load, 2)}`);

    let maxMovesPerSecond = latency.p99 <= LATENCY_LIMIT_MS ? latency.movesPerSecond : 0;
    for (const rate of RATES) {
      const step = await measure(rooms, rate, STEP_SECONDS);
      console.log(`${rate} moves/s per room: ${round(step.movesPerSecond, 0)} moves/s achieved, p50 ${round(step.p50)} ms, p99 ${round(step.p99)} ms`);
      if (step.p99 > LATENCY_LIMIT_MS) break;
      maxMovesPerSecond = Math.max(maxMovesPerSecond, step.movesPerSecond);
      if (step.movesPerSecond < 0.8 * rate * ROOMS) {
        console.log('(the clients could not keep up with that rate: stopping here)');
        break;
      }
    }
    const errors = rooms.reduce((sum, r) => sum + r.errors, 0);
    if (errors > 0) console.log(`warning: ${errors} moves were refused`);
    await Promise.all(rooms.map((r) => r.close()));

    console.log(
      JSON.stringify({
        rooms: ROOMS,
        p50Ms: round(latency.p50),
        p99Ms: round(latency.p99),
        maxMovesPerSecond: Math.round(maxMovesPerSecond),
        bytesPerMovePerClient: round(bytesPerMovePerClient, 1),
        idleRoomHeapKB: round(idleRoomHeapKB, 1),
      }),
    );
  } finally {
    server.child.send({ cmd: 'exit' });
    await new Promise((resolve) => {
      server.child.once('exit', resolve);
      setTimeout(() => resolve(server.child.kill()), 5000);
    });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
