/** Shared plumbing for the browser tests: a real server, Debian's Chromium, and page helpers. */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

export const REPO = path.resolve(__dirname, '../..');
export const DIST = path.join(REPO, 'client/dist');
export const SCREENSHOTS = path.join(REPO, 'artifacts/screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags DEVELOPERS.md asks for: headless, no sandbox (CI runs as root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestServer {
  readonly url: string;
  readonly process: ChildProcess;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** Starts `server/src/main.ts` on a free port serving the built client; resolves once it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('client/dist is missing: run `npm run build` first (npm run test:browser does).');
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'server/src/main.ts'], {
    cwd: REPO,
    env: { ...process.env, TS_NODE_PROJECT: path.join(REPO, 'server/tsconfig.json'), NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', CLIENT_DIST: DIST, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
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
      const report = (window as unknown as { __reportCspViolation(report: string): void }).__reportCspViolation;
      report(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber}`);
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${label}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon|Failed to load resource/.test(m.text())) errors.push(`${label} console: ${m.text()}`);
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
