/** Shared plumbing for the browser tests: a real server, Debian's Chromium, and page helpers. */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { freePort } from '../../server/src/test-support/free-port';
import { typescriptChild } from '../../server/src/test-support/typescript-child';

export { freePort };

export const REPO = path.resolve(__dirname, '../..');
export const DIST = path.join(REPO, 'client/dist');
/** The server as `npm run serve` runs it: compiled by `npm run build` (npm run test:browser builds first). */
export const COMPILED_MAIN = 'build/src/main.js';
export const SCREENSHOTS = path.join(REPO, 'artifacts/screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags DEVELOPERS.md asks for: headless, no sandbox (CI runs as root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface TestServer {
  readonly url: string;
  readonly process: ChildProcess;
  readonly output: () => string;
  /** A graceful stop (SIGTERM); the data stays for a restart until `stop` is called. */
  stop(): Promise<void>;
  /** Stops the server (SIGTERM, or SIGKILL for a crash) and starts it again on the same port and data. */
  restart(how: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * Starts the compiled server (COMPILED_MAIN), or another `entry` (TypeScript, run through tsx)
 * that prints the same two lines, on a free port serving the built client, with its own empty data
 * directory (never the repository's ./data); resolves once it listens and has restored its rooms.
 */
export async function startServer(env: Record<string, string> = {}, entry = COMPILED_MAIN): Promise<TestServer> {
  for (const built of [path.join(DIST, 'index.html'), path.join(REPO, COMPILED_MAIN)]) {
    if (!fs.existsSync(built)) throw new Error(`${path.relative(REPO, built)} is missing: run \`npm run build\` first (npm run test:browser does).`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-browser-'));
  let child = await spawnServer(port, { DATA_DIR: dataDir, ...env }, entry);
  const exit = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child.process;
      if (running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill(signal);
      setTimeout(() => running.kill('SIGKILL'), 5000).unref();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    get process() {
      return child.process;
    },
    output: () => child.output(),
    stop: async () => {
      await exit('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async (how) => {
      await exit(how);
      child = await spawnServer(port, { DATA_DIR: dataDir, ...env }, entry);
    },
  };
}

/** Runs `entry` (the compiled main.js by default) on `port` with `env`; resolves once it listens and has restored its rooms. */
export async function spawnServer(port: number, env: Record<string, string>, entry = COMPILED_MAIN): Promise<{ process: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, entry.endsWith('.ts') ? [...typescriptChild().execArgv, entry] : [entry], {
    cwd: REPO,
    env: { ...typescriptChild().env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', CLIENT_DIST: DIST, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const check = () => {
      // Listening, and its rooms restored (main.ts's second line).
      if (output.includes('listening on port') && output.includes('Rooms kept in')) {
        clearTimeout(timer);
        child.off('exit', failed);
        resolve();
      }
    };
    const failed = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    };
    child.stdout!.on('data', check);
    child.once('exit', failed);
  });
  return { process: child, output: () => output };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A test file's server (started as `startServer(env, entry)`) and browser: started before its
 * tests, closed after them. Call at the top of a test file; read `server` and `browser` in tests.
 */
export function useServerAndBrowser(env: Record<string, string> = {}, entry?: string): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env, entry);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const running = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server and browser run only while the tests of their file run');
    return value;
  };
  return {
    get server() {
      return running(server);
    },
    get browser() {
      return running(browser);
    },
  };
}

/** Content-Security-Policy violations reported by the pages openPage opened, not yet taken. */
const cspViolations: string[] = [];
const openPages = new Set<Page>();

/**
 * Takes the violations reported so far. Each page is asked a question first: its reports travel
 * on the same channel ahead of the answer, so none still on its way is missed.
 */
export async function takeCspViolations(): Promise<string[]> {
  for (const page of openPages) await page.evaluate(() => 0).catch(() => undefined);
  return cspViolations.splice(0);
}

// The client must run under the server's strict CSP: any test in whose pages Chromium refused
// something (a script, a style, an eval, even one caught) fails.
afterEach(async () => {
  expect(await takeCspViolations()).toEqual([]);
});

/**
 * A page whose console errors, uncaught exceptions and CSP violations are collected (a test can
 * assert no errors; every test asserts no violation).
 */
export async function openPage(context: BrowserContext, label: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
  // Chromium fires securitypolicyviolation for every refusal, also for an eval the page catches
  // (which logs nothing); the binding and the listener survive reloads and navigations.
  await page.exposeBinding('__reportCspViolation', (_source, report: string) => {
    cspViolations.push(`${label}: ${report}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (report: string) => void }).__reportCspViolation;
      report(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber}`);
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${label}: ${e.message}`));
  // (Chromium says itself that it has no push service in an incognito profile, which every test context
  // is, when a player who turned notifications on is subscribed to Web Push: not the page's error.)
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon|Failed to load resource|support the Push API in incognito/.test(m.text()))
      errors.push(`${label} console: ${m.text()}`);
  });
  return { page, errors };
}

/** A picture of the page as `name`.png under SCREENSHOTS (`name` may hold a folder: "table-geometry/…"). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

/** A person at a browser page, as the games' drivers drive it. */
export interface Player {
  readonly label: string;
  readonly page: Page;
  readonly errors: string[];
  /** Ben plays on a phone: taps instead of clicks. */
  readonly touch: boolean;
}

/** A small deterministic generator, so the game differs from one target to the next but each run is the same. */
let seed = 12345;
export function pick<T>(items: readonly T[]): T {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return items[seed % items.length];
}

/** Polls `probe` until it gives a value; on timeout, photographs the watched pages and throws. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) {
      await dumpPages(what);
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 60));
  }
}

/** The pages of the running test, photographed when a wait times out (for the post-mortem). */
export const watchedPlayers: Player[] = [];

async function dumpPages(why: string): Promise<void> {
  const slug = why.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
  for (const p of watchedPlayers) await screenshot(p.page, `failure-${slug}-${p.label}`).catch(() => undefined);
}

/** Of `selectors`, those a click at their middle would not reach: something covers them. */
export function covered(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((list) => {
    return list.filter((selector) => {
      const el = document.querySelector(selector)!;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !hit || !(el === hit || el.contains(hit));
    });
  }, selectors);
}

/** What a page shows of its game, as every game's driver reads it. */
export interface TableState {
  /** The game is under way (past any setup: turns are being played). */
  readonly playing: boolean;
  /** The game waits for this page's seat. */
  readonly yourTurn: boolean;
  /** A move of this page's is on its way to the server. */
  readonly pending: boolean;
  /** This page's seat (-1: none, as a spectator's). */
  readonly seat: number;
}

/**
 * A game as the table's browser tests drive it, through its UI the way people do. Each game's
 * `client/e2e/<game>/driver.ts` exports one as `driver`; the table's tests take them from
 * `gameDrivers()` and never name a game.
 */
export interface GameDriver {
  /** The room type (the game's folder). */
  readonly type: string;
  /** The game's name as its pages show it (the window's title, the home page's list). */
  readonly title: string;
  /** The numbers of players a room of the game may have. */
  readonly playerCounts: readonly number[];
  /** Selects, on the home page's form, this game in a room for `players`, dealt straight into play. */
  readonly chooseRoom: (page: Page, players: number) => Promise<void>;
}

/** A game's driver that also plays it: what a table test needs to play a game on. */
export interface PlayingDriver extends GameDriver {
  readonly state: (page: Page) => Promise<TableState>;
  /** Moves completed (turns, passes included), as this page knows them. */
  readonly turnsDone: (page: Page) => Promise<number>;
  /** The move this player's seat owes (it is their turn), made through the UI, and answered. */
  readonly playOneTurn: (player: Player) => Promise<void>;
  /** The game log's lines as a page shows them. */
  readonly logLines: (player: Player) => Promise<(string | null)[]>;
  /** The player's own hidden pieces (a hand): present on a seat's page, never on a spectator's. */
  readonly handSelector: string;
}

/**
 * The games whose driver the table's tests can drive: each folder of client/e2e with a driver.ts
 * exporting `driver` (a new game's folder is all it takes), in the folders' order; E2E_GAME names
 * one to drive alone.
 */
export function gameDrivers(): GameDriver[] {
  const folders = fs
    .readdirSync(__dirname, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(__dirname, entry.name, 'driver.ts')))
    .map((entry) => entry.name)
    .sort();
  const drivers = folders
    // Found by folder when a test file loads (so it can make a test per game): a synchronous require.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    .map((folder) => (require(path.join(__dirname, folder, 'driver')) as { driver?: GameDriver }).driver)
    .filter((driver): driver is GameDriver => driver !== undefined);
  const only = process.env.E2E_GAME;
  if (only === undefined) return drivers;
  const chosen = drivers.filter((d) => d.type === only);
  if (chosen.length === 0) throw new Error(`E2E_GAME=${only}: no such game's driver (there are ${drivers.map((d) => d.type).join(', ')})`);
  return chosen;
}

/** The game a table test that plays one game plays: the first of `gameDrivers()` whose driver plays. */
export function aGame(): PlayingDriver {
  const playing = gameDrivers().find((d): d is PlayingDriver => 'playOneTurn' in d);
  if (!playing) throw new Error('no game has a driver that plays under client/e2e/<game>/driver.ts');
  return playing;
}

/**
 * At `site`: Ann creates a 2-player room of `game` (dealt straight into play), Ben joins by the
 * invite link, `watcher` watches, and Ann starts the game; resolves with the invite link.
 */
export async function startTwoPlayerGame(game: PlayingDriver, site: string, ann: Player, ben: Player, watcher: Player): Promise<string> {
  const invite = await createRoom(game, site, ann.page, 'Ann');
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.click('[data-testid=join]');
  await watcher.page.goto(invite);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the game', async () => (await Promise.all([ann, ben, watcher].map((p) => game.state(p.page)))).every((s) => s.playing));
  return invite;
}

/** Whoever's turn it is among `players` plays it, `count` times; every page is shown each turn. */
export async function playTurns(game: PlayingDriver, players: Player[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const mover = await waitFor('someone’s turn', async () => {
      for (const p of players) if ((await game.state(p.page)).yourTurn) return p;
      return null;
    });
    await game.playOneTurn(mover);
    await waitFor('every page to show the turn', async () => {
      const done = await Promise.all(players.map((p) => game.turnsDone(p.page)));
      return done.every((d) => d === done[0]);
    });
  }
}

/** Marks a page: `stillSamePage` is false once it has been reloaded or left. */
export async function markPage(player: Player): Promise<void> {
  await player.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}

export async function stillSamePage(player: Player): Promise<boolean> {
  return player.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

/** At `site`, `name` creates a 2-player room of `game`, a bot takes the other seat, and the game starts. */
export async function startAgainstABot(game: GameDriver, site: string, page: Page, name: string): Promise<void> {
  await createRoom(game, site, page, name);
  await page.click('[data-testid=add-bot]');
  await page.click('[data-testid=start]:not([disabled])');
}

/** At `site`, `name` creates a 2-player room of `game` on `page`; resolves with its invite link once the lobby shows. */
export async function createRoom(game: GameDriver, site: string, page: Page, name: string): Promise<string> {
  await page.goto(site);
  await page.fill('[data-testid=name]', name);
  await game.chooseRoom(page, 2);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  return page.inputValue('[data-testid=invite-link]');
}
