/**
 * After a game, Rematch goes back to the table: the host changes the clock, the other player (on
 * a phone) says "Play again", and the next game starts; in it, both vote to abandon it through
 * "Quit…" and are at the table again, told so. Any game does: it is the home page's first.
 */
import type { Page } from 'playwright-core';
import { openPage, Player, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '0' });

/** The room's phase and game number as the page's table model has them ('' before it has one). */
function tableOf(page: Page): Promise<{ phase: string; game: number; seat: number }> {
  return page.evaluate(() => {
    const app = (window as unknown as { tableApp?: { current: { vm: { phase: string; game: number; yourSeat: number } | null } } }).tableApp;
    const vm = app?.current.vm;
    return { phase: vm?.phase ?? '', game: vm?.game ?? 0, seat: vm?.yourSeat ?? -1 };
  });
}

/**
 * Hands this page's seat to the room's bot, as the table's request goes (each game shows the
 * control for it in its own seat panel; the request is the table's, the same in every game).
 */
async function handToBot(page: Page): Promise<void> {
  await page.evaluate(() => {
    const app = (window as unknown as { tableApp: { current: { vm: { yourSeat: number } }; send(type: string, payload: unknown): void } }).tableApp;
    app.send('standIn', { seat: app.current.vm.yourSeat });
  });
}

test('a rematch goes back to the table, where the next game waits for every "play again"; an abandon vote ends a game', async () => {
  const ann: Player = { label: 'Ann', touch: false, ...(await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Ann')) };
  const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const ben: Player = { label: 'Ben', touch: true, ...(await openPage(phone, 'Ben')) };
  watchedPlayers.push(ann, ben);

  await ann.page.goto(e2e.server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  await ann.page.check('#create-players-2', { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  const invite = await ann.page.inputValue('[data-testid=invite-link]');
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.tap('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  // Before the first game nobody is asked to play again.
  expect(await ben.page.isHidden('[data-testid=play-again-card]')).toBe(true);
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the first game', async () => (await tableOf(ben.page)).phase !== 'lobby' && (await tableOf(ben.page)).phase !== '');

  // Both hand their seats to the bot, which plays the game to its end; the host calls the rematch.
  await handToBot(ann.page);
  await handToBot(ben.page);
  await ann.page.waitForSelector('[data-testid=rematch]:visible', { timeout: 90_000 });
  await ann.page.click('[data-testid=rematch]');

  // Both are back at the table: Ben is asked, Ann waits for him.
  await ben.page.waitForSelector('[data-testid=play-again]');
  await ann.page.waitForSelector('[data-testid=lobby] [data-testid=play-again-card]');
  expect(await ann.page.isVisible('[data-testid=play-again]')).toBe(false);
  expect(await ann.page.isDisabled('[data-testid=start]')).toBe(true);
  expect(await ann.page.textContent('[data-testid=play-again-card]')).toContain('Game 1 is over');
  expect(await ann.page.locator('[data-testid=not-answered]').count()).toBe(1);
  await ann.page.waitForSelector('[data-testid=seat-to-bot]');
  // The host changes the clock for the next game.
  await ann.page.check('#lobby-table-clock-bank-5m-5s', { force: true });
  await ben.page.waitForFunction(() => {
    const app = (window as unknown as { tableApp: { current: { vm: { options: { clock: string } } | null } } }).tableApp;
    return app.current.vm?.options.clock === 'bank-5m-5s';
  });
  await screenshot(ben.page, 'rematch-table-phone');
  // Ben's "Play again" needs no scrolling on the phone, and fits its width.
  const box = await ben.page.locator('[data-testid=play-again]').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await ben.page.tap('[data-testid=play-again]');
  await ann.page.waitForSelector('[data-testid=plays-again] >> nth=1');
  expect(await ann.page.locator('[data-testid=seat-to-bot]').count()).toBe(0);
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the second game', async () => {
    const table = await tableOf(ben.page);
    return table.game === 2 && table.phase !== 'lobby';
  });

  // In the second game both vote to abandon it through "Quit…": after Ann's vote, Ben's button shows it.
  await ann.page.click('[data-testid=quit-game]');
  await ann.page.click('[data-testid=vote-abandon]');
  await waitFor('Ann’s vote on Ben’s page', async () => ((await ben.page.textContent('[data-testid=quit-game]')) ?? '').includes('1/2'));
  // Ben is told who proposed it; Ann, who voted, is not.
  await ben.page.waitForSelector('[data-testid=toast-info]:has-text("Ann votes to abandon the game")');
  expect(await ann.page.locator('[data-testid=toast-info]:has-text("votes to abandon")').count()).toBe(0);
  await ben.page.tap('[data-testid=quit-game]');
  await screenshot(ben.page, 'quit-dialog-phone');
  await ben.page.tap('[data-testid=vote-abandon]');
  await ben.page.waitForSelector('[data-testid=play-again-card]');
  expect(await ann.page.textContent('[data-testid=play-again-card]')).toContain('Game 2 was abandoned');
  await ann.page.waitForSelector('[data-testid=lobby]');
  expect([...ann.errors, ...ben.errors]).toEqual([]);
});
