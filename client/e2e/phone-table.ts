/** A phone at the table (390×844, touch), as the games' phone-table tests hold it. */
import { Browser, Page } from 'playwright-core';
import { openPage, Player, watchedPlayers } from './support';

/** "30 s a move" lasts this long on the phone tests' server (quick-clock-server.ts). */
export const MOVE_MS = 4000;

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

export async function phone(browser: Browser, label: string): Promise<Player> {
  const player: Player = { label, touch: true, ...(await openPage(await browser.newContext(PHONE), label)) };
  watchedPlayers.push(player);
  return player;
}

/** A room of `game` for Ann and a bot, started; `check` ticks the creation form's options first. */
export async function startWithBot(site: string, page: Page, game: string, check: string[], lobby: string[] = []): Promise<void> {
  await page.goto(site);
  await page.fill('[data-testid=name]', 'Ann');
  await page.check(`#create-game-${game}`, { force: true });
  for (const option of ['#create-players-2', ...check]) await page.check(option, { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  for (const option of lobby) await page.check(option, { force: true });
  await page.tap('[data-testid=add-bot]');
  await page.tap('[data-testid=start]:not([disabled])');
  await page.waitForSelector('[data-testid=game]');
}

/** Is the element wholly in the window, the page scrolled to its top? */
export function inSightFromTop(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    window.scrollTo(0, 0);
    const r = document.querySelector(s)!.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  }, selector);
}
