/**
 * The table's geometry, for every game at every player count, in every language, on a laptop, a
 * tablet, a small window, a phone and at 200% zoom (a 1280×800 window at twice the size: 640×400 CSS
 * pixels): no two texts overlap, nothing floats see-through over other words, no text is cut off,
 * no header control wraps, the turn banner has the header's full width, the board or table starts
 * right under the header, not pushed down by it, and keeps its size whatever the banner says.
 * Later moments are measured in each game's folder. Measured on the host's page (every seat but theirs a bot, the game waiting for them) and
 * on a spectator's, in a room with a clock: the header then holds all it can.
 *
 * One room per game and player count; each page is resized and switched to each language rather
 * than played again (the layout follows the window's width alone: no style asks for touch). A screenshot of each is kept for a person to look at, in
 * artifacts/screenshots/table-geometry/.
 */
import { Page } from 'playwright-core';
import { judge, LANGUAGES, measureTable, person, show, SIZES } from './geometry';
import { GameDriver, gameDrivers, screenshot, useServerAndBrowser, waitFor } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

const TABLES = gameDrivers().flatMap((driver) => driver.playerCounts.map((players) => ({ game: driver.type, players, driver })));

/** The host's room: `players` seats, every one but the host's a bot, a 20-minute clock, a spectator; started. */
async function openTable(game: GameDriver, players: number, host: Page, spectator: Page): Promise<void> {
  await host.goto(e2e.server.url);
  await host.fill('[data-testid=name]', 'Annabelle');
  await game.chooseRoom(host, players);
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

test.each(TABLES)('$game for $players: every size and language, host and spectator', async ({ game, players, driver }) => {
  const host = await person(e2e.browser, 'Annabelle');
  const spectator = await person(e2e.browser, 'Spectator');
  await openTable(driver, players, host.page, spectator.page);
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
