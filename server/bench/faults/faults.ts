/**
 * The faults, each injected with the real thing into a running setup (setups.ts) while the rooms'
 * people play on. Each says when it ended (`ctx.ended()`): from that moment every client of the
 * rooms it touched is timed until it is shown the game moving on.
 */
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import { FaultClient } from './FaultClient';
import { FaultTable, sleep } from './FaultTable';
import { clusterSetup, postgresSetup, Services, Setup, sqliteSetup } from './setups';

/** What a fault may do and tell while it runs. */
export interface FaultContext {
  readonly tables: readonly FaultTable[];
  /**
   * The fault ended at `at` (performance.now(); default now) for the rooms `affected` (default
   * all): resolves once each of their clients has been shown the game moving on, or after
   * MOVING_DEADLINE_MS; the times are kept for the figures.
   */
  ended(at?: number, affected?: readonly FaultTable[]): Promise<void>;
  /** A line printed under the fault's figures. */
  note(line: string): void;
  /** A figure of the fault's own, in the JSON line (and `goal`: it must be 0). */
  figure(name: string, value: number, mustBeZero?: boolean): void;
}

export interface Fault<S extends Setup = Setup> {
  readonly id: string;
  readonly title: string;
  /** When the figures' time starts, in words. */
  readonly endsWhen: string;
  setup(services: Services): Promise<S>;
  inject(ctx: FaultContext, setup: S): Promise<void>;
}

/** How long the rooms play before a fault (and between repeated ones). */
const PLAY_MS = 5000;
const KILLS = 3;
const PG_RESTARTS = 2;
/** Rounds of terminations, TERMINATE_EVERY_MS apart: often enough that some end a connection in the middle of a room's write. */
const TERMINATIONS = 50;
const TERMINATE_EVERY_MS = 100;
const PG_OUTAGE_MS = 30_000;
const DISK_FULL_MS = 10_000;
const FREEZES = 2;
/** Longer than ioredis's retries of a command last (20 reconnections, about 10.5 s): the calls made during it fail. */
const REDIS_OUTAGE_MS = 15_000;
/** GuardedRedisDriver's LISTINGS_KEY (not imported: the server's own modules stay out of this process): each room's listing, with its process's public address. */
const LISTINGS_KEY = 'roomcaches';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const define = <S extends Setup>(fault: Fault<S>): Fault => fault as unknown as Fault;

