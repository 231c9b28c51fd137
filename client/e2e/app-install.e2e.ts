/**
 * The installable app in Chromium: the page links a web app manifest the browser parses without
 * error and finds installable, with its icons served; the service worker (sw.js, emitted by the
 * build) registers and controls the page under the server's CSP; and the app badge counts the
 * games waiting for this player: a turn's push (delivered to the worker as a push service would,
 * through Chromium's DevTools protocol) adds its game, a page saying the game no longer waits
 * takes it off, and a page opened later is told the count. Headless Chromium has no badge to
 * look at, so the page's navigator.setAppBadge calls are observed.
 */
import type { CDPSession, Page } from 'playwright-core';
import { openPage, useServerAndBrowser, waitFor } from './support';

const e2e = useServerAndBrowser();

/** Records the page's app badge calls (the page's own call still goes through). */
async function observeBadge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: (number | null)[] = [];
    (window as unknown as { badgeCalls: (number | null)[] }).badgeCalls = calls;
    const nav = navigator as unknown as { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    const set = nav.setAppBadge?.bind(navigator);
    const clear = nav.clearAppBadge?.bind(navigator);
    nav.setAppBadge = (n?: number) => {
      calls.push(n ?? null);
      return (set?.(n) ?? Promise.resolve()).catch(() => undefined);
    };
    nav.clearAppBadge = () => {
      calls.push(0);
      return (clear?.() ?? Promise.resolve()).catch(() => undefined);
    };
  });
}

const lastBadge = (page: Page) => page.evaluate(() => (window as unknown as { badgeCalls: (number | null)[] }).badgeCalls.at(-1) ?? null);

/** The PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the manifest is served and valid, the app installable, its icons served', async () => {
  const context = await e2e.browser.newContext();
  const { page, errors } = await openPage(context, 'Installer');
  await page.goto(e2e.server.url);
  await page.waitForSelector('[data-testid=create]');
  const href = await page.getAttribute('link[rel=manifest]', 'href');
  const manifestUrl = new URL(href!, `${e2e.server.url}/`).href;
  const response = await fetch(manifestUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone' });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(new URL(manifest.start_url, manifestUrl).href).toBe(`${e2e.server.url}/`);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png')!;
    const got = await fetch(new URL(icon.src, manifestUrl));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await got.arrayBuffer()))).toEqual([size, size]);
  }
  // Chromium's own reading of it: no parse error, and nothing keeps the app from being installed.
  const cdp = await context.newCDPSession(page);
  await waitFor('the service worker', () => page.evaluate(() => navigator.serviceWorker.controller !== null));
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(parsed.url).toBe(manifestUrl);
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // (A Playwright context is an incognito profile, where Chromium installs nothing: that reason alone may stand.)
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("the service worker controls the page, and the app badge counts the games a turn's push or the page says wait", async () => {
  const context = await e2e.browser.newContext();
  await context.grantPermissions(['notifications'], { origin: e2e.server.url });
  const { page, errors } = await openPage(context, 'Badge');
  await observeBadge(page);
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) =>
    registrations.push(...event.registrations),
  );
  await cdp.send('ServiceWorker.enable');
  await page.goto(e2e.server.url);
  await page.waitForSelector('[data-testid=create]');

  const script = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? null));
  expect(script).toBe(`${e2e.server.url}/sw.js`);
  await waitFor('the worker to control the page', () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null));
  await page.reload();
  await page.waitForSelector('[data-testid=create]');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${e2e.server.url}/sw.js`);

  const registration = await waitFor('the registration', async () => registrations.find((r) => r.scopeURL === `${e2e.server.url}/`));
  const push = (code: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.url,
      registrationId: registration.registrationId,
      data: JSON.stringify({ code, title: 'Your turn · Game', body: `The game in room ${code} waits for you.`, url: `./?room=${code}` }),
    });
  await push('AAAAAA');
  await waitFor('a badge of 1', async () => (await lastBadge(page)) === 1);
  const shown = await page.evaluate(() => navigator.serviceWorker.ready.then(async (r) => (await r.getNotifications()).map((n) => [n.title, n.tag])));
  expect(shown).toEqual([['Your turn · Game', 'turn-AAAAAA']]);
  await push('BBBBBB');
  await waitFor('a badge of 2', async () => (await lastBadge(page)) === 2);
  // The same game again is still one game.
  await push('AAAAAA');
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'badge' }));
  await waitFor('the count asked for', () => page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.length >= 4));
  expect(await lastBadge(page)).toBe(2);
  // A table this player opened no longer waits for them (what the page's TurnAlerts tells the worker).
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'turn', code: 'AAAAAA', waiting: false }));
  await waitFor('a badge of 1 again', async () => (await lastBadge(page)) === 1);

  // A page opened later is told the count the worker kept.
  const { page: later, errors: laterErrors } = await openPage(context, 'Later');
  await observeBadge(later);
  await later.goto(e2e.server.url);
  await waitFor("the later page's badge", async () => (await lastBadge(later)) === 1);
  expect([...errors, ...laterErrors]).toEqual([]);
  await context.close();
});
