/**
 * `npm run bench:abuse [-- --seconds 10 --victim-rooms 2 --victim-rate 20 --no-fill --only 1,4 --no-pin]`
 *
 * The attacks of the "open internet" issue as a benchmark, against the production server with its
 * production limits (nothing raised, NODE_ENV=production) in its own process. Before the attacks,
 * victim rooms (four players and a spectator each, from 127.0.0.1) start playing scripted games at
 * a steady rate (bench:server's BenchRoom: every move timed until all five clients have its patch);
 * they play on through every attack, and the p50/p99 of their moves is printed for a quiet baseline
 * and for each attack. The attacks come from a separate process (abuse-attacker-process.ts) whose
 * sockets are bound to other loopback addresses (127.0.0.2 and up, one fresh address per attack, so
 * each starts with full buckets as a new attacker would), and the server counts them apart from the
 * victim's (checked: rooms and sockets per address as the server sees them):
 *  1. room creation over plain HTTP, 16 loops: rooms created before refusal, refusals, live rooms,
 *     and the attacker's rooms still alive after the creator timeout;
 *  2. room creation with the creator connected (rooms that stay alive): rooms created, when refused;
 *  3. guessing room codes (joinById and the record endpoint): guesses answered before the cut-off,
 *     and what the limits allow in a day against the code space;
 *  4. join-frame flood from 4 joined sockets: frames sent before each is cut, time to the cut, and
 *     their attempts to come back during the cool-down;
 *  5. 100 MB bodies to /matchmake, with a Content-Length and chunked: the answer, its time, memory;
 *  6. reservations and sockets that never confirm their join: how many held, how soon closed;
 *  7. (unless --no-fill; run last, as it leaves the server full) many addresses (127.0.1.x and up)
 *     creating rooms and holding them with a connected creator until the server is full (MAX_ROOMS):
 *     the memory a full server takes;
 *  8. stalling a game: a player who owes a move hands the seat to the bot and takes it back, again
 *     and again, while the host asks for the bot: how long until a bot has made the move (goal
 *     ≤ 130 s: the idle time of 2 minutes, the production setting, and a little);
 *  9. a chat flood in a lobby: 48 spectators send long lines under the frame limit for 30 s: what the
 *     room stores (read from its SQLite file), extrapolated to an hour (goal ≤ 1 MB), and what a silent
 *     spectator receives;
 * 10. look-ups pipelined in one TCP write (800 at a time, colours, record, games and joinById, 4
 *     connections at once, 30 s): failed look-ups answered, against ≤ 10 a minute after the burst;
 * 11. plain connections: 3,000 silent ones at once (how many the server holds, how soon it closes
 *     them, /health meanwhile), then a creation on a fresh connection each time from 64 loops.
 * The server's memory is sampled every 100 ms in its process; its peak is compared with
 * MAX_ROOMS × 256 KB (the budget MAX_ROOMS is sized by) plus the idle server's own memory. The
 * last line is JSON.
 */
import Database from 'better-sqlite3';
import { ChildProcess, execFileSync, fork } from 'node:child_process';
import fs, { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '@samurai/shared';
import { ROOM_MEMORY_BUDGET_BYTES, ServerLimits } from '../src/limits/server-limits';
import { roomLogBound } from '../src/table/room-config';
import { DEFAULT_ROOM_CONFIG } from '../src/table/TableRoom';
import type { AttackConfig, AttackerMessage, AttackRequest } from './abuse-attacker-process';
import type { LoopStats } from './loop-stats';
import { BenchRoom, sleep } from './BenchRoom';
import type { WatchReport } from './server-watch';
import { forkBenchServer } from './bench-server-control';
import { typescriptChild } from '../src/test-support/typescript-child';

// ---- arguments ---------------------------------------------------------------------------------

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
const ATTACK_SECONDS = argument('seconds', 10);
const VICTIM_ROOMS = argument('victim-rooms', 2);
/** Moves per second in each victim room: at 20 no seat's client sends more than the 20 frames a second it may. */
const VICTIM_RATE = argument('victim-rate', 20);
const FILL = !process.argv.includes('--no-fill');
const PIN = !process.argv.includes('--no-pin') && os.cpus().length >= 2;
const P99_GOAL_MS = 20;
/** The attacker's addresses: one per attack, and a range for the fill. */
const ADDRESS = {
  creationFlood: '127.0.0.2',
  createAndConnect: '127.0.0.3',
  guessing: '127.0.0.4',
  frameFlood: '127.0.0.5',
  oversized: '127.0.0.6',
  unconfirmed: '127.0.0.7',
  chatFlood: '127.0.0.9',
};
const FILL_ADDRESSES = Array.from({ length: 2000 }, (_, i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`);
const VICTIM_ADDRESS = '127.0.0.1';
/** Attacks 8 and 9's addresses (fresh ones, full buckets). */
const PIPELINE_ADDRESS = '127.0.0.18';
const CONNECTION_FLOOD_ADDRESS = '127.0.0.19';
/** Attack 8 runs at least this long: the limit's steady rate shows only once the burst is spent. */
const PIPELINE_SECONDS = Math.max(30, ATTACK_SECONDS);

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 2 ** 20, 0);

// ---- the two processes -------------------------------------------------------------------------

/** Sends a request to a child and waits for the answer whose `cmd` is `answer`. */
function ask<T>(child: ChildProcess, request: object, answer: string, timeoutMs = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', listen);
      reject(new Error(`no "${answer}" from process ${child.pid} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listen = (message: { cmd?: string }) => {
      if (message.cmd !== answer && !(answer === 'result' && message.cmd === 'failed')) return;
      clearTimeout(timer);
      child.off('message', listen);
      if (message.cmd === 'failed') reject(new Error((message as { error: string }).error));
      else resolve(message as T);
    };
    child.on('message', listen);
    child.send(request);
  });
}

interface ServerLog {
  lines: number;
  /** Lines carrying a stack trace: an error's `err.stack` in a JSON line (or a frame printed on its own). */
  stackTraces: number;
  suppressedNotices: number;
  byAddress: Map<string, number>;
  /** Lines written per whole second of the run. */
  perSecond: Map<number, number>;
  last: string[];
}

