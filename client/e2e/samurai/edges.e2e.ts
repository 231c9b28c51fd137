/**
 * The rough edges a new player hits, each pinned as a person meets it (Samurai here; Mangoku's
 * in mangoku/edges.e2e.ts): Ann (laptop) hosts, Ben (phone) joins by the invite link, a visitor
 * watches. Taken colours on the join form, a server-set bot pace, a double-clicked Start, screens
 * that open at their top, "Your turn" in the title and on the favicon during setup, an empty city
 * in setup, who is watching, the rules' close button on a phone, whole names, a tab replaced by a
 * second tab, Back during a game, "Return to your game" at home, and an away player's turn.
 */
import { Browser, Page } from 'playwright-core';
import { boardFor, HEXES, SETTLEMENTS } from '@samurai/shared';
import { chooseTarget, gameState } from './driver';
import { launchBrowser, openPage, Player, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

let server: TestServer;
let browser: Browser;
let ann: Player;
let ben: Player;
let watcher: Player;
let invite = '';
let code = '';

const ANN = 'Annemarie Kowalczyk';
const BEN = 'Konstantinopoulos';

beforeAll(async () => {
  // The server's own bot pace (not one of the form's choices).
  server = await startServer({ BOT_DELAY_MS: '40' });
  browser = await launchBrowser();
  ann = { label: 'Ann', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Ann')) };
  ben = {
    label: 'Ben',
    touch: true,
    ...(await openPage(await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }), 'Ben')),
  };
  watcher = { label: 'Spectator', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1100, height: 760 } }), 'Spectator')) };
  watchedPlayers.push(ann, ben, watcher);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const title = (p: Page) => p.title();
const favicon = (p: Page) => p.$eval('link[rel~=icon]', (l) => (l as HTMLLinkElement).href);
const errorToasts = (p: Page) => p.$$eval('[data-testid=toast-error]', (els) => els.map((e) => e.textContent));

/** Every word of each name shown by `selector` sits whole on one line, and nothing of it is clipped. */
async function namesWhole(page: Page, selector: string): Promise<{ name: string; broken: string[] }[]> {
  return page.$$eval(selector, (els) =>
    els.map((el) => {
      const text = el.firstChild && el.firstChild.nodeType === Node.TEXT_NODE ? (el.firstChild as Text) : null;
      const broken: string[] = [];
      if (text) {
        const words = text.data.split(' ');
        let at = 0;
        for (const word of words) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(word);
          at += word.length + 1;
        }
      }
      if (el.scrollWidth > el.clientWidth + 1) broken.push('(clipped)');
      return { name: text?.data ?? '', broken };
    }),
  );
}

