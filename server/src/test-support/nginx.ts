import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.join(__dirname, '..', '..', '..');

/** Debian's nginx, or null when it is not installed (apt-get install -y nginx-light). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;

export interface TestNginx {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx with deploy/nginx.conf.template, filled in as the official image fills it in,
 * listening on `listen` in front of the game processes on `gameA` and `gameB`.
 */
export async function startNginx(listen: number, gameA: number, gameB: number): Promise<TestNginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-nginx-'));
  const template = fs.readFileSync(path.join(REPO, 'deploy/nginx.conf.template'), 'utf8');
  const site = template.replaceAll('${GAME_A}', `127.0.0.1:${gameA}`).replaceAll('${GAME_B}', `127.0.0.1:${gameB}`).replaceAll('${LISTEN_PORT}', `127.0.0.1:${listen}`);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  // What the image's main nginx.conf adds around conf.d: an events block, temp paths, logs.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; pid ${dir}/nginx.pid; error_log stderr warn; events { worker_connections 256; }
     http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
            uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi; include ${dir}/site.conf; }`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`${url}/health`).then((r) => r.status < 502, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await gone;
      }
      process.removeListener('exit', killOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
