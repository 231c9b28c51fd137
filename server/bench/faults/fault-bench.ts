/**
 * `npm run bench:faults [-- --only kill9,pg-outage]`
 *
 * Faults injected for real under live rooms (faults.ts): kill -9 of a server on SQLite, a fast
 * restart of Postgres, its backends terminated, Postgres down for 30 s, a full disk under SQLite,
 * Redis down under two processes while people leave and join, and SIGSTOP of a room's owner in
 * the two-process setup. For each, rooms of every game (2–4 players, every seat a
 * person's browser: the page's own Connection class, in Node, with a seat store of its own) and a
 * spectator each play at a person's pace before, during and after the fault. Then every server
 * process is killed and one started alone on the same store, and the benchmark reckons
 * (after-restart.ts):
 *  - log entries any client had been shown, and of them entries lost (missing from the restored
 *    room, or taken back before a client's eyes);
 *  - rooms lost (not restored, or not to be found);
 *  - seats forgotten: a page that lost its seat token, was not back in its seat by itself, or
 *    whose token no longer opens its seat;
 *  - the time from the fault's end until every client is shown the game moving on (p50/p99/max).
 * Goals: 0 lost, 0 rooms lost, 0 seats forgotten, p99 ≤ 10 s. A missed goal is printed as such.
 * Figures only: nothing here asserts. The last line is JSON with every figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyLanguage } from '../../../client/src/i18n/i18n';
import { findPostgresBinaries } from '../../src/test-support/postgres';
import { findRedisServer } from '../../src/test-support/redis';
import { NGINX } from '../../src/test-support/nginx';
import { reckon, Reckoning } from './after-restart';
import { FaultClient } from './FaultClient';
import { FaultTable, LAYOUTS, sleep, until } from './FaultTable';
import { Fault, FaultContext, FAULTS } from './faults';
import { Services } from './setups';

/** A client not shown the game moving on this long after a fault's end never will be, for the figures. */
const MOVING_DEADLINE_MS = 90_000;
const GOAL_P99_S = 10;
/** How long a page may take to be back in its seat after the last fault of a run. */
const BACK_IN_SEAT_MS = 30_000;

function option(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? '') : null;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Nearest rank; Infinity for a client that never moved again. */
const percentile = (sorted: readonly number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
const secondsText = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : `never (within ${MOVING_DEADLINE_MS / 1000} s)`);
const secondsFigure = (ms: number) => (Number.isFinite(ms) ? round(ms / 1000) : null);

// colyseus.js warns of every closed connection and of messages no page here listens to (chat, reveals).
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && /colyseus\.js|Room connection was closed|onMessage\(\) not registered/.test(args[0])) return;
  warn(...args);
};

interface FaultResult {
  readonly id: string;
  readonly reckoning: Reckoning;
  /** Every timed client's time from a fault's end until it saw the game move on (ms), sorted. */
  readonly movingAgain: number[];
  readonly figures: Record<string, number>;
  /** Figures of the fault's own that must be 0. */
  readonly mustBeZero: string[];
  readonly restored: { rooms: number; quarantined: number };
  readonly notes: string[];
  readonly statuses: Record<string, number>;
  readonly serverLog: string;
}