test('the lobby: taken colours greyed out on the join form, the server’s bot pace in words, Start pressed once', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', ANN);
  await ann.page.check('[data-testid=colour-vermillion]', { force: true });
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-players']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  invite = await ann.page.inputValue('[data-testid=invite-link]');
  code = new URL(invite).searchParams.get('room')!;
  // The host's form shows the server's pace as a choice of its own, chosen.
  expect(await ann.page.isChecked('#lobby-botDelayMs-40')).toBe(true);
  expect(await ann.page.textContent('[data-testid=option-botDelayMs]')).toContain('Server’s (0.04 s)');

  // Ben last played in vermillion: the invite's form greys it out (Ann has it) and picks a free colour.
  await ben.page.goto(server.url);
  await ben.page.evaluate(() => localStorage.setItem('samurai.profile', JSON.stringify({ name: 'Konstantinopoulos', colour: 'vermillion' })));
  await ben.page.goto(invite);
  await ben.page.waitForSelector('label.taken [data-testid=colour-vermillion]');
  expect(await ben.page.isDisabled('[data-testid=colour-vermillion]')).toBe(true);
  expect(await ben.page.isChecked('[data-testid=colour-vermillion]')).toBe(false);
  expect(await ben.page.isChecked('[data-testid=colour-sky]')).toBe(true);
  await screenshot(ben.page, 'edges-join-taken-colour');
  await ben.page.tap('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  expect(await errorToasts(ben.page)).toEqual([]);
  // Everyone but the host reads the pace in words, not a number of milliseconds.
  const summary = await ben.page.textContent('.options-summary');
  expect(summary).toContain('Bot paceServer’s (0.04 s)');
  expect(summary).not.toMatch(/\b40\b/);

  await watcher.page.goto(invite);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');

  // Ben has scrolled down the lobby on his phone when the game starts.
  await ben.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await ben.page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  // Ann double-clicks Start: one start, and no "the game has started" error meant for latecomers.
  await ann.page.dblclick('[data-testid=start]');
  await waitFor('the setup', async () => (await Promise.all([ann, ben].map((p) => gameState(p.page)))).every((s) => s.phase === 'pieces'));
  await new Promise((r) => setTimeout(r, 400));
  expect(await errorToasts(ann.page)).toEqual([]);
  // The game screen opens at its top: the board is in view on the phone.
  await ben.page.waitForSelector('[data-testid=board]');
  expect(await ben.page.evaluate(() => window.scrollY)).toBe(0);
  const board = (await ben.page.$eval('[data-testid=board]', (el) => el.getBoundingClientRect().top))!;
  expect(board).toBeLessThan(844 / 2);
});

test('setup: "Your turn" in the title and a badge on the favicon for the one placing, an empty city says so, the watchers are shown', async () => {
  const [a, b] = await Promise.all([ann, ben].map((p) => gameState(p.page)));
  const placing = a.yourTurn ? ann : ben;
  const waiting = a.yourTurn ? ben : ann;
  expect(a.yourTurn).not.toBe(b.yourTurn);
  expect(await title(placing.page)).toBe(`Your turn · Samurai ${code}`);
  expect(await title(waiting.page)).toBe(`Samurai · room ${code}`);
  await waitFor('the badge on the favicon', async () => (await favicon(placing.page)).startsWith('data:image/png'));
  expect(await favicon(waiting.page)).toMatch(/^data:image\/svg\+xml/);

  // An empty city during setup: its pieces are not "gone", they have not been placed yet.
  const city = SETTLEMENTS[boardFor(2).cities[0]].hex;
  await ann.page.waitForSelector('[data-testid=game][data-board-ready=true]');
  const at = await ann.page.evaluate(
    (name) =>
      (window as unknown as { tableApp: { current: { screen: { hexToClient(n: string): { x: number; y: number } } } } }).tableApp.current.screen.hexToClient(
        name,
      ),
    HEXES[city].name,
  );
  await ann.page.mouse.move(at.x, at.y);
  await ann.page.waitForSelector('[data-testid=inspector] [data-testid=open-land]');
  expect(await ann.page.textContent('[data-testid=inspector] [data-testid=open-land]')).toBe('No pieces here yet: they are placed during setup.');

  // The players see that someone is watching.
  for (const p of [ann, ben]) expect(await p.page.textContent('[data-testid=watchers]')).toBe('1 watching');
  expect(await watcher.page.textContent('[data-testid=watchers]')).toBe('You are watching');
  await screenshot(ann.page, 'edges-setup-laptop');
  await screenshot(ben.page, 'edges-setup-phone');

  // Names are never cut mid-word, on a laptop or a phone.
  for (const p of [ann, ben, watcher]) {
    const names = await namesWhole(p.page, '[data-testid=seat-card] .seat-name');
    expect(names.map((n) => n.name)).toEqual([ANN, BEN]);
    expect(names.filter((n) => n.broken.length)).toEqual([]);
  }

  // The placing player places; the title follows the turn.
  await chooseTarget(placing, false);
  await waitFor('the other player’s turn', async () => (await gameState(waiting.page)).yourTurn);
  expect(await title(waiting.page)).toBe(`Your turn · Samurai ${code}`);
  await waitFor('the title back to the room', async () => (await title(placing.page)) === `Samurai · room ${code}`);
  await waitFor('the plain favicon', async () => (await favicon(placing.page)).startsWith('data:image/svg+xml'));
});

