/**
 * The end of a Samurai game in the browser: the scoring covers the board, never the header, so a
 * spectator can open the chat and say "GG" while it shows; "Look at the board" (or Escape) puts it
 * aside whole, the board and the side panel free, and the banner's "Show the result" brings it
 * back, put aside or not as it was when the language changes.
 *
 * Ann lets the room's bot play her seat, so the bots play the game to its end.
 */
import { Page } from 'playwright-core';
import { covered, openPage, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '20' });

const HEADER = ['[data-testid=rules]', '[data-testid=chat-toggle]', '[data-testid=leave-game]', '.game-bar [data-testid=language]'];
const BOARD = ['[data-testid=board]', '[data-testid=log]'];

const scoringShown = (page: Page) => page.isVisible('[data-testid=scoring]');

test('the scoring leaves the header free (a spectator says GG), and is put aside and brought back whole', async () => {
  const annContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ann = { label: 'Ann', touch: false, ...(await openPage(annContext, 'Ann')) };
  const watcherContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const watcher = { label: 'Watcher', touch: false, ...(await openPage(watcherContext, 'Watcher')) };
  watchedPlayers.push(ann, watcher);
  const { page } = ann;
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await page.check(option, { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await watcher.page.goto(await page.inputValue('[data-testid=invite-link]'));
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await page.click('[data-testid=add-bot]');
  await page.click('[data-testid=start]:not([disabled])');
  await page.click('[data-testid=seat-card][data-seat="0"] [data-testid=stand-in-me]');

  // The end: the scoring over the board, the header in reach of both.
  for (const p of [page, watcher.page]) await p.waitForSelector('[data-testid=scoring]', { timeout: 120_000 });
  for (const p of [page, watcher.page]) {
    expect(await covered(p, HEADER)).toEqual([]);
    expect(await covered(p, BOARD)).toEqual(BOARD);
  }
  await watcher.page.click('[data-testid=chat-toggle]');
  await watcher.page.fill('[data-testid=chat-dock] [data-testid=chat-input]', 'GG');
  await watcher.page.keyboard.press('Enter');
  await waitFor('Ann to read it', async () => (await page.textContent('[data-testid=chat-unread]'))?.trim() === '1');
  await screenshot(watcher.page, 'samurai-scoring-chat');

  // Put aside: nothing of it left on the board, the banner's button has the focus.
  await page.click('[data-testid=look-at-board]');
  expect(await scoringShown(page)).toBe(false);
  expect(await covered(page, [...HEADER, ...BOARD])).toEqual([]);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('show-result');
  expect(await page.isVisible('[data-testid=turn-banner] [data-testid=show-result]')).toBe(true);
  await screenshot(page, 'samurai-scoring-aside');

  // Another language: still aside, its button in French; back, in French; Escape puts it aside again.
  await page.selectOption('.game-bar [data-testid=language]', 'fr');
  await waitFor('the page in French', async () => (await page.textContent('[data-testid=show-result]')) === 'Voir le résultat');
  expect(await scoringShown(page)).toBe(false);
  await page.click('[data-testid=show-result]');
  expect(await scoringShown(page)).toBe(true);
  expect(await page.textContent('[data-testid=look-at-board]')).toBe('Voir le plateau');
  expect(await page.isVisible('[data-testid=show-result]')).toBe(false);
  await page.keyboard.press('Escape');
  expect(await scoringShown(page)).toBe(false);
  expect(await covered(page, BOARD)).toEqual([]);
  expect([...ann.errors, ...watcher.errors]).toEqual([]);
  await annContext.close();
  await watcherContext.close();
});