async function runFault(fault: Fault, services: Services, seed: number): Promise<FaultResult> {
  const began = performance.now();
  const setup = await fault.setup(services);
  const tables = LAYOUTS.map((layout) => new FaultTable(layout));
  const notes: string[] = [];
  const figures: Record<string, number> = {};
  const mustBeZero: string[] = [];
  const movingAgain: number[] = [];
  try {
    for (const [i, table] of tables.entries()) await table.open(setup.endpoint, seed + i * 1000);
    for (const table of tables) table.startPlaying();
    let since = performance.now();
    const ctx: FaultContext = {
      tables,
      ended: async (at = performance.now(), affected = tables) => {
        for (const table of affected) table.markFaultEnd(at);
        await until('every client moving again', () => affected.every((t) => t.allMoved), MOVING_DEADLINE_MS).catch(() => undefined);
        movingAgain.push(...affected.flatMap((t) => t.movingAgain()));
        notes.push(
          reconnections(
            affected.flatMap((t) => t.clients),
            since,
            at,
          ),
        );
        since = performance.now();
      },
      note: (line) => notes.push(line),
      figure: (name, value, zero = false) => {
        figures[name] = value;
        if (zero) mustBeZero.push(name);
      },
    };
    await fault.inject(ctx, setup);

    // Every page back in its seat by itself (a moment more for one that dropped late).
    const players = tables.flatMap((t) => t.players);
    const backInSeat = (p: FaultClient) => p.connected && p.lastMemberId === p.memberId && p.heldToken === p.token;
    await until('every page back in its seat', () => players.every(backInSeat), BACK_IN_SEAT_MS).catch(() => undefined);
    const notBack = new Set(players.filter((p) => !backInSeat(p)));
    // The last moves in flight arrive; then nothing more is sent, and the servers die at once.
    for (const table of tables) table.stopPlaying();
    await sleep(1500);
    const statuses: Record<string, number> = {};
    for (const client of tables.flatMap((t) => t.everyone)) for (const [kind, n] of client.statusKinds) statuses[kind] = (statuses[kind] ?? 0) + n;
    await setup.killAll();
    await Promise.all(tables.flatMap((t) => t.clients).map((c) => c.leave()));
    const lone = await setup.startLone();
    const reckoning = await reckon(lone.url, tables, notBack);
    const serverLog = path.join(os.tmpdir(), `fault-bench-${fault.id}.log`);
    fs.writeFileSync(serverLog, setup.stderr());
    // (RoomJournal's words when a room's write fails: the fault reached the rooms, or it did not.)
    notes.push(`rooms' writes that failed (each room then waited for its storage): ${setup.stderr().match(/its storage failed a write/g)?.length ?? 0}`);
    notes.push(`run took ${((performance.now() - began) / 1000).toFixed(0)} s; the servers' warnings and errors: ${serverLog}`);
    return {
      id: fault.id,
      reckoning,
      movingAgain: movingAgain.sort((a, b) => a - b),
      figures,
      mustBeZero,
      restored: lone.restored,
      notes,
      statuses,
      serverLog,
    };
  } finally {
    await Promise.all(tables.flatMap((t) => t.clients).map((c) => c.leave()));
    await setup.close();
  }
}

/**
 * How the pages that lost their connection since `since` got back, in a line: when they noticed
 * and when they were back in, relative to the fault's end `at` (before it: negative), and how
 * many tries it took.
 */
function reconnections(clients: readonly FaultClient[], since: number, at: number): string {
  const spells = clients.flatMap((c) => {
    const drop = c.statusTimes.find((s) => s.at >= since && s.kind === 'reconnecting');
    if (!drop) return [];
    const back = c.statusTimes.find((s) => s.at > drop.at && s.kind === 'connected');
    const tries = c.statusTimes.filter((s) => s.at >= drop.at && (!back || s.at < back.at) && s.kind === 'reconnecting').length;
    return [{ noticed: drop.at - at, back: back ? back.at - at : Infinity, tries }];
  });
  if (spells.length === 0) return `pages that lost their connection: none of ${clients.length}`;
  const spread = (values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    return `min ${secondsText(sorted[0])}, p50 ${secondsText(percentile(sorted, 0.5))}, max ${secondsText(sorted.at(-1)!)}`;
  };
  const tries = new Map<number, number>();
  for (const { tries: n } of spells) tries.set(n, (tries.get(n) ?? 0) + 1);
  const triesText = [...tries].sort(([a], [b]) => a - b).map(([n, pages]) => `${pages} in ${n} ${n === 1 ? 'try' : 'tries'}`);
  return (
    `pages that lost their connection: ${spells.length} of ${clients.length}; noticed it (from the fault's end) ${spread(spells.map((s) => s.noticed))}; ` +
    `back in ${spread(spells.map((s) => s.back))}; ${triesText.join(', ')}`
  );
}

