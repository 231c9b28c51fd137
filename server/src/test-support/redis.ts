import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway Redis for tests and benchmarks, from Debian's `redis-server` package: its own
 * loopback port, no persistence, a temp directory, stopped and deleted afterwards.
 */

export const REDIS_INSTALL = 'apt-get install -y redis-server';

/** The redis-server binary: REDIS_SERVER when set, else the first on the PATH or in /usr/bin; null when none. */
export function findRedisServer(): string | null {
  if (process.env.REDIS_SERVER) return fs.existsSync(process.env.REDIS_SERVER) ? process.env.REDIS_SERVER : null;
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/bin', '/usr/sbin']) {
    const candidate = path.join(dir, 'redis-server');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Says loudly that Redis tests are skipped, and how to have them run. */
export function warnRedisMissing(what: string): void {
  const line = '!'.repeat(100);
  console.warn(`${line}\n!!! ${what} SKIPPED: no redis-server binary.\n!!! Install it to run these tests: ${REDIS_INSTALL}\n${line}`);
}

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL, as an outage: every connection drops at once, and (no persistence) every key is gone. */
  kill(): Promise<void>;
  /** A fresh, empty redis-server on the same port after a kill (its clients reconnect to it by themselves). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/** A running redis-server on `port`, or the reason it did not start (its output). */
async function spawnRedis(binary: string, port: number, dir: string): Promise<{ child: ChildProcess } | { failed: string }> {
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes', '--loglevel', 'warning'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 10_000;
  while (!exited && Date.now() < deadline && !(await answers(port))) await new Promise((r) => setTimeout(r, 50));
  if (!exited && (await answers(port))) return { child };
  await killed(child);
  return { failed: output };
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}

export async function startTestRedis(): Promise<TestRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error(`redis-server is not installed (${REDIS_INSTALL})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-redis-'));
  let child: ChildProcess | null = null;
  const removeAll = () => child?.kill('SIGKILL');
  process.on('exit', removeAll);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = await spawnRedis(binary, port, dir);
    if ('child' in started) {
      child = started.child;
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        kill: async () => {
          if (child) await killed(child);
        },
        restart: async () => {
          if (child) await killed(child);
          const again = await spawnRedis(binary, port, dir);
          if ('failed' in again) throw new Error(`redis-server did not start again on port ${port}:\n${again.failed}`);
          child = again.child;
        },
        stop: async () => {
          if (child && child.exitCode === null && child.signalCode === null) {
            const gone = new Promise((resolve) => child!.once('exit', resolve));
            child.kill('SIGTERM');
            await gone;
          }
          process.removeListener('exit', removeAll);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    // Another process may have taken the port between our look and the server's bind: retry.
    if (attempt >= 3 || !/address already in use/i.test(started.failed)) {
      process.removeListener('exit', removeAll);
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start:\n${started.failed}`);
    }
  }
}
