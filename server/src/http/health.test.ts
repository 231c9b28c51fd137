import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { RunningServer } from '../start-server';
import { openStore } from '../store/open-store';
import { bootTestServer } from '../test-support/boot';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from '../test-support/postgres';
import { findRedisServer, startTestRedis, warnRedisMissing } from '../test-support/redis';
import { inServiceRun, inUnitRun, SERVICE_RUN } from '../test-support/test-run';

jest.setTimeout(90_000);

interface Health {
  status: string;
  failed?: string[];
  rooms?: number;
  store: { kind: string; answers: boolean } | null;
  redis: boolean | null;
}

/** GET /health; the test gives up (fails) if it takes more than a few seconds, where it should take at most one. */
async function health(server: RunningServer): Promise<{ status: number; body: Health }> {
  const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: (await response.json()) as Health };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(200);
  }
}

/** Every process of a service (a parent and its children), to freeze it as a network partition would. */
function processTree(root: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === root;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [root, ...children.flatMap(processTree)];
}

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone already (a backend whose connection ended)
    }
  }
}

inUnitRun(test)('without a store or Redis: 200, and the room count only for an internal address', async () => {
  for (const [internalAddresses, counted] of [
    [[], false],
    [['loopback'], true],
  ] as const) {
    const server = await bootTestServer({ internalAddresses });
    try {
      const answer = await health(server);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'ok', store: null, redis: null });
      if (counted) expect(answer.body).toMatchObject({ rooms: 0 });
      else expect(answer.body).not.toHaveProperty('rooms');
    } finally {
      await server.close();
    }
  }
});

const hasPostgres = findPostgresBinaries() !== null;
if (SERVICE_RUN && !hasPostgres) warnPostgresMissing('/health with a partitioned or stopped Postgres');
inServiceRun(hasPostgres ? test : test.skip)(
  'Postgres partitioned (frozen), then stopped: 503 naming the store, within a second, never hanging; 200 again once it answers',
  async () => {
    // The pool reports its connections ended by the stop: not this test's subject.
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let postgres: TestPostgres | null = await startTestPostgres();
    const server = await bootTestServer({ store: await openStore({ databaseUrl: await postgres.newDatabase(), dataDir: '' }) });
    let frozen: number[] = [];
    try {
      expect(await health(server)).toMatchObject({ status: 200, body: { status: 'ok', store: { kind: 'postgres', answers: true } } });
      const admin = new Client({ connectionString: postgres.url });
      await admin.connect();
      const dataDirectory = (await admin.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'data_directory'")).rows[0].setting;
      await admin.end();
      frozen = processTree(Number(fs.readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]));
      signal(frozen, 'SIGSTOP');
      // Probes while frozen: each answered 503 (three at once, and again: a probe joins the one still running).
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all([health(server), health(server), health(server)]);
        for (const answer of answers) {
          expect(answer.status).toBe(503);
          expect(answer.body).toMatchObject({ status: 'failing', store: { kind: 'postgres', answers: false } });
          expect(answer.body.failed).toEqual([expect.stringMatching(/^store \(postgres\): no answer within \d+ ms$/)]);
        }
      }
      signal(frozen, 'SIGCONT');
      frozen = [];
      await eventually('200 once Postgres answers again', async () => (await health(server)).status === 200);

      await postgres.stop();
      postgres = null;
      const stopped = await health(server);
      expect(stopped.status).toBe(503);
      expect(stopped.body.failed).toEqual([expect.stringMatching(/^store \(postgres\): /)]);
    } finally {
      signal(frozen, 'SIGCONT');
      await server.close().catch(() => undefined);
      await postgres?.stop();
      errors.mockRestore();
    }
  },
);

const hasRedis = findRedisServer() !== null;
if (SERVICE_RUN && !hasRedis) warnRedisMissing('/health with Redis not answering');
inServiceRun(hasRedis ? test : test.skip)(
  'Redis not answering (frozen), then stopped: 503 naming Redis, never hanging; 200 again once it answers',
  async () => {
    // Redis's outage makes the cluster's parts warn about every retry: not this test's subject.
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const redis = await startTestRedis();
    const server = await bootTestServer({ cluster: { redisUrl: redis.url, publicAddress: '127.0.0.1:1' } });
    let frozen: number[] = [];
    let again: ChildProcess | null = null;
    try {
      expect(await health(server)).toMatchObject({ status: 200, body: { status: 'ok', redis: true } });
      const client = new Redis(redis.url);
      const pid = Number(/process_id:(\d+)/.exec(await client.info('server'))![1]);
      client.disconnect();
      frozen = [pid];
      signal(frozen, 'SIGSTOP');
      const answer = await health(server);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 'failing', redis: false, failed: [expect.stringMatching(/^redis: no answer within \d+ ms$/)] });
      signal(frozen, 'SIGCONT');
      frozen = [];
      await eventually('200 once Redis answers again', async () => (await health(server)).status === 200);

      await redis.stop();
      const stopped = await health(server);
      expect(stopped.status).toBe(503);
      expect(stopped.body.failed).toEqual([expect.stringMatching(/^redis: /)]);
      // Back on the same port: the process's clients reconnect by themselves.
      again = spawn(findRedisServer()!, ['--port', String(redis.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await eventually('200 once Redis is back', async () => (await health(server)).status === 200);
    } finally {
      signal(frozen, 'SIGCONT');
      await server.close();
      again?.kill('SIGKILL');
      await redis.stop();
      warnings.mockRestore();
    }
  },
);

inUnitRun(test)('a stopping server says so: 503 while it shuts down', async () => {
  const server = await bootTestServer();
  server.gate.stopping = true;
  const answer = await health(server);
  expect(answer.status).toBe(503);
  expect(answer.body.failed).toEqual(['stopping: the server is shutting down']);
  await server.close();
});