/** The fault's figures in lines, each missed goal said so; answers whether every goal was met. */
function report(fault: Fault, result: FaultResult): boolean {
  const { reckoning: r, movingAgain } = result;
  const miss = (met: boolean) => (met ? '' : '  ✗ MISSES ITS GOAL');
  const p99 = percentile(movingAgain, 0.99);
  const timeMet = movingAgain.length > 0 && p99 <= GOAL_P99_S * 1000;
  const ownMet = result.mustBeZero.every((name) => result.figures[name] === 0);
  console.log(`\n${fault.title}`);
  console.log(`  log entries shown to clients: ${r.entriesShown}; lost: ${r.entriesLost} (goal 0)${miss(r.entriesLost === 0)}`);
  console.log(
    `  rooms: ${r.rooms}; lost: ${r.roomsLost} (goal 0)${miss(r.roomsLost === 0)}   [the lone process restored ${result.restored.rooms}, quarantined ${result.restored.quarantined}]`,
  );
  console.log(`  seats: ${r.seats}; forgotten: ${r.seatsForgotten} (goal 0)${miss(r.seatsForgotten === 0)}`);
  console.log(
    `  from ${fault.endsWhen} until each client saw the game move on: p50 ${secondsText(percentile(movingAgain, 0.5))}, p99 ${secondsText(p99)}, ` +
      `max ${secondsText(movingAgain.at(-1) ?? NaN)} (${movingAgain.length} clients timed; goal p99 ≤ ${GOAL_P99_S} s)${miss(timeMet)}`,
  );
  for (const name of result.mustBeZero) console.log(`  ${name}: ${result.figures[name]} (goal 0)${miss(result.figures[name] === 0)}`);
  if (r.entriesUnchecked > 0) console.log(`  entries of games left behind, not checked: ${r.entriesUnchecked}`);
  console.log(
    `  pages' statuses reported during the run (each page's first join included): ${Object.entries(result.statuses)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
  );
  for (const note of result.notes) console.log(`  ${note}`);
  for (const problem of r.problems) console.log(`  ! ${problem}`);
  return r.entriesLost === 0 && r.roomsLost === 0 && r.seatsForgotten === 0 && timeMet && ownMet;
}

function figuresOf(result: FaultResult): Record<string, number | null> {
  const { reckoning: r, movingAgain } = result;
  return {
    entriesShown: r.entriesShown,
    entriesLost: r.entriesLost,
    rooms: r.rooms,
    roomsLost: r.roomsLost,
    seats: r.seats,
    seatsForgotten: r.seatsForgotten,
    clientsTimed: movingAgain.length,
    notMovingAgain: movingAgain.filter((ms) => !Number.isFinite(ms)).length,
    movingAgainP50S: secondsFigure(percentile(movingAgain, 0.5)),
    movingAgainP99S: secondsFigure(percentile(movingAgain, 0.99)),
    movingAgainMaxS: secondsFigure(movingAgain.at(-1) ?? NaN),
    ...result.figures,
  };
}

async function main(): Promise<void> {
  await applyLanguage('en');
  const only = option('only')?.split(',').filter(Boolean) ?? null;
  const unknown = only?.filter((id) => !FAULTS.some((f) => f.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`--only: no fault ${unknown.join(', ')} (there are ${FAULTS.map((f) => f.id).join(', ')})`);
  const chosen = FAULTS.filter((f) => !only || only.includes(f.id));
  const missing = [!findPostgresBinaries() && 'postgresql', !findRedisServer() && 'redis-server', !NGINX && 'nginx'].filter(Boolean);
  if (missing.length > 0) throw new Error(`the fault benchmark needs ${missing.join(', ')} (Debian packages)`);
  const cpus = os.cpus();
  console.log(
    `fault benchmark: ${chosen.length} faults; ${LAYOUTS.length} rooms each (${LAYOUTS.map((l) => `${l.game} ${l.players}p`).join(', ')}), every seat a person's page, a spectator each; ` +
      `${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
  );
  const services = new Services();
  const results: Record<string, Record<string, number | null>> = {};
  let allMet = true;
  try {
    for (const [i, fault] of chosen.entries()) {
      const result = await runFault(fault, services, 1 + i * 10_000);
      allMet = report(fault, result) && allMet;
      results[fault.id] = figuresOf(result);
    }
  } finally {
    await services.stop();
  }
  console.log(`\n${allMet ? 'every goal met' : 'SOME GOALS MISSED (above)'}`);
  console.log(JSON.stringify({ goalsMet: allMet, faults: results }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
