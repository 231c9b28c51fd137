/**
 * `npm run bench:scale [-- --rooms 100 --seconds 15 --joins 200 --kills 20]`
 *
 * Scale-out as docker-compose.yml runs it, on this machine: two server processes (A, B) on a
 * throwaway Redis (Debian's redis-server) and a throwaway Postgres (real durability, fsync on),
 * and, for comparison in the same run, one process alone on Postgres (C). Prints:
 *  - join latency p50/p99: a spectator joining by code through the process that holds the room,
 *    and through the other one (which finds it in Redis and reserves the seat over Redis pub/sub),
 *    from the matchmaking request until the full state has arrived;
 *  - move-to-all-clients latency p50/p99 at one move per second per room (bench:server's rooms:
 *    four players and a spectator each) on A, with Redis presence, and on C, without, in alternating windows;
 *  - failover time: the process holding a room is SIGKILLed, and a player's seat token is tried
 *    through the other process until it gets back in (the room taken over from its lease and
 *    restored from Postgres); `--kills` times, the killed process started again each time;
 *  - per-room CPU and heap on A, for the paper projection in docs/operations.md.
 * Figures only: nothing here asserts a time. The last line is JSON.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ROOM_NAME } from '@samurai/shared';
import { startTestPostgres } from '../src/test-support/postgres';
import { startTestRedis } from '../src/test-support/redis';
import { TableClient } from '../src/test-support/TableClient';
import { BenchClient } from './BenchClient';
import { BenchRoom, sleep, until } from './BenchRoom';
import { ServerProcess, startServerProcess } from './bench-server-control';
import { freePort } from '../src/test-support/free-port';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const ROOMS = argument('rooms', 100);
const SECONDS = argument('seconds', 15);
const JOINS = argument('joins', 200);
const KILLS = argument('kills', 20);

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const describe = (values: number[], unit: string) =>
  `p50 ${round(percentile(values, 0.5))} ${unit}, p99 ${round(percentile(values, 0.99))} ${unit} (${values.length})`;

/** CPU seconds a process has used (user + system), from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Rooms open on one server for the move-latency windows, with what they cost it. */
interface MeasuredServer {
  readonly server: ServerProcess;
  readonly rooms: BenchRoom[];
  readonly heapBefore: number;
  latencies: number[];
  cpuSeconds: number;
  measuredSeconds: number;
}

async function openRooms(server: ServerProcess, rooms: number, seconds: number): Promise<MeasuredServer> {
  const heapBefore = (await server.heap()).heapUsed;
  const open: BenchRoom[] = [];
  for (let i = 0; i < rooms; i += 20) {
    const batch = Array.from({ length: Math.min(20, rooms - i) }, () => new BenchRoom(server.url, false));
    await Promise.all(batch.map((r) => r.open(Math.ceil((seconds + 5) / 100) + 1)));
    open.push(...batch);
  }
  return { server, rooms: open, heapBefore, latencies: [], cpuSeconds: 0, measuredSeconds: 0 };
}

/** One window: `seconds` at one move per second per room on this server alone (the other's rooms idle). */
async function moveWindow(measured: MeasuredServer, seconds: number): Promise<void> {
  measured.rooms.forEach((r) => r.setRate(1));
  await sleep(1000);
  measured.rooms.forEach((r) => {
    r.latencies = [];
    r.measuring = true;
  });
  const cpuBefore = await cpuSeconds(measured.server.child.pid!);
  await sleep(seconds * 1000);
  measured.cpuSeconds += (await cpuSeconds(measured.server.child.pid!)) - cpuBefore;
  measured.measuredSeconds += seconds;
  measured.rooms.forEach((r) => (r.measuring = false));
  await Promise.all(measured.rooms.map((r) => r.idle()));
  for (const r of measured.rooms) measured.latencies.push(...r.latencies);
}

/**
 * Move latency with and without Redis, in alternating windows (A, C, A, C, …) rather than one
 * after the other, so that whatever else loads the machine weighs on both alike.
 */
