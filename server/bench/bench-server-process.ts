/**
 * The server as the benchmark runs it: the production server (startServer, as main.ts boots it),
 * in its own process, answering the benchmark's questions about its heap over IPC. The only
 * difference from production is where games are dealt from (a seed per room code and game).
 * With BENCH_DATA_DIR it keeps its rooms in SQLite there, as production does (DATA_DIR), or with
 * BENCH_DATABASE_URL in Postgres, and times every append; it says how long its start took
 * (opening the store, restoring its rooms). With BENCH_REDIS_URL and BENCH_PUBLIC_ADDRESS it is one
 * process of a cluster (bench:scale).
 * Run by server-bench.ts with --expose-gc; not meant to be started by hand. With
 * `--production-limits` (bench:abuse) every limit is as in production, nothing raised, and it
 * also answers `watch` (memory peaks, rooms and sockets per address: server-watch.ts).
 */
import { performance } from 'node:perf_hooks';
import { ServerOptions, startServer } from '../src/start-server';
import { openStore } from '../src/store/open-store';
import { benchDealingRng } from './bench-script';
import { watchLoop } from './loop-stats';
import { watchServer } from './server-watch';
import { timeAppends } from './timed-store';

type Request = { cmd: 'heap' | 'loop' | 'watch' | 'appends' | 'exit' };

const PRODUCTION_LIMITS = process.argv.includes('--production-limits');

const loopStats = watchLoop();

/** After full collections: the V8 heap in use, and memory outside it (buffers' backing stores). */
function collect(): { heapUsed: number; external: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
}

async function main(): Promise<void> {
  const started = performance.now();
  const dataDir = process.env.BENCH_DATA_DIR;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const timed = dataDir || databaseUrl ? timeAppends(await openStore({ dataDir: dataDir ?? '', databaseUrl })) : null;
  const redisUrl = process.env.BENCH_REDIS_URL;
  const server = await startServer({
    store: timed?.store,
    cluster: redisUrl ? { redisUrl, publicAddress: process.env.BENCH_PUBLIC_ADDRESS! } : null,
    port: Number(process.env.PORT ?? 0),
    host: '127.0.0.1',
    clientDist: null,
    // Games dealt from seeds the benchmark knows, so it can script every move ahead.
    dealingRng: benchDealingRng,
    ...(PRODUCTION_LIMITS ? {} : liftedLimits),
  });
  // Sampled only for bench:abuse, which asks: bench:server's server does nothing a benchmark alone needs.
  const watch = PRODUCTION_LIMITS ? watchServer(server.gate) : null;
  process.on('message', (request: Request) => {
    if (request.cmd === 'heap') process.send!({ cmd: 'heap', ...collect() });
    if (request.cmd === 'loop') process.send!({ cmd: 'loop', ...loopStats() });
    if (request.cmd === 'watch' && watch) process.send!({ cmd: 'watch', ...watch.report() });
    if (request.cmd === 'appends') process.send!({ cmd: 'appends', ...(timed?.stats() ?? { appends: 0 }) });
    // A normal exit, so that profilers started with the process (--cpu-prof) write their files.
    if (request.cmd === 'exit') void server.close().then(() => process.exit(0));
  });
  // The benchmark died (killed, or its output pipe closed): a server left behind would take CPU from the next run.
  process.on('disconnect', () => process.exit(1));
  process.send!({ ready: true, port: server.port, startMs: performance.now() - started, restored: server.restored, processId: server.processId });
}

/** bench:server's settings: its clients play faster than people, all from one address. */
const liftedLimits: ServerOptions = {
  botDelayMs: 0,
  // One benchmark client plays every move of its seat's turn back to back, faster than any
  // person; the per-client limit is raised so the benchmark measures the server, not the limiter.
  rateLimitPerSecond: 1000,
  // Every benchmark client comes from 127.0.0.1: the per-address limits (meant for one
  // household each) are lifted; the per-connection rate limit and every other guard stay on.
  limits: {
    roomsPerAddress: 100_000,
    create: { burst: 100_000, perMinute: 1e6 },
    lookup: { burst: 100_000, perMinute: 1e6 },
    matchmake: { burst: 100_000, perMinute: 1e7 },
    socketsPerAddress: 100_000,
    connectionsPerAddress: 100_000,
  },
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
