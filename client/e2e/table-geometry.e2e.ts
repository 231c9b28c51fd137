/**
 * The table's geometry, for both games at every player count, in every language, on a laptop, a
 * tablet, a small window, a phone and at 200% zoom (a 1280×800 window at twice the size: 640×400 CSS
 * pixels): no two texts overlap, nothing floats see-through over other words, no text is cut off,
 * no header control wraps, the turn banner has the header's full width, the board or table starts
 * right under the header, not pushed down by it, and keeps its size whatever the banner says.
 * Later moments too: Samurai's starting-hand chooser, and Mangoku's notices on a phone. Measured on the host's page (every seat but theirs a bot, the game waiting for them) and
 * on a spectator's, in a room with a clock: the header then holds all it can.
 *
 * One room per game and player count; each page is resized and switched to each language rather
 * than played again (the layout follows the window's width alone: no style asks for touch). A screenshot of each is kept for a person to look at, in
 * artifacts/screenshots/table-geometry/.
 */
import { BrowserContext, Page } from 'playwright-core';
import { Geometry, measureTable } from './geometry';
import { openPage, screenshot, useServerAndBrowser, waitFor } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  // The narrowest window with the board beside the side panel: the banner's words wrap most here.
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'small', width: 800, height: 600 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'zoom200', width: 640, height: 400 },
] as const;
const LANGUAGES = ['en', 'fr', 'de', 'ja'] as const;

/**
 * The header's height at most: a row of controls and a banner of two lines (a laptop, a tablet, a
 * small window); two rows of controls (under 720 px) and a banner of four (a phone) or three (200%).
 */
const MAX_HEADER: Readonly<Record<(typeof SIZES)[number]['name'], number>> = { laptop: 110, tablet: 110, small: 130, phone: 180, zoom200: 160 };

const TABLES = [...[2, 3, 4].map((players) => ({ game: 'samurai', players })), ...[2, 3, 4, 5, 6].map((players) => ({ game: 'mangoku', players }))] as const;

async function person(label: string, size: (typeof SIZES)[number] = SIZES[0]): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
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
  await waitFor('the game to wait for the host', () =>
    host.evaluate(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.yourTurn === 'true'),
  );
  for (const page of [host, spectator])
    await waitFor('the board drawn', () =>
      page.evaluate(() => !!document.querySelector('[data-testid=game][data-board-ready=true], [data-testid=game][data-table-ready=true]')),
    );
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
    /**
     * The board's height on each page, per language: the banner's words, which change every turn,
     * never change it. Beside the side panel the board shares the window's height with the header
     * and the spectator's note (whose words are the same all game): the two are counted together.
     * On a phone the board has a height of its own.
     */
    const beside = size.name === 'laptop' || size.name === 'tablet';
    const boards = { host: new Map<string, number>(), spectator: new Map<string, number>() };
    for (const lang of LANGUAGES) {
      for (const [who, p] of [
        ['host', host],
        ['spectator', spectator],
      ] as const) {
        await show(p.page, size, lang);
        const name = `${game}-${players}-${size.name}-${lang}-${who}`;
        const g = await measureTable(p.page);
        problems.push(...judge(g, size).map((line) => `${name}: ${line}`));
        boards[who].set(lang, g.board.height + (beside ? (g.note?.height ?? 0) : 0));
        await screenshot(p.page, `table-geometry/${name}`);
      }
    }
    for (const [who, heights] of Object.entries(boards)) {
      if (new Set(heights.values()).size > 1)
        problems.push(
          `${game}-${players}-${size.name}-${who}: the board's height changes with the banner's words: ${[...heights].map(([l, h]) => `${l} ${h}`).join(', ')}`,
        );
    }
  }
  expect(problems).toEqual([]);
  expect([...host.errors, ...spectator.errors]).toEqual([]);
  await host.context.close();
  await spectator.context.close();
});

/**
 * Moments later than a game's start: Samurai's starting hands chosen (the chooser floats over the
 * board, never over the side panel), and Mangoku's notices on a phone (opaque over the header,
 * their small cards whole), measured as above.
 */
test('the Samurai hand chooser keeps to the board; Mangoku’s notices on a phone are opaque and whole', async () => {
  const problems: string[] = [];
  const host = await person('Annabelle');
  await host.page.goto(e2e.server.url);
  await host.page.fill('[data-testid=name]', 'Annabelle');
  await host.page.check('#create-players-4', { force: true });
  await host.page.click('[data-testid=create]');
  await host.page.waitForSelector('[data-testid=lobby]');
  for (let bots = 1; bots < 4; bots++) {
    await host.page.click('[data-testid=add-bot]');
    await waitFor(`bot ${bots}`, async () => (await host.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === bots);
  }
  await host.page.click('[data-testid=start]:not([disabled])');
  await host.page.waitForSelector('[data-testid=hand-chooser]');
  for (const size of SIZES.filter((s) => s.name !== 'phone')) {
    for (const lang of ['en', 'de'] as const) {
      await show(host.page, size, lang);
      const name = `samurai-chooser-${size.name}-${lang}`;
      problems.push(...(await measureTable(host.page)).problems.map((line) => `${name}: ${line}`));
      // Beside the board (not on a phone, where the side panels are under it): the chooser leaves the side panel free.
      const covers = await host.page.evaluate(() => {
        const chooser = document.querySelector('[data-testid=hand-chooser]')!.getBoundingClientRect();
        const side = document.querySelector('.side')!.getBoundingClientRect();
        return getComputedStyle(document.querySelector('.game')!).display === 'grid' && chooser.right > side.left + 1;
      });
      if (covers) problems.push(`${name}: the chooser covers the side panel`);
      await screenshot(host.page, `table-geometry/${name}`);
    }
  }
  await host.context.close();

  // Mangoku's own page without a server: bots play on until a notice shows (a campaign's end, a reveal).
  const phone = await person(
    'Phone',
    SIZES.find((s) => s.name === 'phone'),
  );
  await phone.page.goto(`${e2e.server.url}/mangoku.html?players=4&seat=spectator&delay=40&prompt=5`);
  await phone.page.waitForSelector('[data-testid=notices] .mk-notice', { timeout: 120_000 });
  await phone.page.evaluate(() => window.scrollTo(0, 0));
  // Once it has risen into place (it fades in): the bots play on meanwhile, and a notice shown just
  // now would be measured mid-fade on a busy machine, so every animation is brought to its end first.
  await phone.page.waitForTimeout(500);
  await phone.page.evaluate(() =>
    document.getAnimations().forEach((animation) => {
      if (Number.isFinite(animation.effect?.getComputedTiming().endTime)) animation.finish();
    }),
  );
  const g = await measureTable(phone.page);
  problems.push(...g.problems.filter((line) => /notice|mk-card|see-through/.test(line)).map((line) => `mangoku-notice-phone: ${line}`));
  await screenshot(phone.page, 'table-geometry/mangoku-notice-phone');
  expect(problems).toEqual([]);
  expect([...phone.errors]).toEqual([]);
  await phone.context.close();
});
