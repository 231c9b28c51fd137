import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * Debian's nginx with the very template docker-compose.yml gives the official image
 * (deploy/nginx.conf.template), for the tests of the scaled setup: its own loopback port, a temp
 * directory, stopped and deleted afterwards.
 */

export const NGINX_INSTALL = 'apt-get install -y nginx-light';
export const NGINX_TEMPLATE = path.join(__dirname, '..', '..', '..', 'deploy', 'nginx.conf.template');

/** The nginx binary, or null when none is installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;

export interface TestNginx {
  /** Where it listens, on 127.0.0.1. */
  readonly port: number;
  /** What it wrote (errors and warnings). */
  output(): string;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The template filled in as the official image fills it in (GAME_A and GAME_B are `host:port`),
 * inside what the image's main nginx.conf adds around conf.d: an events block, temp paths, logs.
 */
export async function startTestNginx(gameA: string, gameB: string, port?: number): Promise<TestNginx> {
  if (!NGINX) throw new Error(`nginx is not installed (${NGINX_INSTALL})`);
  const listen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-nginx-'));
  const site = fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('${GAME_A}', gameA)
    .replaceAll('${GAME_B}', gameB)
    .replaceAll('${LISTEN_PORT}', `127.0.0.1:${listen}`);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; pid ${dir}/nginx.pid; error_log stderr warn; events { worker_connections 256; }
     http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
            uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi; include ${dir}/site.conf; }`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Should this process end without stop() (a crash, a closed output pipe), nginx goes with it
  // (SIGTERM: its master ends its workers too).
  const orphaned = () => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', orphaned);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    process.removeListener('exit', orphaned);
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await gone;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (!(await accepts(listen))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port: listen, output: () => output, stop };
}
