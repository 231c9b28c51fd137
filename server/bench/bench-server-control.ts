/**
 * The benchmarks' server processes (bench-server-process.ts, forked): start one with its
 * settings, ask it about its heap, event loop and store, stop it as a deploy does.
 */
import { ChildProcess, execFileSync, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoopStats } from './loop-stats';
import type { AppendStats } from './timed-store';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** From startServer's call to listening: opening the store and restoring its live rooms. */
  readonly startMs: number;
  readonly restored: { readonly rooms: number; readonly quarantined: number };
  /** Colyseus's id of the process. */
  readonly processId: string;
  /** The process's port. */
  readonly port: number;
  /** The store's appends since the last call. */
  appends(): Promise<AppendStats>;
  /** A graceful stop (rooms stay live in the store), as a deploy does. */
  stop(): Promise<void>;
  /** Bytes in the V8 heap, and outside it (buffers), after full collections. */
  heap(): Promise<{ heapUsed: number; external: number }>;
  /** The server's event-loop delay and GC pauses since the last call. */
  loop(): Promise<LoopStats>;
}

const REPO = path.join(__dirname, '..', '..');

/** The benchmarks' server process, compiled with the server by `npm run build:server` (which each bench:… script runs first). */
const COMPILED_BENCH_SERVER = path.join(REPO, 'build', 'bench', 'bench-server-process.js');

/**
 * The Node options production runs the server with: those of `npm run serve` (the root
 * package.json's script, `node <options> build/src/main.js`), so a benchmark measures the server
 * as it is deployed (its young generation's size, above all).
 */
export function productionNodeOptions(): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = packageJson.scripts.serve.split(/\s+/);
  const node = words.indexOf('node');
  const entry = words.findIndex((word, i) => i > node && !word.startsWith('-'));
  if (node < 0 || entry < 0) throw new Error(`"serve" no longer reads "node <options> <entry>": ${packageJson.scripts.serve}`);
  return words.slice(node + 1, entry);
}

/** bench:peers' peer servers (peer-server-process.ts), compiled beside the bench server. */
export const COMPILED_PEER_SERVER = path.join(REPO, 'build', 'bench', 'peer-server-process.js');

/**
 * Forks the compiled bench-server-process (or another compiled entry) with production's Node
 * options (and BENCH_SERVER_ARGS's, e.g. `--cpu-prof`), as `npm run serve` runs the compiled
 * server: no TypeScript compiler in it.
 */
export function forkBenchServer(
  args: readonly string[],
  env: Record<string, string | undefined>,
  stdio: 'inherit' | 'pipe',
  entry = COMPILED_BENCH_SERVER,
): ChildProcess {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build:server\` first (the bench:… scripts do)`);
  return fork(entry, [...args], {
    execArgv: ['--expose-gc', ...productionNodeOptions(), ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', stdio, stdio, 'ipc'],
  });
}

/**
 * Forks bench-server-process with `env` (BENCH_DATA_DIR, BENCH_DATABASE_URL, BENCH_REDIS_URL,
 * BENCH_PUBLIC_ADDRESS, PORT: see there) and resolves once it listens.
 */
export function startServerProcess(env: Record<string, string> = {}, args: readonly string[] = []): Promise<ServerProcess> {
  const child = forkBenchServer(args, env, 'inherit');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    child.once('message', (message: { port: number; startMs: number; restored: ServerProcess['restored']; processId: string }) => {
      const ask = <T>(cmd: string) =>
        new Promise<T>((done) => {
          const answer = (m: { cmd?: string }) => {
            if (m.cmd !== cmd) return;
            child.off('message', answer);
            done(m as T);
          };
          child.on('message', answer);
          child.send({ cmd });
        });
      resolve({
        child,
        url: `http://127.0.0.1:${message.port}`,
        startMs: message.startMs,
        processId: message.processId,
        port: message.port,
        restored: message.restored,
        heap: () => ask<{ heapUsed: number; external: number }>('heap'),
        loop: () => ask<LoopStats>('loop'),
        appends: () => ask<AppendStats>('appends'),
        stop: () => stopServerProcess(child),
      });
    });
  });
}

export function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
  child.send({ cmd: 'exit' });
  return exited;
}

/** Restricts a process (every thread of it) to CPUs `cpus` ("0", or "0-1" for both of two). */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** CPU seconds a process has used (user + system, every thread), from /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}
