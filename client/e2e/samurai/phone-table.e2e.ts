/**
 * Samurai on a phone (390×844, touch): a settlement's card, pinned with a tap, closes when the
 * phase changes (setup → play), and is put away while a play is previewed (the two lay one over
 * the other); while the room's bot plays your seat, "I'm back" is in sight at the screen's bottom.
 */
import { Page } from 'playwright-core';
import { inSightFromTop, MOVE_MS, phone, startWithBot } from '../phone-table';
import { Player, screenshot, useServerAndBrowser, waitFor } from '../support';
import { chooseTarget, gameState, targetPoint } from './driver';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '400', MOVE_MS: String(MOVE_MS) }, 'client/e2e/quick-clock-server.ts');

const EDO = '14,13';

/** Taps Edo on the board (brought into view first): beside the targets, it pins Edo's card. */
async function tapEdo(player: Player): Promise<void> {
  await player.page.$eval('[data-testid=board]', (el) => el.scrollIntoView({ block: 'nearest' }));
  const p = await targetPoint(player.page, EDO, -1);
  await player.page.touchscreen.tap(p.x, p.y);
}

const floatCardShown = (page: Page) => page.isVisible('[data-testid=float-inspector]');

test('Samurai on a phone: a pinned settlement’s card closes with its phase and gives way to a preview; “I’m back” in sight', async () => {
  const ann = await phone(e2e.browser, 'Ann');
  const { page } = ann;
  await startWithBot(e2e.server.url, page, 'samurai', ['#create-startingHands-random']);
  await waitFor('the setup', async () => (await gameState(page)).phase === 'pieces');
  await page.waitForSelector('[data-testid=game][data-board-ready=true]');

  // Edo's card, pinned during the setup, closes once the play begins.
  await tapEdo(ann);
  await waitFor('Edo’s card', () => floatCardShown(page));
  while ((await gameState(page)).phase === 'pieces') {
    if (!(await gameState(page)).yourTurn) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    // With the keys: a tap could land on the card, which lies over the top of the board.
    await chooseTarget(ann, true);
    await waitFor('the placement to land', async () => {
      const s = await gameState(page);
      return !s.yourTurn || s.phase !== 'pieces';
    });
  }
  await waitFor('Ann’s turn to play', async () => (await gameState(page)).yourTurn);
  expect(await floatCardShown(page)).toBe(false);

  // Pinned again; a tile chosen and a place tapped once previews the play: the card gives way.
  await tapEdo(ann);
  await waitFor('Edo’s card', () => floatCardShown(page));
  await page.tap('[data-testid=hand-tile][data-playable=true]:not([data-tile=switch]):not([data-tile=move])');
  // A place in sight (the card lies over the top of the board).
  let target = '';
  let p = { x: 0, y: 0 };
  for (const hex of await page.$$eval('[data-testid=target]', (els) => els.map((e) => (e as HTMLElement).dataset.hex!))) {
    p = await targetPoint(page, hex, -1);
    if ((await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [p.x, p.y] as const)) === 'CANVAS') {
      target = hex;
      break;
    }
  }
  await page.touchscreen.tap(p.x, p.y);
  await waitFor('the preview', async () => (await page.getAttribute('[data-testid=game]', 'data-preview')) === target);
  expect(await floatCardShown(page)).toBe(false);
  await screenshot(page, 'phone-preview-over-pinned');

  // The bot plays for Ann: "I'm back" at the bottom of the screen, and it works.
  await page.tap('[data-testid=seat-card][data-seat="0"] [data-testid=stand-in-me]');
  await page.waitForSelector('[data-testid=stand-in-note]:not([hidden])');
  expect(await inSightFromTop(page, '[data-testid=stand-in-note]')).toBe(true);
  await screenshot(page, 'phone-stand-in-samurai');
  await page.tap('[data-testid=resume-here]');
  await page.waitForSelector('[data-testid=stand-in-note]', { state: 'hidden' });
  expect(ann.errors).toEqual([]);
});
