/**
 * The end of a Mangoku game in the browser: the ranking covers the table, never the header (Rules,
 * Chat, Leave, the language switch); "See the table" (or Escape) puts it aside, the table free;
 * the banner brings the ranking back, in whatever language was chosen meanwhile. Then the host's
 * rematch: her seat, which the bot played once her time ran out, is hers again.
 *
 * Ann's time runs out at her first move (this server's "30 s a move" lasts MOVE_MS) and the room's
 * bot plays her seat from then on, so the bots play the game to its end.
 */
import { Page } from 'playwright-core';
import { covered, openPage, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from '../support';

const MOVE_MS = 4000;
const e2e = useServerAndBrowser({ BOT_DELAY_MS: '20', MOVE_MS: String(MOVE_MS) }, 'client/e2e/quick-clock-server.ts');

/** The header's controls, each clicked at its middle: what the page has there (the control itself, or what covers it). */
const HEADER = ['[data-testid=rules]', '[data-testid=chat-toggle]', '[data-testid=leave-game]', '.game-bar [data-testid=language]', '[data-testid=table]'];

const resultShown = (page: Page) => page.isVisible('[data-testid=result]');

test('the ranking put aside frees the header and the table; the banner brings it back; the rematch seats people again', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ann = { label: 'Ann', touch: false, ...(await openPage(context, 'Ann')) };
  watchedPlayers.push(ann);
  const { page } = ann;
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', 'Ann');
  await page.check('#create-game-mangoku', { force: true });
  await page.check('#create-players-2', { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await page.check('#lobby-table-clock-move-30s', { force: true });
  await page.click('[data-testid=add-bot]');
  await page.click('[data-testid=start]:not([disabled])');

  // Ann does nothing: her time runs out, the bot plays her seat, and the bots play to the end.
  await page.waitForSelector('[data-testid=result]', { timeout: 150_000 });
  // It covers the table, never the header.
  expect(await covered(page, HEADER)).toEqual(['[data-testid=table]']);
  await screenshot(page, 'mangoku-result');

  await page.click('[data-testid=close-result]');
  expect(await resultShown(page)).toBe(false);
  expect(await covered(page, HEADER)).toEqual([]);
  // The banner's button brings it back; it has the focus, where the one that put it aside was.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('show-result');
  expect(await page.isVisible('[data-testid=turn-banner] [data-testid=show-result]')).toBe(true);
  await screenshot(page, 'mangoku-result-aside');

  // The chat opens, and the language changes: the ranking stays aside, its button in French.
  await page.click('[data-testid=chat-toggle]');
  await page.waitForSelector('[data-testid=chat-dock]:not([hidden])');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=chat-dock]', { state: 'hidden' });
  expect(await resultShown(page)).toBe(false);
  await page.selectOption('.game-bar [data-testid=language]', 'fr');
  await waitFor('the page in French', async () => (await page.textContent('[data-testid=show-result]')) === 'Voir le résultat');
  expect(await resultShown(page)).toBe(false);

  // Back, in French; then Escape puts it aside again, and the banner brings it back once more.
  await page.click('[data-testid=show-result]');
  expect(await resultShown(page)).toBe(true);
  expect(await page.textContent('[data-testid=close-result]')).toBe('Voir la table');
  expect(await covered(page, HEADER)).toEqual(['[data-testid=table]']);
  await page.keyboard.press('Escape');
  expect(await resultShown(page)).toBe(false);
  expect(await covered(page, HEADER)).toEqual([]);
  await page.click('[data-testid=show-result]');

  // The rematch: Ann's seat (the bot played it since her time ran out) is hers from the first state of the new game.
  await page.evaluate(() => {
    type Vm = { game: number; seats: { name: string; kind: string; bot: string }[] };
    const w = window as unknown as { tableApp: { current: { vm: Vm | null } }; rematchSeats?: unknown };
    const watch = setInterval(() => {
      const vm = w.tableApp.current.vm;
      if (vm?.game !== 2) return;
      w.rematchSeats = vm.seats.map((s) => ({ name: s.name, kind: s.kind, bot: s.bot }));
      clearInterval(watch);
    }, 5);
  });
  await page.click('[data-testid=rematch]');
  // Back at the table (Ann's stand-in gone there already), the host starts the next game.
  await page.click('[data-testid=start]:not([disabled])');
  const seats = await waitFor('the rematch', () =>
    page.evaluate(() => (window as unknown as { rematchSeats?: { name: string; kind: string; bot: string }[] }).rematchSeats),
  );
  expect(seats.find((s) => s.name === 'Ann')).toEqual({ name: 'Ann', kind: 'human', bot: '' });
  await page.waitForSelector('[data-testid=result]', { state: 'detached' });
  expect(await page.isVisible('[data-testid=show-result]')).toBe(false);
  expect(ann.errors).toEqual([]);
  await context.close();
});
