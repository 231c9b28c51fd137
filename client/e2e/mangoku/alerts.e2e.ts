/**
 * Turn alerts in Mangoku: "Your turn", the chime and the favicon's badge whenever a play, a card
 * to take or an answer is owed, and the browser's permission asked only when the player opts in.
 */
import { favicon, recorded, recordingContext } from '../alert-recording';
import { openPage, screenshot, useServerAndBrowser, waitFor } from '../support';
import { theirTurn } from './driver';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '40' });

test('Mangoku against a bot: "Your turn" and the chime when a play, a card to take or an answer is owed', async () => {
  const context = await recordingContext(e2e.browser, { viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openPage(context, 'Cleo');
  const cleo = { label: 'Cleo', page, errors, how: 'mouse' as const };
  await page.goto(e2e.server.url);
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
