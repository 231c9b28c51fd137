/**
 * Accessibility in Mangoku: axe-core runs on every screen (lobby, game, rules, a spectator's, the
 * ranking, replays through a seat's eyes and every hand, seats out of a campaign) and finds no
 * serious or critical violation; and turns are played through the UI at 800×600 and at 200% zoom
 * with nothing wider than the window.
 */
import { mangoku, seededRng } from '@samurai/shared';
import { axeViolations, closeRules, horizontalOverflow, laptop, openRules, person, replayAt, roomWithBot, SIZES } from '../accessibility';
import { openRecord } from '../replay-viewer';
import { screenshot, useServerAndBrowser, waitFor } from '../support';
import { driver, Person, putDown, tableState, theirTurn } from './driver';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

test('axe finds no serious or critical violation on any Mangoku screen, a spectator’s included', async () => {
  const ann = await person(await e2e.browser.newContext(laptop), 'Ann');
  const found: string[] = [];
  const invite = await roomWithBot(e2e.server.url, ann.page, driver, false);
  found.push(...(await axeViolations(ann.page, 'Mangoku lobby')));
  const watcher = await person(await e2e.browser.newContext(laptop), 'Spectator');
  await watcher.page.goto(invite);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=start]:not([disabled])');
  const annPerson: Person = { label: 'Ann', page: ann.page, errors: ann.errors, how: 'mouse' };
  await theirTurn(annPerson);
  found.push(...(await axeViolations(ann.page, 'Mangoku game')));
  await waitFor('the spectator’s table', async () => (await tableState(watcher.page)).ready);
  found.push(...(await axeViolations(watcher.page, 'Mangoku game (spectator)')));
  await openRules(ann.page);
  found.push(...(await axeViolations(ann.page, 'Mangoku rules')));
  await closeRules(ann.page);

  // The ranking: bots play a whole game on the server-less page (the same ranking overlay).
  const harness = await person(await e2e.browser.newContext(laptop), 'Harness');
  await harness.page.goto(`${e2e.server.url}/mangoku.html?players=3&seat=spectator&delay=5&prompt=5`);
  await harness.page.waitForSelector('[data-testid=result]', { timeout: 120_000 });
  await new Promise((r) => setTimeout(r, 500));
  found.push(...(await axeViolations(harness.page, 'Mangoku ranking')));
  await screenshot(harness.page, 'a11y-mangoku-ranking');
  expect(found).toEqual([]);
  expect([...ann.errors, ...watcher.errors, ...harness.errors]).toEqual([]);
});

test('axe finds no serious or critical violation in Mangoku’s replays (a seat’s eyes, every hand, the end), seats out of a campaign included', async () => {
  const viewer = await person(await e2e.browser.newContext(laptop), 'Replays');
  const found: string[] = [];

  // Mangoku, 5 players: a step where someone is out of the campaign, through a seat's eyes and every hand.
  const state = mangoku.playGame({ players: 5 }, Array(5).fill(mangoku.greedyBot), seededRng(4), seededRng(5));
  const record = JSON.parse(JSON.stringify(mangoku.exportRecord(state)));
  const opened = mangoku.openReplay(record);
  if (!opened.ok) throw new Error(opened.message);
  const out = opened.replay.steps.findIndex((_, i) => {
    const view = mangoku.viewAt(opened.replay, i, 'everything');
    return view.step.kind === 'play' && view.inCampaign.some((inIt) => !inIt);
  });
  expect(out).toBeGreaterThan(0);
  await openRecord(e2e.server.url, viewer.page, 'game.json', record);
  for (const perspective of ['1', 'everything']) {
    await viewer.page.selectOption('[data-testid=replay-perspective]', perspective);
    await replayAt(viewer.page, out, 'data-table-ready');
    expect(await viewer.page.$$('[data-testid=replay-game] [data-testid=seat-card].out')).not.toHaveLength(0);
    found.push(...(await axeViolations(viewer.page, `Mangoku replay, a seat out (${perspective})`)));
  }
  await viewer.page.click('[data-testid=replay-end]');
  await viewer.page.waitForSelector('[data-testid=replay-game] [data-testid=result]');
  found.push(...(await axeViolations(viewer.page, 'Mangoku replay, the ranking')));
  await viewer.page.click('[data-testid=close-result]');
  found.push(...(await axeViolations(viewer.page, 'Mangoku replay, the ranking put aside')));
  expect(found).toEqual([]);
  expect(viewer.errors).toEqual([]);
});

for (const size of SIZES) {
  test(`Mangoku is usable at ${size.name}: turns played through the UI, nothing wider than the window`, async () => {
    const cleo = await person(await e2e.browser.newContext(size.options), `Cleo ${size.name}`);
    const cleoPerson: Person = { label: cleo.label, page: cleo.page, errors: cleo.errors, how: 'mouse' };
    await roomWithBot(e2e.server.url, cleo.page, driver);
    for (let plays = 0; plays < 2;) {
      const state = await theirTurn(cleoPerson);
      if (state.step === 'play') {
        const view = state.view!;
        const choices = mangoku.legalPlays(view, view.viewer as number);
        await putDown(cleoPerson, view, choices.find((p) => p.targets?.length) ?? choices[0]);
        plays++;
      } else if (state.answers.length) await cleo.page.click(`[data-testid=prompt] [data-testid=answer][data-answer=${state.answers[0]}]`);
      else if (state.takes.length) await cleo.page.click(`[data-testid=take-chooser] [data-testid=take][data-card=${state.takes[0]}]`);
      if ((await tableState(cleo.page)).step === 'over') break;
    }
    expect(await horizontalOverflow(cleo.page)).toBeLessThanOrEqual(0);
    await screenshot(cleo.page, `a11y-mangoku-${size.name.replace(/[^0-9a-z]+/gi, '-')}`);
    await openRules(cleo.page);
    await closeRules(cleo.page);
    expect(cleo.errors).toEqual([]);
  });
}
