/**
 * Accessibility: axe-core runs on every screen of both games (home, lobby, game, scoring and
 * ranking, put aside or not, rules, a spectator's, replays through a seat's eyes and every hand,
 * seats out of a Mangoku campaign) and finds no serious or critical violation; and each game is
 * played through its UI at 800×600 and at 200% zoom (a 1280×800 window at twice the size: 640×400
 * CSS pixels), with nothing wider than the window.
 *
 * axe-core reaches the page through the DevTools protocol (page.evaluate of its source), as the
 * test's own code: the page's strict Content-Security-Policy stays on, and a probe shows the CSP
 * check every test ends with (support.ts) still catches an inline script on a page axe is in.
 */
import fs from 'node:fs';
import { BrowserContext, Page } from 'playwright-core';
import { mangoku } from '@samurai/shared';
import { gameState, playOneTurn, turnsDone } from './samurai/driver';
import { Person, putDown, tableState, theirTurn } from './mangoku/driver';
import { openPage, Player, screenshot, takeCspViolations, useServerAndBrowser, waitFor, watchedPlayers } from './support';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[];
}

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function axeViolations(page: Page, screen: string): Promise<string[]> {
  // Judged as a person sees it once things settle: no fade or reveal half way through. Long or endless
  // animations (a waiting pulse) and a ticking countdown are the screen's steady state, not a transition.
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        // What is hidden from assistive technology (a countdown bar, its width eased every tick) axe does not judge.
        .filter((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().endTime ?? 0) <= 2_000)
        .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('[aria-hidden="true"]'))
        .map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          const name = 'animationName' in a ? String(a.animationName) : a.id || 'animation';
          return `${name} on ${target ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '?'} (${Math.round(Number(a.currentTime ?? 0))} ms in)`;
        }),
    );
  await waitFor(`${screen}: animations to end`, async () => (await running()).length === 0, 10_000).catch(async (error: Error) => {
    throw new Error(`${error.message}; still running: ${(await running()).join(', ')}`);
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
          .join(' | ')}`,
    );
}

async function person(context: BrowserContext, label: string): Promise<Player> {
  const p: Player = { label, touch: false, ...(await openPage(context, label)) };
  watchedPlayers.push(p);
  return p;
}

const laptop = { viewport: { width: 1280, height: 800 } };

/** Creates a room of `game` (2 seats, a bot in the second) from the home page; resolves with the invite link. */
async function roomWithBot(page: Page, game: 'samurai' | 'mangoku', start = true): Promise<string> {
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', 'Ann');
  if (game === 'mangoku') await page.check('#create-game-mangoku', { force: true });
  await page.check('#create-players-2', { force: true });
  if (game === 'samurai') for (const option of ['#create-startingHands-random', '#create-setup-random']) await page.check(option, { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  const invite = await page.inputValue('[data-testid=invite-link]');
  await page.click('[data-testid=add-bot]');
  if (start) await page.click('[data-testid=start]:not([disabled])');
  return invite;
}

async function openRules(page: Page): Promise<void> {
  await page.click('[data-testid=rules]');
  await page.waitForSelector('[data-testid=help][open]');
}

async function closeRules(page: Page): Promise<void> {
  await page.click('[data-testid=help][open] [data-testid=dialog-close]');
  await waitFor('the rules closed', async () => !(await page.$('[data-testid=help][open]')));
}

/** Nothing on the page is wider than the window (a person at 200% zoom never scrolls sideways). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

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

  const invite = await roomWithBot(ann.page, 'samurai', false);
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

test('axe finds no serious or critical violation on any Mangoku screen, a spectator’s included', async () => {
  const ann = await person(await e2e.browser.newContext(laptop), 'Ann');
  const found: string[] = [];
  const invite = await roomWithBot(ann.page, 'mangoku', false);
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

/** Opens a record file on the home page (the replay viewer) and waits for it. */
async function openRecord(page: Page, record: unknown): Promise<void> {
  await page.goto(e2e.server.url);
  await page.setInputFiles('[data-testid=record-file]', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
}

/** Moves the replay to `step` through its slider, as a person dragging it would. */
async function replayAt(page: Page, step: number, ready: string): Promise<void> {
  await page.$eval(
    '[data-testid=replay-slider]',
    (el, n) => {
      const slider = el as HTMLInputElement;
      slider.value = String(n);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      slider.dispatchEvent(new Event('change', { bubbles: true }));
    },
    step,
  );
  await page.waitForSelector(`[data-testid=replay][data-step="${step}"] [data-testid=game][${ready}=true]`);
}

test('axe finds no serious or critical violation in replays of both games (a seat’s eyes, every hand, the end), seats out of a campaign included', async () => {
  const { exportRecord, greedyBot, playGame, seededRng } = await import('@samurai/shared');
  const viewer = await person(await e2e.browser.newContext(laptop), 'Replays');
  const found: string[] = [];

  const samurai = JSON.parse(JSON.stringify(exportRecord(playGame({ players: 3 }, Array(3).fill(greedyBot), seededRng(9), seededRng(10)))));
  await openRecord(viewer.page, samurai);
  const samuraiSteps = Number(await viewer.page.getAttribute('[data-testid=replay]', 'data-steps'));
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
  await openRecord(viewer.page, record);
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

/** Sizes a person may use: a small laptop window, and 200% zoom (half the CSS pixels, twice the device pixels). */
const SIZES = [
  { name: '800×600', options: { viewport: { width: 800, height: 600 } } },
  { name: '200% zoom', options: { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 } },
] as const;

for (const size of SIZES) {
  test(`both games are usable at ${size.name}: home, lobby and turns played through the UI, nothing wider than the window`, async () => {
    const ann = await person(await e2e.browser.newContext(size.options), `Ann ${size.name}`);
    await ann.page.goto(e2e.server.url);
    await ann.page.waitForSelector('[data-testid=home]');
    expect(await horizontalOverflow(ann.page)).toBeLessThanOrEqual(0);
    await roomWithBot(ann.page, 'samurai', false);
    expect(await horizontalOverflow(ann.page)).toBeLessThanOrEqual(0);
    await ann.page.click('[data-testid=start]:not([disabled])');
    await waitFor('Ann’s turn', async () => (await gameState(ann.page)).yourTurn);
    expect(await horizontalOverflow(ann.page)).toBeLessThanOrEqual(0);
    await screenshot(ann.page, `a11y-samurai-${size.name.replace(/[^0-9a-z]+/gi, '-')}`);
    for (let turn = 0; turn < 2; turn++) {
      await waitFor('Ann’s turn', async () => (await gameState(ann.page)).yourTurn);
      const before = await turnsDone(ann.page);
      await playOneTurn(ann);
      expect(await turnsDone(ann.page)).toBeGreaterThan(before);
    }
    await openRules(ann.page);
    await closeRules(ann.page);

    const cleo = await person(await e2e.browser.newContext(size.options), `Cleo ${size.name}`);
    const cleoPerson: Person = { label: cleo.label, page: cleo.page, errors: cleo.errors, how: 'mouse' };
    await roomWithBot(cleo.page, 'mangoku');
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
    expect([...ann.errors, ...cleo.errors]).toEqual([]);
  });
}
