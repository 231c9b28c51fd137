/**
 * The scaled setup as docker-compose.yml runs it, on this machine: nginx (Debian's, with the very
 * template the compose file gives the official image) in front of two game processes on Redis and
 * Postgres. Two players and a spectator play through the proxy; the process holding their room is
 * killed; their pages get back in by themselves, through the proxy, to the room's new process,
 * and play on. Skipped loudly where nginx, Redis or Postgres is missing (CI installs them).
 */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from 'playwright-core';
import { findPostgresBinaries, startTestPostgres, TestPostgres } from '../../server/src/test-support/postgres';
import { findRedisServer, startTestRedis, TestRedis } from '../../server/src/test-support/redis';
import { logLines, markPage, Player, playTurns, startTwoPlayerGame, stillSamePage, turnsDone, waitFor, watchedPlayers } from './driver';
import { freePort, launchBrowser, openPage, REPO, spawnServer } from './support';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;
const canRun = NGINX !== null && findRedisServer() !== null && findPostgresBinaries() !== null;
if (!canRun) {
  const line = '!'.repeat(100);
  console.warn(`${line}\n!!! The browser test through nginx and two processes SKIPPED: it needs nginx, redis-server and postgresql (apt-get install -y nginx-light redis-server postgresql)\n${line}`);
}

interface Game {
  process: ChildProcess;
  output(): string;
  readonly port: number;
}

/** Debian's nginx with deploy/nginx.conf.template, filled in as the official image fills it in. */
async function startNginx(listen: number, gameA: number, gameB: number): Promise<{ stop(): Promise<void>; output(): string }> {
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
  const child = spawn(NGINX!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor('nginx to answer', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    return fetch(`http://127.0.0.1:${listen}/health`).then((r) => r.ok, () => false);
  });
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let browser: Browser;
let redis: TestRedis;
let postgres: TestPostgres;
let nginx: { stop(): Promise<void>; output(): string } | null = null;
const games: Game[] = [];

(canRun ? describe : describe.skip)('through nginx, two game processes', () => {
  beforeAll(async () => {
    [redis, postgres, browser] = await Promise.all([startTestRedis(), startTestPostgres(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    for (const game of games) game.process.kill('SIGKILL');
    await nginx?.stop();
    await Promise.all([redis?.stop(), postgres?.stop()]);
  });

  test('a room’s process dies: the pages reconnect through the proxy to the other process and play on', async () => {
    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const databaseUrl = await postgres.newDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-e2e-cluster-'));
    const env = (name: string) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/${name}`,
      TRUST_PROXY: 'loopback',
      // The test reads each process's room count from /health.
      INTERNAL_ADDRESSES: 'loopback',
      BOT_DELAY_MS: '30',
    });
    for (const [name, port] of [['a', portA], ['b', portB]] as const) games.push({ ...(await spawnServer(port, env(name))), port });
    nginx = await startNginx(proxyPort, portA, portB);
    const site = `http://127.0.0.1:${proxyPort}`;

    const context = () => browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ann: Player = { label: 'Ann', touch: false, ...(await openPage(await context(), 'Ann')) };
    const ben: Player = { label: 'Ben', touch: false, ...(await openPage(await context(), 'Ben')) };
    const watcher: Player = { label: 'Spectator', touch: false, ...(await openPage(await context(), 'Spectator')) };
    watchedPlayers.push(ann, ben, watcher);
    const everyone = [ann, ben, watcher];

    const invite = await startTwoPlayerGame(site, ann, ben, watcher);
    expect(invite.startsWith(site)).toBe(true);
    for (const p of everyone) await markPage(p);
    await playTurns([ann, ben], 2);

    // The process holding the room dies.
    const rooms = await Promise.all(games.map(async (g) => ((await (await fetch(`http://127.0.0.1:${g.port}/health`)).json()) as { rooms: number }).rooms));
    expect([...rooms].sort()).toEqual([0, 1]);
    const holder = games[rooms.indexOf(1)];
    const other = games.find((g) => g !== holder)!;
    const turns = await turnsDone(watcher.page);
    const log = await logLines(watcher);
    holder.process.kill('SIGKILL');
    for (const p of everyone) await p.page.waitForSelector('[data-testid=connection]:not([hidden])', { timeout: 15_000 });
    // Back in by themselves, through the proxy, on the other process.
    for (const p of everyone) await p.page.waitForSelector('[data-testid=connection]', { state: 'hidden', timeout: 40_000 });
    expect(((await (await fetch(`http://127.0.0.1:${other.port}/health`)).json()) as { rooms: number }).rooms).toBe(1);
    for (const p of everyone) {
      await waitFor(`${p.label}'s page to show the game again`, async () => (await turnsDone(p.page)) === turns);
      expect(await stillSamePage(p)).toBe(true);
    }
    expect(await logLines(watcher)).toEqual(log);
    await playTurns([ann, ben], 2);
    await waitFor('the spectator to see the new turns', async () => (await turnsDone(watcher.page)) === turns + 2);
    expect(other.output()).not.toMatch(/error/i);
    // A reconnection tried while the dead process's address still answered 502 at the proxy is the
    // browser's own report of a socket the page then retried; anything else is an error.
    const deadUpstream = /^\w+ console: WebSocket connection to '[^']*' failed: Error during WebSocket handshake: Unexpected response code: 502$/;
    expect([...ann.errors, ...ben.errors, ...watcher.errors].filter((e) => !deadUpstream.test(e))).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

if (!canRun && process.env.CI) {
  test('nginx, redis-server and PostgreSQL are installed (CI must run the browser test through the proxy)', () => {
    expect(canRun).toBe(true);
  });
}
