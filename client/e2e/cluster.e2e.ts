/**
 * The scaled setup as docker-compose.yml runs it, on this machine: nginx (Debian's, with the very
 * template the compose file gives the official image) in front of two game processes on Redis and
 * Postgres. Two players and a spectator play through the proxy; the process holding their room is
 * killed; their pages get back in by themselves, through the proxy, to the room's new process,
 * and play on. Skipped loudly where nginx, Redis or Postgres is missing (CI installs them).
 */
import { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from 'playwright-core';
import { NGINX, startTestNginx, TestNginx } from '../../server/src/test-support/nginx';
import { findPostgresBinaries, startTestPostgres, TestPostgres } from '../../server/src/test-support/postgres';
import { findRedisServer, startTestRedis, TestRedis } from '../../server/src/test-support/redis';
import {
  aGame,
  freePort,
  launchBrowser,
  markPage,
  openPage,
  Player,
  playTurns,
  spawnServer,
  startTwoPlayerGame,
  stillSamePage,
  waitFor,
  watchedPlayers,
} from './support';

const game = aGame();
const { logLines, turnsDone } = game;

const canRun = NGINX !== null && findRedisServer() !== null && findPostgresBinaries() !== null;
if (!canRun) {
  const line = '!'.repeat(100);
  console.warn(
    `${line}\n!!! The browser test through nginx and two processes SKIPPED: it needs nginx, redis-server and postgresql (apt-get install -y nginx-light redis-server postgresql)\n${line}`,
  );
}

interface Game {
  process: ChildProcess;
  output(): string;
  readonly port: number;
}

let browser: Browser;
let redis: TestRedis;
let postgres: TestPostgres;
let nginx: TestNginx | null = null;
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
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-browser-cluster-'));
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
    for (const [name, port] of [
      ['a', portA],
      ['b', portB],
    ] as const)
      games.push({ ...(await spawnServer(port, env(name))), port });
    nginx = await startTestNginx(`127.0.0.1:${portA}`, `127.0.0.1:${portB}`, proxyPort);
    const site = `http://127.0.0.1:${proxyPort}`;

    const context = () => browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ann: Player = { label: 'Ann', touch: false, ...(await openPage(await context(), 'Ann')) };
    const ben: Player = { label: 'Ben', touch: false, ...(await openPage(await context(), 'Ben')) };
    const watcher: Player = { label: 'Spectator', touch: false, ...(await openPage(await context(), 'Spectator')) };
    watchedPlayers.push(ann, ben, watcher);
    const everyone = [ann, ben, watcher];

    const invite = await startTwoPlayerGame(game, site, ann, ben, watcher);
    expect(invite.startsWith(site)).toBe(true);
    for (const p of everyone) await markPage(p);
    await playTurns(game, [ann, ben], 2);

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
    await playTurns(game, [ann, ben], 2);
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