export const FAULTS: readonly Fault[] = [
  define({
    id: 'kill9',
    title: `kill -9 of the server (SQLite), ${KILLS} times, a new process started at once on the same data`,
    endsWhen: 'the new process listens (its rooms restored)',
    setup: () => sqliteSetup(),
    inject: async (ctx, setup) => {
      const restarts: number[] = [];
      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(PLAY_MS);
        restarts.push(await setup.restart());
        await ctx.ended();
      }
      ctx.note(`from the kill until the new process listened: ${restarts.map(seconds).join(', ')}`);
    },
  }),
  define({
    id: 'pg-restart',
    title: `Postgres fast restart (SIGINT to the postmaster, as pg_ctl restart -m fast sends), ${PG_RESTARTS} times`,
    endsWhen: 'Postgres takes connections again',
    setup: postgresSetup,
    inject: async (ctx, setup) => {
      for (let i = 0; i < PG_RESTARTS; i++) {
        await sleep(PLAY_MS);
        const began = performance.now();
        await setup.postgres.stopServer();
        await setup.postgres.startAgain();
        ctx.note(`restart ${i + 1}: Postgres down for ${seconds(performance.now() - began)}`);
        await ctx.ended();
      }
    },
  }),
  define({
    id: 'pg-terminate',
    title: `Postgres backends terminated (pg_terminate_backend on every connection of the server's database) every ${TERMINATE_EVERY_MS} ms for ${(TERMINATIONS * TERMINATE_EVERY_MS) / 1000} s`,
    endsWhen: 'the last termination',
    setup: postgresSetup,
    inject: async (ctx, setup) => {
      await sleep(PLAY_MS);
      let terminated = 0;
      for (let i = 0; i < TERMINATIONS; i++) {
        if (i > 0) await sleep(TERMINATE_EVERY_MS);
        terminated += await setup.postgres.terminateBackends(setup.database);
      }
      ctx.note(`${terminated} backends terminated`);
      await ctx.ended();
    },
  }),
  define({
    id: 'pg-outage',
    title: `Postgres down for ${PG_OUTAGE_MS / 1000} s (stopped, then started again)`,
    endsWhen: 'Postgres takes connections again',
    setup: postgresSetup,
    inject: async (ctx, setup) => {
      await sleep(PLAY_MS);
      await setup.postgres.stopServer();
      await sleep(PG_OUTAGE_MS);
      await setup.postgres.startAgain();
      await ctx.ended();
    },
  }),
  define({
    id: 'disk-full',
    title: `disk full: SQLite on a 16 MB tmpfs filled to the last byte for ${DISK_FULL_MS / 1000} s, then freed`,
    endsWhen: 'the filler is removed',
    setup: () => sqliteSetup('16m'),
    inject: async (ctx, setup) => {
      await sleep(PLAY_MS);
      setup.disk!.fill();
      await sleep(DISK_FULL_MS);
      setup.disk!.free();
      await ctx.ended();
    },
  }),
  define({
    id: 'redis-outage',
    title: `Redis down for ${REDIS_OUTAGE_MS / 1000} s under two processes behind nginx (SIGKILL, every key gone; started again empty), people leaving and joining meanwhile`,
    endsWhen: 'Redis answers again',
    setup: clusterSetup,
    inject: async (ctx, setup) => {
      await sleep(PLAY_MS);
      await setup.redis.kill();
      const downAt = performance.now();
      await sleep(2000);
      // In each room, during the outage: its spectator leaves, a new one comes (trying again
      // through passing refusals, as a person would click again), and a player's connection drops
      // (its page comes back by itself).
      const leaves: Promise<number>[] = [];
      const joins: Promise<{ at: number | null; refusals: number }>[] = [];
      for (const [i, table] of ctx.tables.entries()) {
        const leaving = table.spectators[0];
        const began = performance.now();
        leaves.push(table.remove(leaving).then(() => performance.now() - began));
        const newcomer = new FaultClient(setup.endpoint, 'spectator', table.layout.game, 'S2', 7000 + i);
        table.add(newcomer);
        joins.push(joinThroughRefusals(newcomer, table.code));
        table.players[table.players.length - 1].connection.simulateDrop();
      }
      await sleep(REDIS_OUTAGE_MS - (performance.now() - downAt));
      await setup.redis.restart();
      const upAt = performance.now();
      await ctx.ended();
      const outcomes = await Promise.all(joins);
      const joined = outcomes.map((o) => o.at);
      const left = await Promise.all(leaves);
      ctx.note(`leaves during the outage: ${left.length}, each closed by the server within ${seconds(Math.max(...left))}`);
      const during = joined.filter((at) => at !== null && at < upAt).length;
      const after = joined.filter((at) => at !== null && at >= upAt).map((at) => at! - upAt);
      const never = joined.filter((at) => at === null).length;
      const refusals = outcomes.reduce((sum, o) => sum + o.refusals, 0);
      ctx.note(
        `joins during the outage: ${joined.length}, refused in passing ${refusals} times in all (through the process that does not hold the room); ` +
          `in before Redis was back: ${during}; after: ${after.length}${after.length ? ` (within ${seconds(Math.max(...after))})` : ''}; never: ${never}`,
      );
      ctx.figure('joinsNeverIn', never, true);
      const exited = [...setup.servers.entries()].filter(([, server]) => !alive(server.pid)).map(([name]) => name);
      ctx.note(`server processes that exited: ${exited.length ? exited.join(', ') : 'none'}`);
      ctx.figure('processesExited', exited.length, true);
    },
  }),
  define({
    id: 'sigstop',
    title: `SIGSTOP of a room's owner process (two processes on Redis and Postgres behind nginx): the other takes its rooms over; ${FREEZES} times, each time the process holding most rooms`,
    endsWhen: 'the freeze (the frozen process stays frozen: its players must move to the other)',
    setup: clusterSetup,
    inject: async (ctx, setup) => {
      for (let round = 0; round < FREEZES; round++) {
        await sleep(PLAY_MS);
        const redis = new Redis(setup.redis.url);
        const listings = await redis.hgetall(LISTINGS_KEY);
        await redis.quit();
        const holder = (table: FaultTable) => (JSON.parse(listings[table.code] ?? '{}') as { publicAddress?: string }).publicAddress?.split('/').pop();
        const on = { a: ctx.tables.filter((t) => holder(t) === 'a'), b: ctx.tables.filter((t) => holder(t) === 'b') };
        const name = on.a.length >= on.b.length ? 'a' : 'b';
        if (on[name].length === 0) throw new Error(`no room's listing names a process (${JSON.stringify(listings)})`);
        const frozen = setup.servers.get(name)!;
        frozen.pause();
        const at = performance.now();
        ctx.note(`freeze ${round + 1}: process ${name.toUpperCase()}, holding ${on[name].length} of the ${ctx.tables.length} rooms (only theirs are timed)`);
        await ctx.ended(at, on[name]);
        // Woken, it finds its rooms claimed by the other and lets them go (the reckoning would show two copies writing).
        frozen.resume();
      }
    },
  }),
];

/** Whether process `pid` is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A newcomer's join, tried again a second after each passing refusal for up to 90 s: resolves
 * with when it got in (null: never) and how many refusals it had before.
 */
async function joinThroughRefusals(client: FaultClient, code: string): Promise<{ at: number | null; refusals: number }> {
  const began = performance.now();
  for (let refusals = 0; ; refusals++) {
    try {
      await client.join(code);
      return { at: performance.now(), refusals };
    } catch (error) {
      if (!(error as { retry?: boolean }).retry || performance.now() - began > 90_000) return { at: null, refusals };
      await sleep(1000);
    }
  }
}
