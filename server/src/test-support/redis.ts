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

export async function startTestRedis(): Promise<TestRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error(`redis-server is not installed (${REDIS_INSTALL})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-redis-'));
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child: ChildProcess = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes', '--loglevel', 'warning'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const removeAll = () => child.kill('SIGKILL');
    process.once('exit', removeAll);
    let exited = false;
    child.once('exit', () => (exited = true));
    const deadline = Date.now() + 10_000;
    while (!exited && Date.now() < deadline && !(await answers(port))) await new Promise((r) => setTimeout(r, 50));
    if (!exited && (await answers(port))) {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            const gone = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            await gone;
          }
          process.removeListener('exit', removeAll);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    process.removeListener('exit', removeAll);
    // Another process may have taken the port between our look and the server's bind: retry.
    if (attempt >= 3 || !/address already in use/i.test(output)) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start:\n${output}`);
    }
  }
}
