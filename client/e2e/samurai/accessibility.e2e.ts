/**
 * Accessibility in Samurai: axe-core runs on every screen (home, lobby, game, a tile chosen,
 * scoring put aside or not, rules, a spectator's, replays through a seat's eyes and every hand)
 * and finds no serious or critical violation; a probe shows the CSP check every test ends with
 * (support.ts) still catches an inline script on a page axe is in.
 */
import { exportRecord, greedyBot, playGame, seededRng } from '@samurai/shared';
import { axeViolations, closeRules, laptop, openRules, person, replayAt, roomWithBot } from '../accessibility';
import { openRecord } from '../replay-viewer';
import { screenshot, takeCspViolations, useServerAndBrowser, waitFor } from '../support';
import { driver, gameState } from './driver';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

test('axe finds no serious or critical violation on any Samurai screen, a spectator’s included', async () => {
  const ann = await person(await e2e.browser.newContext(laptop), 'Ann');
  const found: string[] = [];
  await ann.page.goto(e2e.server.url);
  await ann.page.waitForSelector('[data-testid=home]');
  found.push(...(await axeViolations(ann.page, 'home')));
  await openRules(ann.page);
  found.push(...(await axeViolations(ann.page, 'Samurai rules')));
  await closeRules(ann.page);

  // The CSP check still catches a real violation on a page axe runs in.
  await ann.page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.probe = 1;';
    document.head.append(script);
  });
  // Chromium reports the refusal in a task of its own, which can come after one round trip to the page (CI saw it).
  const violations: string[] = [];
  await waitFor('the probe to be refused', async () => {
    violations.push(...(await takeCspViolations()));
    return violations.length > 0;
  });
  expect(violations).toEqual([expect.stringMatching(/^Ann: script-src-elem refused inline/)]);
  // (Chromium also logs the refusal to the console: that error is the probe's, not the page's.)
  const logsRefusal = (e: string) => e.includes('Content Security Policy');
  await waitFor('the refusal in the console', async () => ann.errors.some(logsRefusal));
  const probeLogged = ann.errors.findIndex(logsRefusal);
  expect(probeLogged).toBeGreaterThanOrEqual(0);
  ann.errors.splice(probeLogged, 1);

  const invite = await roomWithBot(e2e.server.url, ann.page, driver, false);
  found.push(...(await axeViolations(ann.page, 'lobby (host)')));
  const watcher = await person(await e2e.browser.newContext(laptop), 'Spectator');
  await watcher.page.goto(invite);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  found.push(...(await axeViolations(watcher.page, 'lobby (spectator)')));

  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('Ann’s turn', async () => (await gameState(ann.page)).yourTurn);
  await ann.page.waitForSelector('[data-testid=game][data-board-ready=true]');
  found.push(...(await axeViolations(ann.page, 'Samurai game')));
  await ann.page.click('[data-testid=hand-tile][data-playable=true]');
  found.push(...(await axeViolations(ann.page, 'Samurai game, a tile chosen')));
  await watcher.page.waitForSelector('[data-testid=game][data-board-ready=true]');
  found.push(...(await axeViolations(watcher.page, 'Samurai game (spectator)')));
  await openRules(ann.page);
  found.push(...(await axeViolations(ann.page, 'Samurai rules in the game')));
  await closeRules(ann.page);

  // The bot plays Ann's seat to the end: the scoring, step by step.
  await ann.page.click('[data-testid=seat-card][data-seat="0"] [data-testid=stand-in-me]');
  await waitFor('the end of the game', async () => (await gameState(ann.page)).phase === 'over', 120_000);
  await ann.page.waitForSelector('.scoring-overlay');
  await new Promise((r) => setTimeout(r, 1500));
  found.push(...(await axeViolations(ann.page, 'Samurai scoring')));
  found.push(...(await axeViolations(watcher.page, 'Samurai scoring (spectator)')));
  await screenshot(ann.page, 'a11y-samurai-scoring');
  await ann.page.click('[data-testid=look-at-board]');
  found.push(...(await axeViolations(ann.page, 'Samurai scoring put aside')));
  expect(found).toEqual([]);
  expect([...ann.errors, ...watcher.errors]).toEqual([]);
});

test('axe finds no serious or critical violation in Samurai’s replays (a seat’s eyes, every hand, the end)', async () => {
  const viewer = await person(await e2e.browser.newContext(laptop), 'Replays');
  const found: string[] = [];

  const samurai = JSON.parse(JSON.stringify(exportRecord(playGame({ players: 3 }, Array(3).fill(greedyBot), seededRng(9), seededRng(10)))));
  const samuraiSteps = await openRecord(e2e.server.url, viewer.page, 'game.json', samurai);
  for (const perspective of ['0', 'everything']) {
    await viewer.page.selectOption('[data-testid=replay-perspective]', perspective);
    await replayAt(viewer.page, Math.floor(samuraiSteps / 2), 'data-board-ready');
    found.push(...(await axeViolations(viewer.page, `Samurai replay, mid-game (${perspective})`)));
  }
  await viewer.page.click('[data-testid=replay-end]');
  await viewer.page.waitForSelector('[data-testid=replay-game] [data-testid=scoring][data-revealed=true]', { timeout: 20_000 });
  found.push(...(await axeViolations(viewer.page, 'Samurai replay, the end')));
  await viewer.page.click('[data-testid=look-at-board]');
  found.push(...(await axeViolations(viewer.page, 'Samurai replay, the end put aside')));

  expect(found).toEqual([]);
  expect(viewer.errors).toEqual([]);
});
