/**
 * Turn alerts as a player meets them, in both games: the chime (counted where the page makes its
 * sound, in the Web Audio API), the buzz, the notification on a hidden tab after opting in (the
 * browser's permission asked only then), the mute remembered across a reload, "Your turn" in the
 * title and the badge on the favicon. Each page's Web Audio, vibration and Notification calls are
 * recorded by an init script; the tab's visibility is switched by the test.
 */
import { Browser, BrowserContext, Page } from 'playwright-core';
import { gameState, playOneTurn, turnsDone } from './samurai/driver';
import { theirTurn } from './mangoku/driver';
import { launchBrowser, openPage, Player, screenshot, startServer, TestServer, waitFor, watchedPlayers } from './support';

let server: TestServer;
let browser: Browser;

interface Recorded {
  oscillators: number;
  vibrations: number;
  notifications: string[];
  permissionAsked: number;
}

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '40' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context whose pages record their alerts, and whose tab can be made to look hidden (`__hidden`). */
async function recordingContext(options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    const w = window as unknown as { __alerts: Recorded; __hidden?: boolean };
    w.__alerts = { oscillators: 0, vibrations: 0, notifications: [], permissionAsked: 0 };
    // Called below with the context as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__alerts.oscillators++;
      return create.call(this);
    };
    navigator.vibrate = () => {
      w.__alerts.vibrations++;
      return true;
    };
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden === true });
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
    const Real = window.Notification;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        w.__alerts.notifications.push(title);
        super(title, options);
      }
      static override get permission(): NotificationPermission {
        return Real.permission;
      }
      static override requestPermission(): Promise<NotificationPermission> {
        w.__alerts.permissionAsked++;
        return Real.requestPermission();
      }
    }
    window.Notification = Recording as typeof Notification;
  });
  return context;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __alerts: Recorded }).__alerts);
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { __hidden: boolean }).__hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
const favicon = (p: Page) => p.$eval('link[rel~=icon]', (l) => (l as HTMLLinkElement).href);

test('Samurai against a bot: a chime and a buzz as each turn begins, muted on request (and still after a reload), a notification on a hidden tab once opted in', async () => {
  const context = await recordingContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications'], { origin: server.url });
  const ann: Player = { label: 'Ann', touch: false, ...(await openPage(context, 'Ann')) };
  watchedPlayers.push(ann);
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=add-bot]');
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('Ann’s turn', async () => (await gameState(ann.page)).yourTurn);

  // The turn began: two notes of the chime, one buzz; no notification (not asked for), no permission asked.
  const first = await recorded(ann.page);
  expect(first.oscillators).toBe(2);
  expect(first.vibrations).toBe(1);
  expect(first).toMatchObject({ notifications: [], permissionAsked: 0 });
  expect(await ann.page.title()).toMatch(/^Your turn · Samurai /);
  await waitFor('the badge on the favicon', async () => (await favicon(ann.page)).startsWith('data:image/png'));
  expect(await ann.page.getAttribute('[data-testid=alert-sound]', 'aria-pressed')).toBe('true');
  await screenshot(ann.page, 'alerts-your-turn');

  // Another turn: the bot plays in between, and the next one chimes again.
  await playOneTurn(ann);
  await waitFor('Ann’s next turn', async () => (await gameState(ann.page)).yourTurn && (await turnsDone(ann.page)) >= 2);
  expect((await recorded(ann.page)).oscillators).toBe(4);

  // Muted: the next turn is silent and still. The tab is hidden, but Ann has not asked for
  // notifications: none comes, though the browser would allow them.
  await ann.page.click('[data-testid=alert-sound]');
  expect(await ann.page.getAttribute('[data-testid=alert-sound]', 'aria-pressed')).toBe('false');
  await setHidden(ann.page, true);
  await playOneTurn(ann);
  await waitFor('Ann’s next turn', async () => (await gameState(ann.page)).yourTurn && (await turnsDone(ann.page)) >= 4);
  expect(await recorded(ann.page)).toMatchObject({ oscillators: 4, vibrations: 2, notifications: [] });
  await setHidden(ann.page, false);

  // She opts in; then a hidden tab gets a notification as her turn begins.
  await ann.page.click('[data-testid=alert-notify]');
  await waitFor('notifications on', async () => (await ann.page.getAttribute('[data-testid=alert-notify]', 'aria-pressed')) === 'true');
  await setHidden(ann.page, true);
  await playOneTurn(ann);
  await waitFor('Ann’s next turn', async () => (await gameState(ann.page)).yourTurn && (await turnsDone(ann.page)) >= 6);
  expect(await recorded(ann.page)).toMatchObject({ notifications: ['Your turn · Samurai'], oscillators: 4 });
  await setHidden(ann.page, false);

  // A reload keeps both switches.
  await ann.page.reload();
  await waitFor('the game again', async () => (await gameState(ann.page)).phase === 'play');
  expect(await ann.page.getAttribute('[data-testid=alert-sound]', 'aria-pressed')).toBe('false');
  expect(await ann.page.getAttribute('[data-testid=alert-notify]', 'aria-pressed')).toBe('true');
  expect(ann.errors).toEqual([]);
});

test('Mangoku against a bot: "Your turn" and the chime when a play, a card to take or an answer is owed', async () => {
  const context = await recordingContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openPage(context, 'Cleo');
  const cleo = { label: 'Cleo', page, errors, how: 'mouse' as const };
  await page.goto(server.url);
  await page.fill('[data-testid=name]', 'Cleo');
  await page.check('#create-game-mangoku', { force: true });
  await page.check('#create-players-2', { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await page.click('[data-testid=add-bot]');
  await page.click('[data-testid=start]:not([disabled])');
  await theirTurn(cleo);
  const code = await page.evaluate(() => (window as unknown as { tableApp: { current: { vm: { code: string } } } }).tableApp.current.vm.code);
  expect(await page.title()).toBe(`Your turn · Mangoku ${code}`);
  expect((await recorded(page)).oscillators).toBe(2);
  await waitFor('the badge on the favicon', async () => (await favicon(page)).startsWith('data:image/png'));
  expect(await page.isVisible('[data-testid=alert-sound]')).toBe(true);
  await screenshot(page, 'alerts-mangoku-your-turn');
  // The browser's permission is asked for only when the player opts in.
  expect((await recorded(page)).permissionAsked).toBe(0);
  await page.click('[data-testid=alert-notify]');
  await waitFor('the permission asked', async () => (await recorded(page)).permissionAsked === 1);
  expect(errors).toEqual([]);
});
