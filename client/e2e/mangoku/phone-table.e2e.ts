/**
 * Mangoku on a phone (390×844, touch): once her clock ran out (this server's "30 s a move" lasts
 * MOVE_MS) and the bot plays her seat, "I'm back" is where her play is, in sight at the screen's
 * bottom, not only on her card far below the table.
 */
import { inSightFromTop, MOVE_MS, phone, startWithBot } from '../phone-table';
import { screenshot, useServerAndBrowser } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '400', MOVE_MS: String(MOVE_MS) }, 'client/e2e/quick-clock-server.ts');

test('Mangoku on a phone: once the clock ran out and the bot plays her seat, “I’m back” is in sight', async () => {
  const ann = await phone(e2e.browser, 'Cleo');
  const { page } = ann;
  await startWithBot(e2e.server.url, page, 'mangoku', [], ['#lobby-table-clock-move-30s']);
  // Cleo does nothing: her time runs out, and the bot plays her seat.
  await page.waitForSelector('[data-testid=stand-in-note]:not([hidden])', { timeout: 60_000 });
  expect(await inSightFromTop(page, '[data-testid=stand-in-note]')).toBe(true);
  await screenshot(page, 'phone-stand-in-mangoku');
  await page.tap('[data-testid=resume-here]');
  await page.waitForSelector('[data-testid=stand-in-note]', { state: 'hidden' });
  expect(ann.errors).toEqual([]);
});