/**
 * The production server, its limits untouched, keeping its rooms in SQLite as `npm start` does
 * (in a temporary directory, removed when it exits); its log is read here (counted, not printed).
 */
async function startServer(): Promise<{ child: ChildProcess; url: string; log: ServerLog; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-abuse-'));
  // With `npm run serve`'s Node options, as production runs it (see forkBenchServer).
  const child = forkBenchServer(['--production-limits'], { LOG_LEVEL: 'info', BENCH_DATA_DIR: dataDir }, 'pipe');
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const log: ServerLog = { lines: 0, stackTraces: 0, suppressedNotices: 0, byAddress: new Map(), perSecond: new Map(), last: [] };
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      log.lines++;
      const second = Math.floor(performance.now() / 1000);
      log.perSecond.set(second, (log.perSecond.get(second) ?? 0) + 1);
      if (/^\s+at |"stack":"/.test(line)) log.stackTraces++;
      if (/log lines suppressed/.test(line)) log.suppressedNotices++;
      const address = line.match(/127\.\d+\.\d+\.\d+/)?.[0];
      if (address) log.byAddress.set(address, (log.byAddress.get(address) ?? 0) + 1);
      log.last.push(line);
      if (log.last.length > 20) log.last.shift();
    });
  }
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${log.last.join('\n')}`)));
    child.once('message', resolve);
  });
  return { child, url: `http://127.0.0.1:${port}`, log, dataDir };
}