test('the rules on a phone close from their top, wherever they are scrolled to', async () => {
  await ben.page.tap('[data-testid=rules]');
  await ben.page.waitForSelector('[data-testid=help][open]');
  await ben.page.$eval('[data-testid=help][open] .help-body', (el) => el.scrollTo(0, el.scrollHeight));
  const close = await ben.page.$('[data-testid=help][open] [data-testid=dialog-close]');
  const box = (await close!.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(844 * 0.2);
  await screenshot(ben.page, 'edges-rules-phone');
  await close!.tap();
  await waitFor('the rules closed', async () => !(await ben.page.$('[data-testid=help][open]')));
});

test('a tab replaced by a second tab offers "Use this tab here", and takes the seat back', async () => {
  const second: Player = { label: 'Ben (second tab)', touch: true, ...(await openPage(ben.page.context(), 'Ben 2')) };
  await second.page.goto(invite);
  await waitFor('the second tab in Ben’s seat', async () => (await gameState(second.page)).seat === 1);
  const use = await ben.page.waitForSelector('[data-testid=return-to-game]');
  expect(await use.textContent()).toBe('Use this tab here');
  expect(await ben.page.textContent('[data-testid=home-error]')).toContain('opened in another window or tab');
  expect(await ben.page.textContent('[data-testid=home]')).not.toMatch(/watch instead/i);
  await screenshot(ben.page, 'edges-replaced-tab');
  await use.tap();
  await waitFor('Ben’s first tab back in his seat', async () => (await gameState(ben.page)).seat === 1);
  await second.page.waitForSelector('[data-testid=return-to-game]');
  await second.page.close();
});

test('Back during a game asks first; at home, "Return to your game" while you hold a seat', async () => {
  let asked = '';
  const dismiss = (d: import('playwright-core').Dialog) => {
    asked = d.message();
    void d.dismiss();
  };
  ann.page.once('dialog', dismiss);
  await ann.page.goBack();
  await waitFor('the question', async () => asked);
  expect(asked).toContain('Leave the game?');
  await new Promise((r) => setTimeout(r, 300));
  expect((await gameState(ann.page)).seat).toBe(0);
  expect(await ann.page.$('[data-testid=game]')).not.toBeNull();

  ann.page.once('dialog', (d) => void d.accept());
  await ann.page.goBack();
  await ann.page.waitForSelector('[data-testid=home]');
  const back = await ann.page.waitForSelector('[data-testid=return-to-game]');
  expect(await back.textContent()).toBe(`Return to your game (room ${code})`);
  await screenshot(ann.page, 'edges-return-to-game');
  await back.click();
  await waitFor('Ann back in her seat', async () => (await gameState(ann.page)).seat === 0);
});

test('an away player’s turn reads as theirs, not as if they were playing', async () => {
  // Whoever is to place: Ben waits for his turn, then his phone goes away.
  await waitFor('a turn', async () => (await gameState(ann.page)).yourTurn || (await gameState(ben.page)).yourTurn);
  if ((await gameState(ann.page)).yourTurn) {
    await chooseTarget(ann, false);
    await waitFor('Ben’s turn', async () => (await gameState(ben.page)).yourTurn);
  }
  await ben.page.close();
  await waitFor('Ben away', async () => ((await ann.page.textContent('[data-testid=turn-banner]')) ?? '').includes('away'));
  const banner = await ann.page.textContent('[data-testid=turn-banner]');
  expect(banner).toContain(`It is ${BEN}’s turn, but ${BEN} is away`);
  expect(banner).toContain(`The game waits for ${BEN} to come back.`);
  expect(banner).not.toContain('is placing');
  await screenshot(ann.page, 'edges-away');
  expect([...ann.errors, ...watcher.errors]).toEqual([]);
});
