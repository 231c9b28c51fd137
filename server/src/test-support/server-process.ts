import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { typescriptChild } from './typescript-child';

/**
 * The production server (server/src/main.ts, everything from the environment, run here through
 * tsx where `npm run serve` runs its compiled build/src/main.js) in a child process, for tests
 * that must kill it for real: SIGKILL gives it no chance to finish anything. A process can be made
 * ready ahead (`prepareServerProcess`: its modules loaded, nothing opened, not listening), so that a
 * restart right after a kill is quick.
 */

const ENTRY = path.join(__dirname, 'server-process-entry.ts');
const START_TIMEOUT_MS = 30_000;

export interface ServerProcessOptions {
  /** SQLite: the directory of samurai.db (DATA_DIR). */
  readonly dataDir: string;
  /** Postgres instead of SQLite (DATABASE_URL). */
  readonly databaseUrl?: string;
  /** BOT_DELAY_MS for rooms whose host chose none. */
  readonly botDelayMs?: number;
  /** More environment (limits, …); wins over the defaults here. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A cluster's process (REDIS_URL in `env`): it must know its own address before it listens, so
   * it is started on a chosen free port with PUBLIC_ADDRESS 127.0.0.1:port.
   */
  readonly clustered?: boolean;
  /**
   * SQLite on a small filesystem of its own, to fill (tests of a full disk): the process runs in a
   * mount namespace of its own (`unshare -rm`, no root needed) where `dataDir` is a fresh tmpfs of
   * this size (`16m`). It goes with the process; outside, it is seen at `ServerProcess.dataPath`.
   */
  readonly ownTmpfs?: string;
  /**
   * Runs the process inside the user and mount namespaces of process `namespaceOf` (a SmallDisk's
   * holder, small-disk.ts), where `dataDir` is that disk: unlike `ownTmpfs`, the data outlives the
   * process, so a process started after a kill -9 finds it.
   */
  readonly namespaceOf?: number;
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** What the server said at start: rooms brought back from the store, and those quarantined. */
  readonly restored: { readonly rooms: number; readonly quarantined: number };
  /** Everything it wrote to stderr so far (warnings and errors: LOG_LEVEL=warn). */
  stderr(): string;
  /** Where a file of its data directory is seen from this process (its own tmpfs: through /proc). */
  dataPath(file: string): string;
  /** SIGSTOP (frozen: no timer, no socket answered) and SIGCONT. */
  pause(): void;
  resume(): void;
  /**
   * SIGKILL, sent at once (synchronously: a caller may kill between a client's message and its
   * broadcast); resolves when the process is gone.
   */
  kill(): Promise<void>;
  /** SIGTERM, the graceful stop; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** A server process with its modules loaded, waiting to be started. */
export interface PreparedServerProcess {
  /**
   * Runs main.ts: resolves once it listens (on `port`, or a free one when 0 or when `port` is
   * taken) and has restored its rooms.
   */
  start(port?: number): Promise<ServerProcess>;
  /** Ends it unstarted. */
  discard(): Promise<void>;
}

/** Every child still running, so that a failing test leaves none behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Kills every server process still running (afterAll of a test file). */
export async function killAllServerProcesses(): Promise<void> {
  await Promise.all([...running].map((child) => killChild(child)));
}

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

class PortInUse extends Error {}

/** Starts a server process at once (see PreparedServerProcess.start). */
export function startServerProcess(options: ServerProcessOptions, port = 0): Promise<ServerProcess> {
  return prepareServerProcess(options).start(port);
}

/** Forks a server process that loads its modules and waits (see ServerProcess). */
export function prepareServerProcess(options: ServerProcessOptions): PreparedServerProcess {
  const typescript = typescriptChild();
  // With a tmpfs of its own: unshare, then a shell mounts it and becomes node (the same process,
  // its IPC channel inherited); fork puts the entry file last.
  // In another's namespaces: nsenter becomes node the same way (in this directory: entering a mount
  // namespace starts at its root, where node's `--require tsx/cjs` would not be found).
  const own = options.ownTmpfs
    ? {
        execPath: 'unshare',
        execArgv: [
          '-rm',
          '--',
          'sh',
          '-c',
          'mount -t tmpfs -o "size=$0" tmpfs "$1" && shift && exec "$@"',
          options.ownTmpfs,
          options.dataDir,
          process.execPath,
          ...typescript.execArgv,
        ],
      }
    : options.namespaceOf
      ? {
          execPath: 'nsenter',
          execArgv: [
            '-t',
            String(options.namespaceOf),
            '-U',
            '-m',
            '--preserve-credentials',
            `--wd=${process.cwd()}`,
            '--',
            process.execPath,
            ...typescript.execArgv,
          ],
        }
      : { execArgv: typescript.execArgv };
  const child = fork(ENTRY, [], {
    ...own,
    env: typescript.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const loaded = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exited.then(() => reject(new Error(`the server process exited while loading:\n${stdout}${stderr}`)));
  });
  loaded.catch(() => undefined);

  const start = async (port: number): Promise<ServerProcess> => {
    await loaded;
    child.send({
      env: {
        ...(options.clustered ? { PUBLIC_ADDRESS: `127.0.0.1:${port}` } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        // Never one inherited from the shell: SQLite unless this server is given Postgres.
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        // The tests read /health's room count from this machine.
        INTERNAL_ADDRESSES: 'loopback',
        // Every test client comes from 127.0.0.1, hundreds of them at once.
        CONNECTIONS_PER_ADDRESS: '100000',
        BOT_DELAY_MS: String(options.botDelayMs ?? 0),
        // No web client: only the game server is under test.
        CLIENT_DIST: path.join(__dirname, 'no-client'),
        ...options.env,
      },
    });
    return new Promise<ServerProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        void killChild(child);
        reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${stdout}${stderr}`));
      }, START_TIMEOUT_MS);
      const failedToStart = () => {
        clearTimeout(timer);
        const output = stdout + stderr;
        reject(
          /EADDRINUSE/.test(output)
            ? new PortInUse(output)
            : new Error(`the server exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output}`),
        );
      };
      child.once('exit', failedToStart);
      const ready = () => {
        // main.ts's two lines once ready: the port, then what it restored.
        const listening = /listening on port (\d+)/.exec(stdout);
        const kept = /Rooms kept in \w+: (\d+) restored(?:, (\d+) quarantined)?/.exec(stdout);
        if (!listening || !kept) return;
        clearTimeout(timer);
        child.off('exit', failedToStart);
        child.stdout!.off('data', ready);
        const actualPort = Number(listening[1]);
        resolve({
          url: `http://127.0.0.1:${actualPort}`,
          port: actualPort,
          pid: child.pid!,
          restored: { rooms: Number(kept[1]), quarantined: Number(kept[2] ?? 0) },
          stderr: () => stderr,
          dataPath: (file) =>
            path.join(options.ownTmpfs ? `/proc/${child.pid}/root` : options.namespaceOf ? `/proc/${options.namespaceOf}/root` : '', options.dataDir, file),
          pause: () => child.kill('SIGSTOP'),
          resume: () => child.kill('SIGCONT'),
          kill: () => killChild(child),
          stop: () => {
            if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
            child.kill('SIGTERM');
            return exited.then(() => child.exitCode);
          },
        });
      };
      child.stdout!.on('data', ready);
      ready();
    });
  };

  return {
    start: async (port = 0) => {
      if (options.clustered && port === 0) port = await freePort();
      try {
        return await start(port);
      } catch (error) {
        // The port was taken meanwhile (another test, another program): any free one will do.
        if (port !== 0 && error instanceof PortInUse) return prepareServerProcess(options).start(options.clustered ? await freePort() : 0);
        throw error;
      }
    },
    discard: () => killChild(child),
  };
}