async function startAttacker(): Promise<ChildProcess> {
  const child = fork(path.join(__dirname, 'abuse-attacker-process.ts'), [], {
    ...typescriptChild(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

/** Restricts a process (every thread of it) to one CPU. */
function pin(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ---- phases ------------------------------------------------------------------------------------

interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly samples: number;
}

function latencyOf(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted[sorted.length - 1] ?? NaN, 2),
    samples: sorted.length,
  };
}

interface Phase<T> {
  readonly name: string;
  readonly result: T;
  readonly seconds: number;
  readonly victim: Latency;
  /** The victim's moves in windows the attacker marked (e.g. the frame flood itself). */
  readonly windows: Record<string, Latency>;
  readonly victimMovesPerSecond: number;
  readonly serverBusy: number;
  readonly attackerBusy: number;
  readonly loop: LoopStats;
  readonly watch: WatchReport;
}

const describeLatency = (l: Latency) => `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms (${l.samples} moves)`;

class Bench {
  readonly phases: Phase<unknown>[] = [];
  /** Highest memory and live rooms over the whole run. */
  peak = { rss: 0, heapUsed: 0, external: 0, rooms: 0 };

  constructor(
    readonly server: { child: ChildProcess; url: string; log: ServerLog; dataDir: string },
    readonly attacker: ChildProcess,
    readonly victims: BenchRoom[],
  ) {}

  async watch(): Promise<WatchReport> {
    const report = await ask<WatchReport>(this.server.child, { cmd: 'watch' }, 'watch', 10_000);
    for (const key of ['rss', 'heapUsed', 'external', 'rooms'] as const) this.peak[key] = Math.max(this.peak[key], report.peak[key]);
    return report;
  }

  /** Runs `attack` while the victims' moves are timed, with the server's figures over the same span. */
  async phase<T>(name: string, attack: () => Promise<T>): Promise<Phase<T>> {
    for (const room of this.victims) {
      room.latencies = [];
      room.movesMade = 0;
      room.measuring = true;
    }
    const marks = new Map<string, number[]>();
    const onMark = (message: AttackerMessage) => {
      if (message.cmd !== 'mark') return;
      // An end mark is taken half a second late, so moves the attack held up are counted in its window.
      const take = () =>
        marks.set(
          message.label,
          this.victims.map((r) => r.latencies.length),
        );
      if (message.label.endsWith('-end')) setTimeout(take, 500);
      else take();
    };
    this.attacker.on('message', onMark);
    await ask(this.server.child, { cmd: 'loop' }, 'loop');
    await this.watch();
    const serverCpu = cpuSeconds(this.server.child.pid!);
    const attackerCpu = cpuSeconds(this.attacker.pid!);
    const started = performance.now();
    const result = await attack();
    const seconds = (performance.now() - started) / 1000;
    await sleep(600); // the last end mark
    this.attacker.off('message', onMark);
    for (const room of this.victims) room.measuring = false;
    const loop = await ask<LoopStats>(this.server.child, { cmd: 'loop' }, 'loop');
    const watch = await this.watch();
    const windows: Record<string, Latency> = {};
    for (const [label, start] of marks) {
      if (label.endsWith('-end')) continue;
      const base = label.replace(/-start$/, '');
      const end = marks.get(`${base}-end`);
      windows[base] = latencyOf(this.victims.flatMap((r, i) => r.latencies.slice(start[i], end?.[i])));
    }
    const phase: Phase<T> = {
      name,
      result,
      seconds,
      victim: latencyOf(this.victims.flatMap((r) => r.latencies)),
      windows,
      victimMovesPerSecond: this.victims.reduce((sum, r) => sum + r.movesMade, 0) / seconds,
      serverBusy: (cpuSeconds(this.server.child.pid!) - serverCpu) / seconds,
      attackerBusy: (cpuSeconds(this.attacker.pid!) - attackerCpu) / seconds,
      loop,
      watch,
    };
    this.phases.push(phase as Phase<unknown>);
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    console.log(`  victim moves: ${describeLatency(phase.victim)}, ${round(phase.victimMovesPerSecond, 1)} moves/s`);
    for (const [label, latency] of Object.entries(windows)) console.log(`  victim moves during the ${label}: ${describeLatency(latency)}`);
    console.log(
      `  server: ${percent(phase.serverBusy)} of a CPU, event-loop delay p99 ${round(loop.delayP99Ms)} ms (max ${round(loop.delayMaxMs)} ms), GC pauses max ${round(loop.gcMaxMs)} ms; ` +
        `peak RSS ${mb(watch.peak.rss)} MB, heap ${mb(watch.peak.heapUsed)} MB, live rooms ≤ ${watch.peak.rooms}; attacker process ${percent(phase.attackerBusy)} of a CPU`,
    );
    return phase;
  }

  attack<T>(name: Extract<AttackRequest, { cmd: 'attack' }>['name'], config: object): Promise<T> {
    return ask<{ result: T }>(
      this.attacker,
      { cmd: 'attack', name, config: { url: this.server.url, seconds: ATTACK_SECONDS, ...config } as AttackConfig },
      'result',
      180_000,
    ).then((m) => m.result);
  }

  release(): Promise<unknown> {
    return ask(this.attacker, { cmd: 'release' }, 'released', 60_000);
  }
}

// ---- the attacks -------------------------------------------------------------------------------

/** What the attacks found, for the goals, the summary and the JSON line. */
interface Findings {
  checks: { what: string; ok: boolean }[];
  creationFlood?: { p99: number; createdBeforeRefusal: number | null };
  connectedFlood?: { p99: number };
  guessing?: { answeredBeforeCutOff: number | null };
  frameFlood?: { p99: number };
  fill?: { rooms: number; roomHeapKB: number; roomRssKB: number };
  standIn?: { remedyS: number | null; p99: number };
  chatFlood?: { storedMaxKB: number; perHourKB: number; silentKB: number; p99: number };
  pipelined?: { failedPerMinuteAfterBurst: number; p99: number };
  connectionFlood?: { held: number; p99: number; churnP99: number; healthMaxMs: number };
  /** Checks that must wait (the creator timeout), run between attacks once due, or at the end. */
  later: { at: number; run: () => Promise<void> }[];
}

interface Run {
  readonly bench: Bench;
  readonly limits: ServerLimits;
  readonly found: Findings;
  readonly check: (what: string, ok: boolean) => void;
}

type Tally = Record<string, number>;
const printTally = (tally: Tally) => Object.entries(tally).forEach(([reason, n]) => console.log(`    ${n} × ${reason}`));

async function creationFlood({ bench, limits, found, check }: Run): Promise<void> {
  const address = ADDRESS.creationFlood;
  console.log(`1. room creation over plain HTTP from ${address}: 16 loops of POST /matchmake/create, ${ATTACK_SECONDS} s`);
  type Flood = {
    requests: number;
    requestsPerSecond: number;
    created: number;
    createdBeforeRefusal: number | null;
    firstRefusalMs: number | null;
    firstRetryAfter: string | null;
    refusals: Tally;
    failures: number;
    lastCreatedAt: number;
  };
  const phase = await bench.phase('1. creation flood over HTTP', () => bench.attack<Flood>('creationFlood', { address }));
  const f = phase.result;
  console.log(
    `  ${f.requests} requests (${f.requestsPerSecond}/s answered): ${f.created} rooms created, ${f.createdBeforeRefusal} before the first refusal (after ${f.firstRefusalMs} ms, Retry-After ${f.firstRetryAfter} s); ` +
      `live rooms at the end (everyone's): ${phase.watch.now.rooms}, of which the server counts ${phase.watch.roomsByAddress[address] ?? 0} against the attacker's address`,
  );
  printTally(f.refusals);
  if (f.failures) console.log(`    ${f.failures} requests failed (network)`);
  check(`creations refused after the burst (${limits.create.burst})`, f.created <= limits.create.burst + 1 && f.requests > f.created);
  found.creationFlood = { p99: phase.victim.p99, createdBeforeRefusal: f.createdBeforeRefusal };
  found.later.push({
    at: f.lastCreatedAt + DEFAULT_ROOM_CONFIG.creatorTimeoutMs + 1500,
    run: async () => {
      const watch = await bench.watch();
      const left = watch.roomsByAddress[address] ?? 0;
      console.log(
        `1. (continued) ${round((Date.now() - f.lastCreatedAt) / 1000)} s after the attacker's last creation: ${left} of its ${f.created} rooms alive (live rooms in all: ${watch.now.rooms})`,
      );
      check('rooms made over plain HTTP closed after the creator timeout', left === 0);
    },
  });
}

async function createAndConnect({ bench, limits, found, check }: Run): Promise<void> {
  const address = ADDRESS.createAndConnect;
  console.log(`2. room creation with the creator connected (rooms that stay alive) from ${address}, 4 loops, ${ATTACK_SECONDS} s`);
  type Connect = {
    requests: number;
    created: number;
    connected: number;
    firstRefusal: { afterMs: number; afterRooms: number; reason: string } | null;
    refusals: Tally;
  };
  const phase = await bench.phase('2. creation flood, creators connected', () => bench.attack<Connect>('createAndConnect', { address }));
  const c = phase.result;
  console.log(
    `  ${c.requests} requests: ${c.created} rooms created and joined (${c.connected} sockets open); the first refusal after ${c.firstRefusal?.afterMs} ms and ${c.firstRefusal?.afterRooms} rooms`,
  );
  printTally(c.refusals);
  const view = await bench.watch();
  console.log(
    `  the server's view: live rooms by address ${JSON.stringify(view.roomsByAddress)}, open sockets by address ${JSON.stringify(view.socketsByAddress)}`,
  );
  check(
    'the server counts the attacker apart from the victims (rooms and sockets per address)',
    (view.roomsByAddress[VICTIM_ADDRESS] ?? 0) >= VICTIM_ROOMS &&
      view.roomsByAddress[address] === c.created &&
      view.socketsByAddress[VICTIM_ADDRESS] === VICTIM_ROOMS * 5 &&
      view.socketsByAddress[address] === c.connected,
  );
  check(`creations refused after the burst (${limits.create.burst})`, c.created <= limits.create.burst + 1);
  await bench.release();
  const after = await bench.watch();
  console.log(
    `  once the creators left, ${after.roomsByAddress[address] ?? 0} of those rooms live on (a room nobody is in closes after ${DEFAULT_ROOM_CONFIG.emptyRoomTtlMs / 60_000} min: seats outlive connections; they count against the address's ${limits.roomsPerAddress})`,
  );
  found.connectedFlood = { p99: phase.victim.p99 };
}

async function guessing({ bench, limits, found, check }: Run): Promise<void> {
  const address = ADDRESS.guessing;
  console.log(`3. guessing room codes from ${address}: 8 loops of joinById and GET /api/rooms/CODE/record with random codes, ${ATTACK_SECONDS} s`);
  type Guess = {
    recordAnswers: { live: string; unknown: string; sameAnswer: boolean };
    answered: number;
    answeredBeforeCutOff: number | null;
    cutOffMs: number | null;
    refused: number;
    found: number;
    refusals: Tally;
    failures: number;
  };
  const phase = await bench.phase('3. guessing codes', () => bench.attack<Guess>('guessing', { address }));
  const g = phase.result;
  const codeSpace = ROOM_CODE_ALPHABET.length ** ROOM_CODE_LENGTH;
  const perDay = limits.lookup.burst + limits.lookup.perMinute * 60 * 24;
  const chancePerDay = 1 - (1 - 1000 / codeSpace) ** perDay;
  console.log(`  the record endpoint: a live room with no finished game → ${g.recordAnswers.live}…; an unknown code → ${g.recordAnswers.unknown}…`);
  console.log(
    `  ${g.answered} guesses answered (${g.answeredBeforeCutOff} before the cut-off at ${g.cutOffMs} ms), ${g.refused} refused, ${g.found} found a room`,
  );
  printTally(g.refusals);
  console.log(
    `  the limits allow ${perDay.toLocaleString('en')} failed look-ups a day from one address, against ${ROOM_CODE_ALPHABET.length}^${ROOM_CODE_LENGTH} = ${codeSpace.toLocaleString('en')} codes: ` +
      `the chance of finding one of 1,000 live rooms in a day is ${round(chancePerDay * 100, 2)}% (the first found after about ${round(1 / chancePerDay, 0)} days)`,
  );
  check('the record endpoint answers for a live room as for an unknown code', g.recordAnswers.sameAnswer);
  check(`guessing cut off after the look-up burst (${limits.lookup.burst})`, g.answered <= limits.lookup.burst + 2 && g.refused > 0 && g.found === 0);
  found.guessing = { answeredBeforeCutOff: g.answeredBeforeCutOff };
}

async function frameFlood({ bench, found, check }: Run): Promise<void> {
  const address = ADDRESS.frameFlood;
  console.log(
    `4. join-frame flood from ${address}: 4 joined sockets (2 players and 2 spectators of a room of the attacker's) send 1-byte JOIN_ROOM frames as fast as they can; ` +
      `5 rounds back to back (fresh sockets, fresh room); then the first round's 4 try to come back, every second for ${ATTACK_SECONDS} s`,
  );
  type Flooder = {
    who: string;
    framesSent: number;
    stoppedAfterMs: number | null;
    closedAfterMs: number | null;
    closeCode: number | null;
    socketError: string | null;
    warnings: number;
  };
  type FrameFlood = { rounds: number; floodMs: number; flooders: Flooder[]; rejoins: { atMs: number; who: string; outcome: string }[] };
  const phase = await bench.phase('4. join-frame flood', () => bench.attack<FrameFlood>('frameFlood', { address }));
  const ff = phase.result;
  const range = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length === 0 ? 'never' : `${Math.min(...known).toLocaleString('en')}–${Math.max(...known).toLocaleString('en')}`;
  };
  const codes: Tally = {};
  for (const s of ff.flooders)
    codes[`${s.closeCode}${s.socketError ? ` (${s.socketError})` : ''}`] = (codes[`${s.closeCode}${s.socketError ? ` (${s.socketError})` : ''}`] ?? 0) + 1;
  console.log(
    `  ${ff.flooders.length} flooding sockets over ${ff.floodMs} ms: each sent ${range(ff.flooders.map((s) => s.framesSent))} frames before the server's close frame arrived ` +
      `${range(ff.flooders.map((s) => s.stoppedAfterMs))} ms after its first (warnings first: ${range(ff.flooders.map((s) => s.warnings))}); closed ${range(ff.flooders.map((s) => s.closedAfterMs))} ms after the first frame, codes ${JSON.stringify(codes)}`,
  );
  const tally: Tally = {};
  for (const r of ff.rejoins) tally[`${r.who}: ${r.outcome}`] = (tally[`${r.who}: ${r.outcome}`] ?? 0) + 1;
  const atMs = ff.rejoins.map((r) => r.atMs);
  console.log(`  ${ff.rejoins.length} attempts to come back, ${Math.min(...atMs)}–${Math.max(...atMs)} ms after the flood ended:`);
  printTally(tally);
  check(
    'every flooding socket cut by the rate limiter (close 4429)',
    ff.flooders.every((s) => s.closeCode === 4429),
  );
  check(
    'no flooder back during its cool-down',
    ff.rejoins.every((r) => r.outcome !== 'joined'),
  );
  found.frameFlood = { p99: phase.windows['flood']?.p99 ?? phase.victim.p99 };
}

async function oversized({ bench, check }: Run): Promise<void> {
  const address = ADDRESS.oversized;
  console.log(`5. oversized bodies from ${address}: 100 MB to /matchmake/create, with a Content-Length, chunked, then 4 chunked at once`);
  type Big = { kind: string; status: number | null; ms: number; mbWritten: number; error: string | null };
  const before = await bench.watch();
  const phase = await bench.phase('5. oversized bodies', () => bench.attack<{ withLength: Big; chunked: Big; fourChunked: Big[] }>('oversized', { address }));
  const { withLength, chunked, fourChunked } = phase.result;
  const describe = (b: Big) => `${b.status ?? b.error} after ${b.ms} ms (${b.mbWritten} MB written by then)`;
  console.log(`  with Content-Length: ${describe(withLength)}`);
  console.log(`  chunked: ${describe(chunked)}`);
  console.log(`  4 chunked at once: ${fourChunked.map(describe).join('; ')}`);
  console.log(`  server RSS ${mb(before.now.rss)} MB before, at most ${mb(phase.watch.peak.rss)} MB during`);
  // With a Content-Length the server answers 413 at once and closes the connection without reading
  // the body, so a client still writing may see the close (EPIPE, ECONNRESET) before the answer.
  const refused = (b: Big) => b.status === 413 || (b.status === null && ['EPIPE', 'ECONNRESET'].includes(b.error ?? '') && b.mbWritten < 10);
  check('oversized bodies refused (413, or the connection closed after a few MB)', [withLength, chunked, ...fourChunked].every(refused));
}

async function unconfirmed({ bench, limits, check }: Run): Promise<void> {
  const address = ADDRESS.unconfirmed;
  console.log(
    `6. unconfirmed sockets from ${address}: 100 seat reservations at once in a room of the attacker's and sockets that never confirm, then 150 sockets with made-up session ids`,
  );
  type Unconfirmed = {
    reservations: number;
    granted: number;
    reservationRefusals: Tally;
    seated: number;
    refusedAtJoin: Tally;
    closeCodes: Tally;
    heldMs: { min: number; median: number; max: number };
    stillOpen: number;
    bogusOutcomes: Tally;
    bogusClosedWithinMs: number;
  };
  const phase = await bench.phase('6. unconfirmed sockets', () => bench.attack<Unconfirmed>('unconfirmed', { address }));
  const u = phase.result;
  await bench.release();
  const heldAtPeak = phase.watch.peak.socketsByAddress[address] ?? 0;
  console.log(`  ${u.granted} of ${u.reservations} reservations granted; refused: ${JSON.stringify(u.reservationRefusals)}`);
  console.log(
    `  ${u.seated} sockets seated and never confirmed; refused at the door: ${JSON.stringify(u.refusedAtJoin)}; the server held at most ${heldAtPeak} sockets of the address at once`,
  );
  console.log(
    `  the unconfirmed closed by the server (codes ${JSON.stringify(u.closeCodes)}) ${u.heldMs.min}–${u.heldMs.max} ms after being seated (median ${u.heldMs.median}); ${u.stillOpen} still open`,
  );
  console.log(`  made-up session ids: ${JSON.stringify(u.bogusOutcomes)}, all closed within ${u.bogusClosedWithinMs} ms`);
  check(
    `unconfirmed sockets closed at the join-confirm timeout (within 6 s), the address never above ${limits.socketsPerAddress} sockets`,
    u.stillOpen === 0 && u.heldMs.max <= 6000 && heldAtPeak <= limits.socketsPerAddress,
  );
}

async function distributedFill({ bench, limits, found, check }: Run): Promise<void> {
  console.log(`7. many addresses (127.0.1.1 and up): each creates rooms and holds them with a connected creator, until the server is full (at most 60 s)`);
  const server = bench.server.child;
  const before = await ask<{ heapUsed: number }>(server, { cmd: 'heap' }, 'heap');
  const roomsBefore = (await bench.watch()).now;
  type Fill = {
    addressesUsed: number;
    created: number;
    roomsPerSecond: number;
    fullAtMs: number | null;
    fullAtRooms: number | null;
    refusals: Tally;
    failures: number;
    connected: number;
  };
  const phase = await bench.phase('7. fill from many addresses', () => bench.attack<Fill>('distributedFill', { addresses: FILL_ADDRESSES, seconds: 60 }));
  const r = phase.result;
  const after = await ask<{ heapUsed: number }>(server, { cmd: 'heap' }, 'heap');
  const full = await bench.watch();
  const added = full.now.rooms - roomsBefore.rooms;
  const fill = {
    rooms: full.now.rooms,
    roomHeapKB: round((after.heapUsed - before.heapUsed) / added / 1024),
    roomRssKB: round((phase.watch.peak.rss - roomsBefore.rss) / added / 1024),
  };
  console.log(
    `  ${r.addressesUsed} addresses created ${r.created} rooms (${r.roomsPerSecond}/s) and held them with ${r.connected} sockets; ` +
      (r.fullAtMs === null ? 'the server never said it was full' : `"the server is full" after ${r.fullAtMs} ms and ${r.fullAtRooms} rooms`),
  );
  printTally(r.refusals);
  console.log(
    `  live rooms ${full.now.rooms} (MAX_ROOMS ${limits.maxRooms}); each room added (in its lobby, creator connected) took ${fill.roomHeapKB} KB of heap after GC ` +
      `and ${fill.roomRssKB} KB of RSS at the peak: MAX_ROOMS of them ${mb(fill.roomRssKB * 1024 * limits.maxRooms)} MB of RSS against ${mb(limits.maxRooms * ROOM_MEMORY_BUDGET_BYTES)} MB budgeted`,
  );
  check('the global cap holds (live rooms ≤ MAX_ROOMS)', full.now.rooms <= limits.maxRooms && full.peak.rooms <= limits.maxRooms);
  await bench.release();
  found.fill = fill;
}

// ---- 8. stalling a game ---------------------------------------------------------------------------

async function standInCycling({ bench, found, check }: Run): Promise<void> {
  const config = { cycleMs: 2000, resumeEveryMs: 500, hostEveryMs: 2000, capMs: 180_000 };
  const idleS = DEFAULT_ROOM_CONFIG.idleAfterMs / 1000;
  console.log(
    `8. stalling a game (production settings: idle after ${idleS} s, a seat handed over once per ${DEFAULT_ROOM_CONFIG.tableLimits.seatHandoverMs / 1000} s): a player owing a move ` +
      `asks for the bot and takes the seat back every ${config.cycleMs / 1000} s and says "I'm back" every ${config.resumeEveryMs} ms; the host asks for the bot every ${config.hostEveryMs / 1000} s (at most ${config.capMs / 1000} s)`,
  );
  type StandIn = { remedyMs: number | null; idleSeenMs: number | null; hostGrantedMs: number | null; stallerAnswers: Tally; hostAnswers: Tally };
  const phase = await bench.phase('8. stalling a game', () => bench.attack<StandIn>('standInCycling', config));
  const r = phase.result;
  const seconds = (ms: number | null) => (ms === null ? 'never' : `${round(ms / 1000)} s`);
  console.log(
    `  after the move fell due: the player shown idle at ${seconds(r.idleSeenMs)}, the host's request granted at ${seconds(r.hostGrantedMs)}, ` +
      `a bot had made the move at ${seconds(r.remedyMs)} (goal ≤ 130 s)`,
  );
  console.log("  the staller's requests answered:");
  printTally(r.stallerAnswers);
  console.log("  the host's requests answered:");
  printTally(r.hostAnswers);
  check("the host's remedy made the stalled move within 130 s", r.remedyMs !== null && r.remedyMs <= 130_000);
  found.standIn = { remedyS: r.remedyMs === null ? null : round(r.remedyMs / 1000), p99: phase.victim.p99 };
}

// ---- 9. a chat flood's storage -----------------------------------------------------------------------

/** Every room's stored bytes (its events' data), from the server's SQLite file (read-only, beside the server's own connection). */
function storedBytesByRoom(dataDir: string): Map<string, number> {
  const db = new Database(path.join(dataDir, 'samurai.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT code, SUM(length(CAST(data AS BLOB))) AS bytes FROM events GROUP BY code').all() as { code: string; bytes: number }[];
    return new Map(rows.map((r) => [r.code, r.bytes]));
  } finally {
    db.close();
  }
}

async function chatFloodStorage({ bench, found, check }: Run): Promise<void> {
  const address = ADDRESS.chatFlood;
  const config = { address, spectators: 48, linesPerSecond: 16, seconds: Math.max(30, ATTACK_SECONDS) };
  console.log(
    `9. chat flood in a lobby from ${address}: ${config.spectators} spectators send lines of ${200} characters, ${config.linesPerSecond} a second each (under the frame limit), for ${config.seconds} s; ` +
      "a silent spectator counts what it receives; the room's stored log is read from the SQLite file every second",
  );
  type Flood = { code: string; spectators: number; linesSent: number; floodSeconds: number; silentBytes: number; refusals: Tally; stillOpen: number };
  // Each second, every room's stored bytes: the attacker's room is known only at the end.
  const samples: { at: number; bytes: Map<string, number> }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => samples.push({ at: (performance.now() - started) / 1000, bytes: storedBytesByRoom(bench.server.dataDir) }), 1000);
  let phase: Phase<Flood>;
  try {
    phase = await bench.phase('9. chat flood in a lobby', () => bench.attack<Flood>('chatFlood', config));
  } finally {
    clearInterval(sampler);
  }
  await bench.release();
  const f = phase.result;
  const series = samples.map((s) => ({ at: s.at, bytes: s.bytes.get(f.code) ?? 0 }));
  const most = Math.max(0, ...series.map((s) => s.bytes));
  // The growth: the most stored in the second half of the flood against the first half, per second.
  const half = f.floodSeconds / 2;
  const firstHalf = Math.max(0, ...series.filter((s) => s.at <= half).map((s) => s.bytes));
  const secondHalf = Math.max(0, ...series.filter((s) => s.at > half).map((s) => s.bytes));
  const growthPerSecond = Math.max(0, secondHalf - firstHalf) / Math.max(1, half);
  // Over an hour the room starts its log afresh each time it has written compactAfterBytes, so what it
  // stores stops at its bound (room-log-bound.test.ts shows it); the linear growth is printed beside it.
  const bound = roomLogBound(DEFAULT_ROOM_CONFIG.tableLimits);
  const perHour = Math.min(bound, most + growthPerSecond * 3600);
  const kb = (bytes: number) => round(bytes / 1024, 0);
  console.log(
    `  ${f.linesSent} lines sent in ${f.floodSeconds} s; refused: ${JSON.stringify(f.refusals)}; flooders still connected: ${f.stillOpen} of ${f.spectators}`,
  );
  console.log(
    `  the room stored at most ${kb(most)} KB (${kb(firstHalf)} KB in the first half, ${kb(secondHalf)} KB in the second: ${round(growthPerSecond)} bytes/s, ` +
      `${kb(growthPerSecond * 3600)} KB an hour written); after an hour of flooding it stores at most ${kb(perHour)} KB (it compacts every ` +
      `${kb(DEFAULT_ROOM_CONFIG.tableLimits.compactAfterBytes)} KB written; its bound ${kb(bound)} KB; goal ≤ 1,024 KB); ` +
      `the silent spectator received ${kb(f.silentBytes)} KB (${round(f.silentBytes / f.floodSeconds / 1024, 2)} KB/s)`,
  );
  check("a lobby's stored log under its bound during the chat flood", most <= bound);
  found.chatFlood = { storedMaxKB: kb(most), perHourKB: kb(perHour), silentKB: kb(f.silentBytes), p99: phase.windows['flood']?.p99 ?? phase.victim.p99 };
}

