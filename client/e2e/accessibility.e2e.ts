/**
 * Accessibility of the table: a game is played through its UI at 800×600 and at 200% zoom (a
 * 1280×800 window at twice the size: 640×400 CSS pixels), home and lobby included, with nothing
 * wider than the window. axe-core's checks of each game's screens are in the game's folder
 * (accessibility.ts holds the checks).
 */
import { horizontalOverflow, openRules, closeRules, person, roomWithBot, SIZES } from './accessibility';
import { aGame, screenshot, useServerAndBrowser, waitFor } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });
const game = aGame();
const { playOneTurn, turnsDone } = game;

for (const size of SIZES) {
  test(`${game.title} is usable at ${size.name}: home, lobby and turns played through the UI, nothing wider than the window`, async () => {
    const ann = await person(await e2e.browser.newContext(size.options), `Ann ${size.name}`);
    await ann.page.goto(e2e.server.url);
    await ann.page.waitForSelector('[data-testid=home]');
    expect(await horizontalOverflow(ann.page)).toBeLessThanOrEqual(0);
    await roomWithBot(e2e.server.url, ann.page, game, false);
    expect(await horizontalOverflow(ann.page)).toBeLessThanOrEqual(0);
    await ann.page.click('[data-testid=start]:not([disabled])');
    await waitFor('Ann’s turn', async () => (await game.state(ann.page)).yourTurn);
    expect(await horizontalOverflow(ann.page)).toBeLessThanOrEqual(0);
    await screenshot(ann.page, `a11y-${game.type}-${size.name.replace(/[^0-9a-z]+/gi, '-')}`);
    for (let turn = 0; turn < 2; turn++) {
      await waitFor('Ann’s turn', async () => (await game.state(ann.page)).yourTurn);
      const before = await turnsDone(ann.page);
      await playOneTurn(ann);
      expect(await turnsDone(ann.page)).toBeGreaterThan(before);
    }
    await openRules(ann.page);
    await closeRules(ann.page);

    expect(ann.errors).toEqual([]);
  });
}
