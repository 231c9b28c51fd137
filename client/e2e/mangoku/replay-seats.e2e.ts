/**
 * A Mangoku replay is watched, not played: through a seat's eyes every step shows none of its
 * live controls (no "Your turn", no answer or card to take), and every hand of 6 players fits in a
 * row in a 1,280 px window. The records are games the engine's bots play in the test itself.
 */
import { COLOUR_IDS, mangoku, RecordSeat, seededRng } from '@samurai/shared';
import { handsOverflow, openRecord, watchEveryStep } from '../replay-viewer';
import { openPage, screenshot, useServerAndBrowser, watchedPlayers } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '20' });

const LAPTOP = { viewport: { width: 1280, height: 800 } };

test('through a seat’s eyes, a replay shows the seat’s hand and none of its controls, in Mangoku', async () => {
  const context = await e2e.browser.newContext(LAPTOP);
  const viewer = { label: 'Viewer', touch: false, ...(await openPage(context, 'Viewer')) };
  watchedPlayers.push(viewer);
  const { page } = viewer;

  const state = mangoku.playGame({ players: 3 }, [mangoku.greedyBot, mangoku.greedyBot, mangoku.greedyBot], seededRng(7), seededRng(8));
  const record = JSON.parse(JSON.stringify(mangoku.exportRecord(state)));
  const mangokuSteps = await openRecord(e2e.server.url, page, 'mangoku.json', record);
  expect(await watchEveryStep(page, '1', mangokuSteps, 'data-table-ready')).toEqual([]);
  await screenshot(page, 'replay-seat-mangoku');
  expect(viewer.errors).toEqual([]);
  await context.close();
});

test('every hand in a row that fits a 1,280 px window, named: 6 Mangoku players', async () => {
  const context = await e2e.browser.newContext(LAPTOP);
  const { page, errors } = await openPage(context, 'Hands');
  const names = ['Annabelle', 'Benedikt', 'Cleopatra', 'Dagobert', 'Eleonore', 'Friederike'];
  const seats = (players: number): RecordSeat[] => names.slice(0, players).map((name, s) => ({ name, colour: COLOUR_IDS[s], bot: null }));

  const state = mangoku.playGame({ players: 6 }, Array(6).fill(mangoku.greedyBot), seededRng(3), seededRng(4));
  await openRecord(e2e.server.url, page, 'mangoku-6.json', { ...JSON.parse(JSON.stringify(mangoku.exportRecord(state))), seats: seats(6) });
  await page.selectOption('[data-testid=replay-perspective]', 'everything');
  for (const step of ['replay-turn-forward', 'replay-turn-forward', 'replay-turn-forward']) {
    await page.click(`[data-testid=${step}]`);
    expect(await handsOverflow(page)).toBeLessThanOrEqual(0);
  }
  await screenshot(page, 'replay-hands-mangoku-6');
  expect(errors).toEqual([]);
  await context.close();
});