async function pipelinedLookUps({ bench, limits, found, check }: Run): Promise<void> {
  const address = PIPELINE_ADDRESS;
  console.log(
    `10. look-ups pipelined from ${address}: 800 at a time in one TCP write (colours, record, games, joinById, random codes), 4 connections at once, ${PIPELINE_SECONDS} s`,
  );
  type Pipelined = {
    written: number;
    answeredFailed: number;
    found: number;
    refused: number;
    unanswered: number;
    connections: number;
    resetAtDoor: number;
    failedByRoute: Tally;
    minutes: number;
  };
  const phase = await bench.phase('10. pipelined look-ups', () => bench.attack<Pipelined>('pipelinedLookUps', { address, seconds: PIPELINE_SECONDS }));
  const p = phase.result;
  const afterBurst = Math.max(0, p.answeredFailed - limits.lookup.burst);
  const perMinute = round(afterBurst / p.minutes, 1);
  console.log(
    `  ${p.connections.toLocaleString('en')} connections over ${round(p.minutes * 60, 0)} s, ${p.resetAtDoor.toLocaleString('en')} of them reset before a byte was written; ` +
      `${p.written.toLocaleString('en')} look-ups written on the others: ${p.answeredFailed} answered "not found" (${JSON.stringify(p.failedByRoute)}), ` +
      `${p.refused.toLocaleString('en')} refused (429), ${p.unanswered.toLocaleString('en')} never answered (the connection dropped), ${p.found} found a room`,
  );
  console.log(
    `  failed look-ups answered beyond the burst of ${limits.lookup.burst}: ${afterBurst}, ${perMinute} a minute (goal ≤ ${limits.lookup.perMinute} a minute per address)`,
  );
  check(
    `pipelined look-ups held to the limit (at most the burst ${limits.lookup.burst} + ${limits.lookup.perMinute} a minute answered)`,
    perMinute <= limits.lookup.perMinute && p.found === 0,
  );
  found.pipelined = { failedPerMinuteAfterBurst: perMinute, p99: phase.victim.p99 };
}

