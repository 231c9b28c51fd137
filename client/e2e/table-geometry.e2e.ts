/**
 * The table's geometry, for both games at every player count, in every language, on a laptop, a
 * small window, a phone and at 200% zoom (a 1280×800 window at twice the size: 640×400 CSS
 * pixels): no two texts overlap, no text is cut off, no header control wraps, the turn banner has
 * the header's full width, and the board or table starts right under the header, not pushed down
 * by it. Measured on the host's page (every seat but theirs a bot, the game waiting for them) and
 * on a spectator's, in a room with a clock: the header then holds all it can.
 *
 * One room per game and player count; each page is resized and switched to each language rather
 * than played again (the layout follows the window's width alone: no style asks for touch). A screenshot of each is kept for a person to look at, in
 * artifacts/screenshots/table-geometry/.
 */
import { BrowserContext, Page } from 'playwright-core';
import { waitFor } from './driver';
import { Geometry, measureTable } from './geometry';
import { openPage, screenshot, useServerAndBrowser } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'small', width: 800, height: 600 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'zoom200', width: 640, height: 400 },
] as const;
const LANGUAGES = ['en', 'fr', 'de', 'ja'] as const;

/**
 * The header's height at most: a row of controls and a banner of two lines (a laptop, a small
 * window); two rows of controls (under 720 px) and a banner of four (a phone) or three (200%).
 */
const MAX_HEADER: Readonly<Record<(typeof SIZES)[number]['name'], number>> = { laptop: 110, small: 130, phone: 180, zoom200: 160 };

const TABLES = [
  ...[2, 3, 4].map((players) => ({ game: 'samurai', players })),
  ...[2, 3, 4, 5, 6].map((players) => ({ game: 'mangoku', players })),
] as const;

async function person(label: string, size = SIZES[0]): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e2e.browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-GB' });
  return { context, ...(await openPage(context, label)) };
}

/** The host's room: `players` seats, every one but the host's a bot, a 20-minute clock, a spectator; started. */
async function openTable(game: string, players: number, host: Page, spectator: Page): Promise<void> {
  await host.goto(e2e.server.url);
  await host.fill('[data-testid=name]', 'Annabelle');
  await host.check(`#create-game-${game}`, { force: true });
  await host.check(`#create-players-${players}`, { force: true });
  if (game === 'samurai') for (const option of ['#create-startingHands-random', '#create-setup-random']) await host.check(option, { force: true });
  await host.click('[data-testid=create]');
  await host.waitForSelector('[data-testid=lobby]');
  await host.check('#lobby-table-clock-bank-20m-20s', { force: true });
  for (let bots = 1; bots < players; bots++) {
    await host.click('[data-testid=add-bot]');
    await waitFor(`bot ${bots}`, async () => (await host.$$('[data-testid=lobby-seat][data-kind=bot]')).length === bots);
  }
  await spectator.goto(await host.inputValue('[data-testid=invite-link]'));
  await spectator.click('[data-testid=watch]');
  await spectator.waitForSelector('[data-testid=lobby]');
  await host.click('[data-testid=start]:not([disabled])');
  // The bots play until the game waits for the host (the clock runs for them).
  for (const page of [host, spectator]) await page.waitForSelector('[data-testid=game]');
  await waitFor('the game to wait for the host', () => host.evaluate(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.yourTurn === 'true'));
  for (const page of [host, spectator]) await waitFor('the board drawn', () => page.evaluate(() => !!document.querySelector('[data-testid=game][data-board-ready=true], [data-testid=game][data-table-ready=true]')));
}

async function show(page: Page, size: (typeof SIZES)[number], lang: string): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  if ((await page.evaluate(() => document.documentElement.lang)) !== lang) {
    await page.selectOption('.game-bar [data-testid=language]', lang);
    await waitFor(`the page in ${lang}`, () => page.evaluate((l) => document.documentElement.lang === l, lang));
  }
  // At the top of the page, once the new size and words are laid out and drawn.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What is wrong with the table's geometry, one line each. */
function judge(g: Geometry, size: (typeof SIZES)[number]): string[] {
  const problems = [...g.problems];
  // The banner has a row of its own across the header.
  if (g.banner.width < g.header.width - 40) problems.push(`the banner is ${g.banner.width} px wide in a header of ${g.header.width}`);
  if (g.header.height > MAX_HEADER[size.name]) problems.push(`the header is ${g.header.height} px high (at most ${MAX_HEADER[size.name]})`);
  // The board starts right under the header (and the spectator's note).
  const under = g.header.top + g.header.height + (g.note?.height ?? 0);
  if (Math.abs(g.board.top - under) > 2) problems.push(`the board starts at ${g.board.top} px, not under the header (${under})`);
  return problems;
}

test.each(TABLES)('$game for $players: every size and language, host and spectator', async ({ game, players }) => {
  const host = await person('Annabelle');
  const spectator = await person('Spectator');
  await openTable(game, players, host.page, spectator.page);
  const problems: string[] = [];
  for (const size of SIZES) {
    for (const lang of LANGUAGES) {
      for (const [who, p] of [['host', host], ['spectator', spectator]] as const) {
        await show(p.page, size, lang);
        const name = `${game}-${players}-${size.name}-${lang}-${who}`;
        problems.push(...judge(await measureTable(p.page), size).map((line) => `${name}: ${line}`));
        await screenshot(p.page, `table-geometry/${name}`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect([...host.errors, ...spectator.errors]).toEqual([]);
  await host.context.close();
  await spectator.context.close();
});
