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
 *    four players and a spectator each) on A, with Redis presence, and on C, without;
 *  - failover time: the process holding a room is SIGKILLed, and a player's seat token is tried
 *    through the other process until it gets back in (the room taken over from its lease and
 *    restored from Postgres); `--kills` times, the killed process started again each time;
 *  - per-room CPU and heap on A, for the README's paper projection.
 * Figures only: nothing here asserts a time. The last line is JSON.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ROOM_NAME } from '@samurai/shared';
import { startTestPostgres } from '../src/test-support/postgres';
import { startTestRedis } from '../src/test-support/redis';
import { TestClient } from '../src/test-support/TestClient';
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
const describe = (values: number[], unit: string) => `p50 ${round(percentile(values, 0.5))} ${unit}, p99 ${round(percentile(values, 0.99))} ${unit} (${values.length})`;


/** CPU seconds a process has used (user + system), from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Move latency at one move per second per room, for `seconds`, over `rooms` rooms on `server`. */
async function moveLatency(server: ServerProcess, rooms: number, seconds: number): Promise<{ latencies: number[]; cpuMsPerRoomSecond: number; heapPerRoomKB: number }> {
  const before = await server.heap();
  const open: BenchRoom[] = [];
  for (let i = 0; i < rooms; i += 20) {
    const batch = Array.from({ length: Math.min(20, rooms - i) }, () => new BenchRoom(server.url, false));
    await Promise.all(batch.map((r) => r.open(Math.ceil((seconds + 5) / 100) + 1)));
    open.push(...batch);
  }
  open.forEach((r) => r.setRate(1));
  await sleep(2000);
  open.forEach((r) => {
    r.latencies = [];
    r.measuring = true;
  });
  const cpuBefore = await cpuSeconds(server.child.pid!);
  await sleep(seconds * 1000);
  const cpu = (await cpuSeconds(server.child.pid!)) - cpuBefore;
  open.forEach((r) => (r.measuring = false));
  await Promise.all(open.map((r) => r.idle()));
  const heap = await server.heap();
  const latencies = open.flatMap((r) => r.latencies);
  await Promise.all(open.map((r) => r.close()));
  return { latencies, cpuMsPerRoomSecond: (cpu * 1000) / rooms / seconds, heapPerRoomKB: (heap.heapUsed - before.heapUsed) / rooms / 1024 };
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(`scale benchmark: 2 processes on Redis and Postgres, and 1 alone; ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const [redis, postgres] = await Promise.all([startTestRedis(), startTestPostgres({ durable: true })]);
  const clusterDb = await postgres.newDatabase();
  const ports = { a: await freePort(), b: await freePort() };
  const clustered = (name: 'a' | 'b') =>
    startServerProcess({ PORT: String(ports[name]), BENCH_DATABASE_URL: clusterDb, BENCH_REDIS_URL: redis.url, BENCH_PUBLIC_ADDRESS: `127.0.0.1:${ports[name]}` });
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
      spectator.close();
    }
    rooms.forEach((r) => r.close());
    console.log(`join by code, through the room's own process: ${describe(local, 'ms')}`);
    console.log(`join by code, through the other process (Redis): ${describe(remote, 'ms')}`);

    // ---- moves with and without Redis presence
    const withRedis = await moveLatency(servers.a, ROOMS, SECONDS);
    alone = await startServerProcess({ BENCH_DATABASE_URL: await postgres.newDatabase() });
    const withoutRedis = await moveLatency(alone, ROOMS, SECONDS);
    await alone.stop();
    alone = null;
    console.log(`move to all clients, ${ROOMS} rooms at 1 move/s, a process of the cluster (Redis presence): ${describe(withRedis.latencies, 'ms')}`);
    console.log(`move to all clients, ${ROOMS} rooms at 1 move/s, one process alone (the same store, no Redis): ${describe(withoutRedis.latencies, 'ms')}`);
    console.log(
      `per room on a cluster process: ${round(withRedis.cpuMsPerRoomSecond, 3)} ms of CPU per second (4 players and a spectator, 1 move/s), ${round(withRedis.heapPerRoomKB, 1)} KB of heap`,
    );

    // ---- failover
    const failovers: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const [holder, other]: ['a' | 'b', 'a' | 'b'] = kill % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
      const person = await TestClient.create(servers[holder].url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
      await person.must('addBot', {});
      await person.must('start');
      const token = person.seatToken;
      const code = person.code;
      servers[holder].child.kill('SIGKILL');
      const killedAt = performance.now();
      await person.closed();
      for (;;) {
        try {
          const back = await TestClient.join(servers[other].url, code, { seatToken: token });
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
    console.log(`failover (SIGKILL of the room's process until a seat token gets back in through the other): ${describe(failovers.map((ms) => ms / 1000), 's')}`);

    console.log(
      JSON.stringify({
        joinLocalP50Ms: round(percentile(local, 0.5)),
        joinLocalP99Ms: round(percentile(local, 0.99)),
        joinRemoteP50Ms: round(percentile(remote, 0.5)),
        joinRemoteP99Ms: round(percentile(remote, 0.99)),
        moveP99WithRedisMs: round(percentile(withRedis.latencies, 0.99)),
        moveP99AloneMs: round(percentile(withoutRedis.latencies, 0.99)),
        failoverP50S: round(percentile(failovers, 0.5) / 1000),
        failoverP99S: round(percentile(failovers, 0.99) / 1000),
        cpuMsPerRoomSecond: round(withRedis.cpuMsPerRoomSecond, 3),
        heapPerRoomKB: round(withRedis.heapPerRoomKB, 1),
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