async function connectionFlood({ bench, limits, found, check }: Run): Promise<void> {
  const address = CONNECTION_FLOOD_ADDRESS;
  console.log(
    `11. plain connections from ${address}: 3,000 silent ones at once, /health asked meanwhile; then a creation on a fresh connection each time from 64 loops, ${ATTACK_SECONDS} s`,
  );
  type Flood = {
    attempted: number;
    openedMs: number;
    reset: number;
    held: number;
    stillOpen: number;
    answered408: number;
    heldMs: { min: number; median: number; max: number };
    healthMs: { max: number; probes: number };
    churn: { requests: number; perSecond: number; answers: Tally };
  };
  const phase = await bench.phase('11. connection flood', () => bench.attack<Flood>('connectionFlood', { address }));
  const f = phase.result;
  const heldAtPeak = phase.watch.peak.connectionsByAddress[address] ?? 0;
  console.log(
    `  ${f.attempted.toLocaleString('en')} connections opened in ${f.openedMs} ms: ${f.reset.toLocaleString('en')} reset at once, ${f.held} held (the server counted at most ${heldAtPeak}; CONNECTIONS_PER_ADDRESS ${limits.connectionsPerAddress}), ` +
      `closed by the server ${f.heldMs.min}–${f.heldMs.max} ms after opening (median ${f.heldMs.median}, ${f.answered408} with a 408 first); ${f.stillOpen} still open`,
  );
  console.log(`  /health from another address meanwhile: ${f.healthMs.probes} probes, the slowest ${f.healthMs.max} ms`);
  console.log(`  churn: ${f.churn.requests.toLocaleString('en')} creations on fresh connections (${f.churn.perSecond}/s): ${JSON.stringify(f.churn.answers)}`);
  check(
    `plain connections held to CONNECTIONS_PER_ADDRESS (${limits.connectionsPerAddress}), all closed within seconds`,
    heldAtPeak <= limits.connectionsPerAddress && f.held <= limits.connectionsPerAddress && f.stillOpen === 0,
  );
  check('/health answered within a second during the flood', f.healthMs.max < 1000);
  found.connectionFlood = {
    held: heldAtPeak,
    p99: phase.windows['silent']?.p99 ?? phase.victim.p99,
    churnP99: phase.windows['churn']?.p99 ?? phase.victim.p99,
    healthMaxMs: f.healthMs.max,
  };
}

