/**
 * Where the fault benchmark's rooms live: the production server (main.ts, everything from the
 * environment, run through tsx as the crash tests run it: server-process.ts) in processes of their
 * own, killed and frozen for real.
 *  - one process on SQLite (optionally on a small filesystem of its own, to fill);
 *  - one process on Postgres;
 *  - the two-process setup of docker-compose.yml: two processes on Redis and Postgres behind
 *    Debian's nginx with the very template the compose file gives it, clients coming through it.
 * Each can start a lone process on the same store afterwards, for the reckoning (after-restart.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GENEROUS_LIMITS_ENV } from '../../src/test-support/cluster-clients';
import { freePort } from '../../src/test-support/free-port';
import { startTestNginx, TestNginx } from '../../src/test-support/nginx';
import { startTestPostgres, TestPostgres } from '../../src/test-support/postgres';
import { startTestRedis, TestRedis } from '../../src/test-support/redis';
import { prepareServerProcess, PreparedServerProcess, ServerProcess, ServerProcessOptions } from '../../src/test-support/server-process';
import { SmallDisk, startSmallDisk } from '../../src/test-support/small-disk';

/** The services several setups share, started when first needed and stopped at the end. */
export class Services {
  private postgresStarted: Promise<TestPostgres> | null = null;
  private redisStarted: Promise<TestRedis> | null = null;

  /** A throwaway Postgres with its own durability on (fsync, synchronous commit), as production runs it. */
  postgres(): Promise<TestPostgres> {
    return (this.postgresStarted ??= startTestPostgres({ durable: true }));
  }

  redis(): Promise<TestRedis> {
    return (this.redisStarted ??= startTestRedis());
  }

  async stop(): Promise<void> {
    const [postgres, redis] = await Promise.all([this.postgresStarted?.catch(() => null), this.redisStarted?.catch(() => null)]);
    await Promise.all([postgres?.stop(), redis?.stop()]);
  }
}

/** A running setup's server processes, by name. */
export interface Setup {
  /** Where the clients connect (the server, or nginx in front of two). */
  readonly endpoint: string;
  readonly servers: Map<string, ServerProcess>;
  /** SIGKILL to every server process; resolves once all are gone. */
  killAll(): Promise<void>;
  /** Once all are killed: one process alone on the same store, for the reckoning. */
  startLone(): Promise<ServerProcess>;
  /** Everything the setup's processes wrote to stderr (warnings and errors), past and present. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Server processes of one kind. With `keepSpare`, the next one is always loaded and waiting, so
 * that a restart after a kill costs what the server's own start costs (opening the store,
 * restoring rooms), not loading its modules.
 */
class ProcessPool {
  private spare: PreparedServerProcess | null;
  readonly servers = new Map<string, ServerProcess>();
  private readonly gone: string[] = [];

  constructor(
    private readonly options: ServerProcessOptions,
    private readonly keepSpare = false,
  ) {
    this.spare = keepSpare ? prepareServerProcess(options) : null;
  }

  /** Starts a process as `name` (on `port`, 0: any). */
  async start(name: string, port = 0): Promise<ServerProcess> {
    const next = this.spare ?? prepareServerProcess(this.options);
    this.spare = this.keepSpare ? prepareServerProcess(this.options) : null;
    const server = await next.start(port);
    this.servers.set(name, server);
    return server;
  }

  async kill(name: string): Promise<void> {
    const server = this.servers.get(name);
    if (!server) return;
    await server.kill();
    this.gone.push(server.stderr());
    this.servers.delete(name);
  }

  async killAll(): Promise<void> {
    for (const name of [...this.servers.keys()]) await this.kill(name);
  }

  stderr(): string {
    return [...this.gone, ...[...this.servers.values()].map((s) => s.stderr())].join('');
  }

  async close(): Promise<void> {
    await this.killAll();
    await this.spare?.discard();
  }
}

/** Every client comes from 127.0.0.1: the per-address limits, meant for a household, are lifted. */
const ENV = GENEROUS_LIMITS_ENV;

/** One process on SQLite; `smallDisk` (`16m`): its data directory a small filesystem of its own, to fill. */
export async function sqliteSetup(smallDisk?: string): Promise<Setup & { restart(): Promise<number>; disk: SmallDisk | null }> {
  const disk = smallDisk ? await startSmallDisk(smallDisk) : null;
  const dataDir = disk?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-faults-'));
  const pool = new ProcessPool({ dataDir, namespaceOf: disk?.holder, env: ENV }, true);
  const server = await pool.start('server');
  return {
    endpoint: server.url,
    servers: pool.servers,
    disk,
    /** kill -9, and a new process on the same data and port at once: answers ms from the kill until it listens. */
    restart: async () => {
      const killedAt = performance.now();
      await pool.kill('server');
      await pool.start('server', server.port);
      return performance.now() - killedAt;
    },
    killAll: () => pool.killAll(),
    startLone: () => pool.start('lone'),
    stderr: () => pool.stderr(),
    close: async () => {
      await pool.close();
      if (disk) await disk.stop();
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One process on a new database of the shared Postgres. */
export async function postgresSetup(services: Services): Promise<Setup & { postgres: TestPostgres; database: string }> {
  const postgres = await services.postgres();
  const databaseUrl = await postgres.newDatabase();
  const pool = new ProcessPool({ dataDir: '/nonexistent', databaseUrl, env: ENV });
  const server = await pool.start('server');
  return {
    endpoint: server.url,
    servers: pool.servers,
    postgres,
    database: new URL(databaseUrl).pathname.slice(1),
    killAll: () => pool.killAll(),
    startLone: () => pool.start('lone'),
    stderr: () => pool.stderr(),
    close: () => pool.close(),
  };
}

/**
 * Two processes, A and B, on Redis and a new database of the shared Postgres, behind nginx: each
 * process reached at its own path through it (PUBLIC_ADDRESS `<nginx>/a`, `/b`), as in
 * docker-compose.yml. The lone process of the reckoning is on the same database, without Redis.
 */
export async function clusterSetup(services: Services): Promise<Setup & { redis: TestRedis; nginx: TestNginx }> {
  const [postgres, redis] = await Promise.all([services.postgres(), services.redis()]);
  const databaseUrl = await postgres.newDatabase();
  const ports = { a: await freePort(), b: await freePort() };
  const nginx = await startTestNginx(`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`);
  const clustered = (name: 'a' | 'b') =>
    new ProcessPool({
      dataDir: '/nonexistent',
      databaseUrl,
      clustered: true,
      env: { ...ENV, REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${nginx.port}/${name}`, TRUST_PROXY: 'loopback' },
    });
  const pools = { a: clustered('a'), b: clustered('b') };
  const lone = new ProcessPool({ dataDir: '/nonexistent', databaseUrl, env: ENV });
  const [a, b] = await Promise.all([pools.a.start('a', ports.a), pools.b.start('b', ports.b)]);
  if (a.port !== ports.a || b.port !== ports.b) throw new Error('a port nginx forwards to was taken meanwhile: run the benchmark again');
  const servers = new Map([
    ['a', a],
    ['b', b],
  ]);
  const all = [pools.a, pools.b, lone];
  return {
    endpoint: `http://127.0.0.1:${nginx.port}`,
    servers,
    redis,
    nginx,
    killAll: async () => {
      await Promise.all([pools.a.killAll(), pools.b.killAll()]);
      servers.clear();
    },
    startLone: () => lone.start('lone'),
    stderr: () => all.map((p) => p.stderr()).join(''),
    close: async () => {
      await Promise.all(all.map((p) => p.close()));
      await nginx.stop();
    },
  };
}
