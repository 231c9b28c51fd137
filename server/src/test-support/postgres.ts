import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks, from Debian's `postgresql` package:
 * initdb in a temp directory, the server on a free loopback port, run as a non-root user (the
 * server refuses to run as root), deleted afterwards.
 */

export const POSTGRES_INSTALL = 'apt-get install -y postgresql';

const hasServer = (bin: string) => fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'postgres'));

/**
 * The directory holding initdb and postgres: PG_BIN when set (another system's layout), else
 * Debian's newest under /usr/lib/postgresql; null when there is none.
 */
export function findPostgresBinaries(): string | null {
  if (process.env.PG_BIN) return hasServer(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  let versions: string[];
  try {
    versions = fs.readdirSync(root);
  } catch {
    return null;
  }
  const found = versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, 'bin'))
    .find(hasServer);
  return found ?? null;
}

/** Says loudly that Postgres tests are skipped, and how to have them run. */
export function warnPostgresMissing(what: string): void {
  const line = '!'.repeat(100);
  console.warn(
    `${line}\n!!! ${what} SKIPPED: no PostgreSQL server binaries (initdb, postgres) under ${process.env.PG_BIN ?? '/usr/lib/postgresql/*/bin'}.\n` +
      `!!! Install them to run these tests: ${POSTGRES_INSTALL}\n${line}`,
  );
}

export interface TestPostgres {
  /** A connection URL of the cluster's first database. */
  readonly url: string;
  /** Creates a new empty database and answers its URL. */
  newDatabase(): Promise<string>;
  /**
   * Stops the server as `pg_ctl stop -m fast` does (its connections are ended), keeping the
   * cluster: an outage until `startAgain`.
   */
  stopServer(): Promise<void>;
  /** Starts the stopped server again, on the same port and data; resolves once it takes connections. */
  startAgain(): Promise<void>;
  /**
   * Stops every process of the server (SIGSTOP), connections open: it answers nothing, as across
   * a network partition, until `thaw`.
   */
  freeze(): void;
  thaw(): void;
  /** Ends every connection to `database` but the caller's own (pg_terminate_backend); answers how many. */
  terminateBackends(database: string): Promise<number>;
  /** Stops the server and deletes the cluster. */
  stop(): Promise<void>;
}

export interface TestPostgresOptions {
  /**
   * Keep Postgres's own durability (fsync, synchronous commit): for benchmarks that measure a
   * real commit. Tests run without it, which is faster and loses nothing unless the machine dies.
   */
  readonly durable?: boolean;
}

const USER = 'samurai';

/** As root, who runs the server: Debian's `postgres` user when the package made one, else nobody. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const passwd = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'));
  const entry = passwd.find((f) => f[0] === 'postgres') ?? passwd.find((f) => f[0] === 'nobody');
  if (!entry) throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** The command line, dropped to the server's user when we are root (setpriv execs: same pid). */
function asServerUser(user: { uid: number; gid: number } | null, command: string, args: string[]): [string, string[]] {
  if (!user) return [command, args];
  return ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', command, ...args]];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error(`PostgreSQL is not installed (${POSTGRES_INSTALL})`);
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-pg-'));
  const dataDir = path.join(dir, 'data');
  if (user) fs.chownSync(dir, user.uid, user.gid);
  let server: ChildProcess | null = null;
  const removeAll = () => {
    server?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Should the test process end without stop() (a crash, a timeout), the cluster goes with it.
  process.once('exit', removeAll);

  try {
    const [initdb, initArgs] = asServerUser(user, path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      USER,
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    execFileSync(initdb, initArgs, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

    const fast = options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
    /** Starts the server on `port`; answers whether it takes connections, and what it said if not. */
    const launch = async (port: number): Promise<{ ready: boolean; output: string }> => {
      const [postgres, args] = asServerUser(user, path.join(bin, 'postgres'), [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        '-k',
        dir,
        '-c',
        'max_connections=100',
        ...fast,
      ]);
      const child = spawn(postgres, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
      server = child;
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      });
      let exited = false;
      child.once('exit', () => (exited = true));
      const deadline = Date.now() + 30_000;
      while (!exited && Date.now() < deadline) {
        const client = new Client({ connectionString: `postgres://${USER}@127.0.0.1:${port}/postgres` });
        try {
          await client.connect();
          await client.end();
          return { ready: true, output };
        } catch {
          await client.end().catch(() => undefined);
          await sleep(100);
        }
      }
      child.kill('SIGKILL');
      return { ready: false, output };
    };
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const { ready, output } = await launch(port);
      if (ready) break;
      // Another process may have taken the port between our look and the server's bind: retry.
      if (attempt >= 3 || !/could not (bind|create listen)/i.test(output)) {
        throw new Error(`PostgreSQL did not start:\n${output}`);
      }
    }
    const url = `postgres://${USER}@127.0.0.1:${port}/postgres`;
    /** A fast shutdown: its connections are ended, nothing more is written. */
    const stopServer = async (): Promise<void> => {
      const child = server;
      server = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const slow = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(slow);
    };

    let databases = 0;
    const newDatabase = async (): Promise<string> => {
      const name = `test_${process.pid}_${++databases}`;
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    };

    /** The server's processes: the postmaster and its children (backends, checkpointer, …). */
    const processes = (): number[] => {
      const postmaster = server?.pid;
      if (!postmaster) return [];
      const children = fs
        .readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            // The parent's pid is the 4th field, after the name in parentheses.
            return (
              Number(
                fs
                  .readFileSync(`/proc/${pid}/stat`, 'utf8')
                  .replace(/^.*\) /s, '')
                  .split(' ')[1],
              ) === postmaster
            );
          } catch {
            return false; // gone meanwhile
          }
        })
        .map(Number);
      return [postmaster, ...children];
    };
    const signalAll = (signal: NodeJS.Signals) => {
      for (const pid of processes()) {
        try {
          process.kill(pid, signal);
        } catch {
          // gone meanwhile
        }
      }
    };

    return {
      url,
      newDatabase,
      stopServer,
      freeze: () => signalAll('SIGSTOP'),
      thaw: () => signalAll('SIGCONT'),
      startAgain: async () => {
        if (server) throw new Error('PostgreSQL is running already');
        const { ready, output } = await launch(port);
        if (!ready) throw new Error(`PostgreSQL did not start again on port ${port}:\n${output}`);
      },
      terminateBackends: async (database) => {
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<{ ended: boolean }>(
            'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [database],
          );
          return rows.filter((r) => r.ended).length;
        } finally {
          await client.end();
        }
      },
      stop: async () => {
        await stopServer();
        fs.rmSync(dir, { recursive: true, force: true });
        process.removeListener('exit', removeAll);
      },
    };
  } catch (error) {
    removeAll();
    process.removeListener('exit', removeAll);
    throw error;
  }
}