/** Numbered as printed; the fill runs last, since it leaves the server full. */
const ATTACKS: [number, (run: Run) => Promise<void>][] = [
  [1, creationFlood],
  [2, createAndConnect],
  [3, guessing],
  [4, frameFlood],
  [5, oversized],
  [6, unconfirmed],
  [8, standInCycling],
  [9, chatFloodStorage],
  [10, pipelinedLookUps],
  [11, connectionFlood],
  ...(FILL ? [[7, distributedFill] as [number, (run: Run) => Promise<void>]] : []),
];
/** `--only 1,4`: just those attacks (numbered as printed). */
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set(process.argv[i + 1].split(',').map(Number)) : null;
})();

// ---- the run -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cpus = os.cpus();
  const runStarted = performance.now();
  console.log(`abuse benchmark: the production server and its limits, ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const server = await startServer();
  let serverExit: string | null = null;
  server.child.on('exit', (code, signal) => (serverExit = `exit code ${code}, signal ${signal}`));
  const attacker = await startAttacker();
  if (PIN) pin(attacker.pid!, 0);
  if (process.env.ATTACKER_NICE) os.setPriority(attacker.pid!, Number(process.env.ATTACKER_NICE));
  console.log(
    PIN
      ? 'cores: the attacking process is pinned to CPU 0 (it can take at most one); the server and the victims (this process) are not pinned'
      : 'cores: not pinned',
  );
  const bench = new Bench(server, attacker, []);
  const found: Findings = { checks: [], later: [] };
  const check = (what: string, ok: boolean) => {
    found.checks.push({ what, ok });
    console.log(`  check: ${what}: ${ok ? 'yes' : 'NO'}`);
  };
  const runLater = async (wait: boolean) => {
    for (const due of [...found.later]) {
      if (!wait && Date.now() < due.at) continue;
      if (Date.now() < due.at) await sleep(due.at - Date.now());
      found.later.splice(found.later.indexOf(due), 1);
      await due.run();
    }
  };
  try {
    const idle = await bench.watch();
    const limits = idle.limits;
    const budgetBytes = limits.maxRooms * ROOM_MEMORY_BUDGET_BYTES;
    console.log(
      `limits: MAX_ROOMS ${limits.maxRooms} (half the server's heap limit at ${ROOM_MEMORY_BUDGET_BYTES / 1024} KB a room = ${mb(budgetBytes)} MB); per address: ${limits.roomsPerAddress} live rooms, ` +
        `creations ${limits.create.burst} + ${limits.create.perMinute}/min, failed look-ups ${limits.lookup.burst} + ${limits.lookup.perMinute}/min, matchmaking ${limits.matchmake.burst} + ${limits.matchmake.perMinute}/min, ` +
        `${limits.socketsPerAddress} sockets, ${limits.connectionsPerAddress} plain connections; bodies ≤ ${limits.maxBodyBytes} bytes; creator timeout ${DEFAULT_ROOM_CONFIG.creatorTimeoutMs / 1000} s; ` +
        `${DEFAULT_ROOM_CONFIG.rateLimitPerSecond} frames/s per connection, flood cool-down ${DEFAULT_ROOM_CONFIG.floodCooldownMs / 1000} s`,
    );
    console.log(`the idle server: RSS ${mb(idle.now.rss)} MB, heap ${mb(idle.now.heapUsed)} MB`);

    // The victims: scripted games for the whole run, made before the clock runs (about 140 moves a game).
    const games = Math.ceil((300 * VICTIM_RATE) / 100);
    const victims = Array.from({ length: VICTIM_ROOMS }, () => new BenchRoom(server.url, false));
    for (const room of victims) await room.open(games);
    bench.victims.push(...victims);
    victims.forEach((r) => r.setRate(VICTIM_RATE));
    console.log(
      `victims: ${VICTIM_ROOMS} rooms (${victims.map((r) => r.code).join(', ')}) of 4 players and a spectator from ${VICTIM_ADDRESS}, ${VICTIM_RATE} moves/s each`,
    );
    await sleep(3000); // warm up

    console.log(`\nbaseline: no attack, ${ATTACK_SECONDS} s`);
    const baseline = await bench.phase('baseline, no attack', () => sleep(ATTACK_SECONDS * 1000));

    const run: Run = { bench, limits, found, check };
    for (const [number, attack] of ATTACKS) {
      if (ONLY && !ONLY.has(number)) continue;
      console.log('');
      await attack(run);
      await runLater(false);
    }
    await runLater(true);

    // The end -------------------------------------------------------------------------------------
    victims.forEach((room) => room.setRate(0));
    const health = await fetch(`${server.url}/health`)
      .then((res) => res.json() as Promise<{ status: string; rooms: number }>)
      .catch((error: unknown) => ({ status: `no answer: ${String(error)}`, rooms: -1 }));
    const alive = serverExit === null && health.status === 'ok';
    const victimErrors = victims.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `\nthe end: the server ${alive ? 'is alive' : `is DOWN (${serverExit})`}, /health ${JSON.stringify(health)}; victim moves refused: ${victimErrors}`,
    );
    const log = server.log;
    console.log(
      `the server's log: ${log.lines} lines in ${round((performance.now() - runStarted) / 1000, 0)} s (at most ${Math.max(0, ...log.perSecond.values())} in one second, ` +
        `${log.suppressedNotices} "suppressed" notices), ${log.stackTraces} lines with a stack trace; lines naming each address: ${JSON.stringify(Object.fromEntries(log.byAddress))}`,
    );
    check('no stack traces in the log', log.stackTraces === 0);

    // Summary -------------------------------------------------------------------------------------
    const goalBytes = idle.now.rss + budgetBytes;
    const p99Goal = (what: string, p99: number | undefined) => ({
      what: `victim p99 ≤ ${P99_GOAL_MS} ms during ${what}`,
      ok: p99 === undefined ? null : p99 <= P99_GOAL_MS,
    });
    const goals = [
      { what: 'no crash: the server process alive and /health answering at the end', ok: alive },
      {
        what: `peak RSS ≤ MAX_ROOMS × ${ROOM_MEMORY_BUDGET_BYTES / 1024} KB + the idle server's ${mb(idle.now.rss)} MB = ${mb(goalBytes)} MB`,
        ok: bench.peak.rss <= goalBytes,
      },
      p99Goal('the creation flood over HTTP', found.creationFlood?.p99),
      p99Goal('the creation flood with connected creators', found.connectedFlood?.p99),
      p99Goal('the join-frame flood', found.frameFlood?.p99),
      p99Goal('the chat flood', found.chatFlood?.p99),
      {
        what: "the host's remedy makes a stalled move within 130 s",
        ok: found.standIn === undefined ? null : found.standIn.remedyS !== null && found.standIn.remedyS <= 130,
      },
      {
        what: '≤ 1 MB stored per lobby per hour of chat flooding (extrapolated)',
        ok: found.chatFlood === undefined ? null : found.chatFlood.perHourKB <= 1024,
      },
      p99Goal('the pipelined look-ups', found.pipelined?.p99),
      p99Goal('the silent connection flood', found.connectionFlood?.p99),
      p99Goal('the connection churn', found.connectionFlood?.churnP99),
      {
        what: `≤ ${limits.lookup.perMinute} failed look-ups answered a minute per address beyond the burst, pipelined`,
        ok: found.pipelined ? found.pipelined.failedPerMinuteAfterBurst <= limits.lookup.perMinute : null,
      },
    ];
    console.log('\n| phase | victim moves p50 / p99 / max (ms) | moves timed | server CPU | server peak RSS / heap (MB) | live rooms at most |');
    console.log('|---|---|---|---|---|---|');
    for (const p of bench.phases) {
      console.log(
        `| ${p.name} | ${p.victim.p50} / ${p.victim.p99} / ${p.victim.max} | ${p.victim.samples} | ${Math.round(p.serverBusy * 100)}% | ${mb(p.watch.peak.rss)} / ${mb(p.watch.peak.heapUsed)} | ${p.watch.peak.rooms} |`,
      );
      for (const [label, l] of Object.entries(p.windows))
        console.log(`| ${p.name}: the ${label} itself | ${l.p50} / ${l.p99} / ${l.max} | ${l.samples} | | | |`);
    }
    console.log(
      `\npeak memory over the run: RSS ${mb(bench.peak.rss)} MB, heap used ${mb(bench.peak.heapUsed)} MB, outside the heap ${mb(bench.peak.external)} MB, live rooms at most ${bench.peak.rooms}`,
    );
    for (const goal of goals) console.log(`goal ${goal.ok === null ? 'not measured (attack not run)' : goal.ok ? 'met' : 'NOT MET'}: ${goal.what}`);
    const failed = found.checks.filter((c) => !c.ok);
    console.log(
      failed.length === 0 ? `all ${found.checks.length} checks of the defences passed` : `checks that failed: ${failed.map((c) => c.what).join('; ')}`,
    );
    console.log(
      JSON.stringify({
        maxRooms: limits.maxRooms,
        baselineP99Ms: baseline.victim.p99,
        creationFloodP99Ms: found.creationFlood?.p99 ?? null,
        connectedFloodP99Ms: found.connectedFlood?.p99 ?? null,
        frameFloodP99Ms: found.frameFlood?.p99 ?? null,
        roomsCreatedBeforeRefusal: found.creationFlood?.createdBeforeRefusal ?? null,
        guessesBeforeCutOff: found.guessing?.answeredBeforeCutOff ?? null,
        peakRssMB: mb(bench.peak.rss),
        peakHeapMB: mb(bench.peak.heapUsed),
        memoryGoalMB: mb(goalBytes),
        fill: found.fill ?? null,
        standInRemedyS: found.standIn?.remedyS ?? null,
        chatFloodStoredMaxKB: found.chatFlood?.storedMaxKB ?? null,
        chatFloodPerHourKB: found.chatFlood?.perHourKB ?? null,
        chatFloodSilentKB: found.chatFlood?.silentKB ?? null,
        pipelinedFailedPerMinute: found.pipelined?.failedPerMinuteAfterBurst ?? null,
        pipelinedP99Ms: found.pipelined?.p99 ?? null,
        connectionFlood: found.connectionFlood ?? null,
        serverAlive: alive,
        goalsMet: goals.every((g) => g.ok !== false),
        checksPassed: failed.length === 0,
      }),
    );
  } finally {
    attacker.kill();
    if (server.child.connected) server.child.send({ cmd: 'exit' });
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
