/**
 * The replay viewer, Mangoku: a record file of a 4-player game the engine's bots played replays on
 * the card table through a seat's eyes and a spectator's, step by step against the engine's views,
 * to the ranking; a tampered record is refused with the rule it breaks named.
 */
import { openPage, screenshot, useServerAndBrowser } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '250' });

test('Mangoku: a record file replays on the card table through a seat’s eyes and a spectator’s, and a tampered one is refused', async () => {
  // A 4-player game the engine's bots played: the truth each step is checked against.
  const { mangoku, seededRng } = await import('@samurai/shared');
  const state = mangoku.playGame({ players: 4 }, [mangoku.greedyBot, mangoku.randomBot, mangoku.greedyBot, mangoku.randomBot], seededRng(11), seededRng(12));
  const record = JSON.parse(JSON.stringify(mangoku.exportRecord(state)));
  const opened = mangoku.openReplay(record);
  if (!opened.ok) throw new Error(opened.message);
  const { replay } = opened;

  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const { page, errors } = await openPage(context, 'Mangoku replay');
  await page.goto(e2e.server.url);
  await page.setInputFiles('[data-testid=record-file]', { name: 'mangoku.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
  expect(Number(await page.getAttribute('[data-testid=replay]', 'data-steps'))).toBe(replay.steps.length);
  const held = () => page.$$eval('[data-testid=replay-game] [data-testid=hand-card]', (els) => els.map((e) => (e as HTMLElement).dataset.card!));
  for (const perspective of ['1', 'spectator'] as const) {
    await page.selectOption('[data-testid=replay-perspective]', perspective);
    if (await page.isEnabled('[data-testid=replay-start]')) await page.click('[data-testid=replay-start]');
    for (let step = 0; step < replay.steps.length; step++) {
      if (step > 0) await page.click('[data-testid=replay-forward]');
      await page.waitForSelector(`[data-testid=replay][data-step="${step}"] [data-testid=game][data-table-ready=true]`);
      const view = mangoku.viewAt(replay, step, perspective === '1' ? 1 : 'spectator');
      // The campaign the engine is in at this step, and through a seat's eyes its hand then; a spectator holds none.
      expect(Number(await page.getAttribute('[data-testid=replay-game] [data-testid=game]', 'data-campaign'))).toBe(view.campaigns.length);
      const cards = await held();
      if (perspective === 'spectator') expect(cards).toEqual([]);
      else for (const card of view.hands[1]!) expect(cards).toContain(card);
    }
    // The end: the ranking the record gives.
    await page.waitForSelector('[data-testid=replay-game] [data-testid=result]');
    const winners = await page.$$eval('[data-testid=replay-game] [data-testid=rank-row][data-place="1"]', (rows) =>
      rows.map((r) => Number((r as HTMLElement).dataset.seat)),
    );
    expect(winners.sort()).toEqual([...record.result.winners].sort());
  }
  await screenshot(page, 'replay-mangoku');

  // A turn by the wrong seat: refused, the campaign, turn and rule named.
  const tampered = JSON.parse(JSON.stringify(record));
  tampered.campaigns[0].turns[1].seat = (tampered.campaigns[0].turns[1].seat + 1) % 4;
  await page.click('[data-testid=replay-home]');
  await page.setInputFiles('[data-testid=record-file]', { name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered)) });
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await page.getAttribute('[data-testid=replay-error]', 'data-rule')).toBe('record/seat_order');
  expect(await page.textContent('[data-testid=replay-error]')).toContain('campaigns[0].turns[1]');
  expect(errors).toEqual([]);
  await context.close();
});