async function compareMoves(a: ServerProcess, c: ServerProcess, rooms: number, seconds: number) {
  const windows = Math.max(2, Math.round(seconds / 5));
  const withRedis = await openRooms(a, rooms, seconds);
  const alone = await openRooms(c, rooms, seconds);
  for (let w = 0; w < windows; w++) {
    await moveWindow(withRedis, seconds / windows);
    await moveWindow(alone, seconds / windows);
  }
  const heapPerRoomKB = ((await a.heap()).heapUsed - withRedis.heapBefore) / rooms / 1024;
  await Promise.all([...withRedis.rooms, ...alone.rooms].map((r) => r.close()));
  const cpuMsPerRoomSecond = (withRedis.cpuSeconds * 1000) / rooms / withRedis.measuredSeconds;
  return { withRedis: withRedis.latencies, alone: alone.latencies, cpuMsPerRoomSecond, heapPerRoomKB };
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(`scale benchmark: 2 processes on Redis and Postgres, and 1 alone; ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const [redis, postgres] = await Promise.all([startTestRedis(), startTestPostgres({ durable: true })]);
  const clusterDb = await postgres.newDatabase();
  const ports = { a: await freePort(), b: await freePort() };
  const clustered = (name: 'a' | 'b') =>
    startServerProcess({
      PORT: String(ports[name]),
      BENCH_DATABASE_URL: clusterDb,
      BENCH_REDIS_URL: redis.url,
      BENCH_PUBLIC_ADDRESS: `127.0.0.1:${ports[name]}`,
    });
  const servers: Record<'a' | 'b', ServerProcess> = { a: await clustered('a'), b: await clustered('b') };
  let alone: ServerProcess | null = null;
  try {
    // ---- joins across processes
    const rooms: BenchClient[] = [];
    for (let i = 0; i < 20; i++) rooms.push(await BenchClient.connect(servers.a.url, 'create', ROOM_NAME, { name: 'Hiro' }));
    const local: number[] = [];
    const remote: number[] = [];
    for (let i = 0; i < JOINS; i++) {
      const through = i % 2 === 0 ? servers.a : servers.b;
      const began = performance.now();
      const spectator = await BenchClient.connect(through.url, 'joinById', rooms[i % rooms.length].roomId, { role: 'spectator' });
      (through === servers.a ? local : remote).push(performance.now() - began);
      await spectator.close();
    }
    await Promise.all(rooms.map((r) => r.close()));
    console.log(`join by code, through the room's own process: ${describe(local, 'ms')}`);
    console.log(`join by code, through the other process (Redis): ${describe(remote, 'ms')}`);

    // ---- moves with and without Redis presence
    alone = await startServerProcess({ BENCH_DATABASE_URL: await postgres.newDatabase() });
    const moves = await compareMoves(servers.a, alone, ROOMS, SECONDS);
    await alone.stop();
    alone = null;
    const extra = percentile(moves.withRedis, 0.99) - percentile(moves.alone, 0.99);
    console.log(`move to all clients, ${ROOMS} rooms at 1 move/s, a process of the cluster (Redis presence): ${describe(moves.withRedis, 'ms')}`);
    console.log(`move to all clients, ${ROOMS} rooms at 1 move/s, one process alone (the same store, no Redis): ${describe(moves.alone, 'ms')}`);
    console.log(`  (alternating windows of a few seconds each; p99 with Redis minus without: ${round(extra)} ms, goal at most 1 ms)`);
    console.log(
      `per room on a cluster process: ${round(moves.cpuMsPerRoomSecond, 3)} ms of CPU per second (4 players and a spectator, 1 move/s), ${round(moves.heapPerRoomKB, 1)} KB of heap`,
    );

    // ---- failover
    const failovers: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const [holder, other]: ['a' | 'b', 'a' | 'b'] = kill % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
      const person = await TableClient.create(servers[holder].url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
      await person.must('addBot', {});
      await person.must('start');
      const token = person.seatToken;
      const code = person.code;
      servers[holder].child.kill('SIGKILL');
      const killedAt = performance.now();
      await person.closed();
      for (;;) {
        try {
          const back = await TableClient.join(servers[other].url, code, { seatToken: token });
          failovers.push(performance.now() - killedAt);
          await back.leave();
          break;
        } catch {
          if (performance.now() - killedAt > 60_000) throw new Error(`room ${code} did not come back within 60 s`);
          await sleep(50);
        }
      }
      await until(() => servers[holder].child.exitCode !== null || servers[holder].child.signalCode !== null, 'the killed process to be gone');
      servers[holder] = await clustered(holder);
      process.stdout.write(`  failover ${kill + 1}/${KILLS}: ${round(failovers.at(-1)! / 1000, 2)} s\n`);
    }
    console.log(
      `failover (SIGKILL of the room's process until a seat token gets back in through the other): ${describe(
        failovers.map((ms) => ms / 1000),
        's',
      )}`,
    );

    console.log(
      JSON.stringify({
        joinLocalP50Ms: round(percentile(local, 0.5)),
        joinLocalP99Ms: round(percentile(local, 0.99)),
        joinRemoteP50Ms: round(percentile(remote, 0.5)),
        joinRemoteP99Ms: round(percentile(remote, 0.99)),
        moveP99WithRedisMs: round(percentile(moves.withRedis, 0.99)),
        moveP99AloneMs: round(percentile(moves.alone, 0.99)),
        failoverP50S: round(percentile(failovers, 0.5) / 1000),
        failoverP99S: round(percentile(failovers, 0.99) / 1000),
        cpuMsPerRoomSecond: round(moves.cpuMsPerRoomSecond, 3),
        heapPerRoomKB: round(moves.heapPerRoomKB, 1),
      }),
    );
  } finally {
    await Promise.all([servers.a.stop(), servers.b.stop(), alone?.stop()]);
    await Promise.all([redis.stop(), postgres.stop()]);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
