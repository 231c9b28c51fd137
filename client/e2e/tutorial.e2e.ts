/**
 * The guided first game, for each game: opened from the home page, the coach's steps followed as a
 * newcomer follows them (Next, or a click on each thing the coach rings, in order), one wrong move
 * explained and changing nothing, through the capture or battle to the scoring or ranking.
 */
import fs from 'node:fs';
import { Page } from 'playwright-core';
import { MANGOKU_LESSON } from '../src/games/mangoku/tutorial/mangoku-lesson';
import { SAMURAI_LESSON } from '../src/games/samurai/tutorial/samurai-lesson';
import { openPage, screenshot, takeCspViolations, useServerAndBrowser, waitFor } from './support';
import { wordsOf } from '../src/i18n/word-trees';

const en = wordsOf('en');
const ja = wordsOf('ja');

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const e2e = useServerAndBrowser();

afterEach(async () => {
  expect(await takeCspViolations()).toEqual([]);
});

interface Coach {
  /** The lesson's step (a number), 'free' or 'complete'. */
  step: string;
  botMoving: boolean;
  text: string;
  note: string | null;
  next: boolean;
  rings: { x: number; y: number; width: number; height: number }[];
  bubble: { left: number; top: number; right: number; bottom: number };
}

async function coach(page: Page): Promise<Coach> {
  return page.evaluate(() => {
    const lesson = document.querySelector<HTMLElement>('[data-testid=lesson]');
    const note = document.querySelector<HTMLElement>('[data-testid=coach-note]');
    // Before the lesson has loaded: no coach yet.
    const bubble = document.querySelector<HTMLElement>('[data-testid=coach]')?.getBoundingClientRect() ?? { left: 0, top: 0, right: 0, bottom: 0 };
    return {
      step: lesson?.dataset.lessonStep ?? '',
      botMoving: lesson?.dataset.botMoving === 'true',
      text: document.querySelector('[data-testid=coach-text]')?.textContent ?? '',
      note: note && !note.hidden ? note.textContent : null,
      next: !!document.querySelector('[data-testid=coach-next]'),
      rings: [...document.querySelectorAll<HTMLElement>('[data-testid=coach-ring]')].map((r) => {
        const b = r.getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2, width: b.width, height: b.height };
      }),
      bubble: { left: bubble.left, top: bubble.top, right: bubble.right, bottom: bubble.bottom },
    };
  });
}

/**
 * The coach at rest on a step of yours (not while Ben plays), its rings drawn where it points: all
 * `expected` of them, or at least the first where the rest appear only as you go (Mangoku's Play
 * button shows once a card is chosen).
 */
async function steady(page: Page, expected: number, all: boolean): Promise<Coach> {
  // Settled: the same two looks apart (the coach follows its targets a few times a second).
  let last = '';
  return waitFor(`the coach to show a step with ${expected} ring(s)`, async () => {
    const c = await coach(page);
    const key = JSON.stringify(c);
    const same = key === last;
    last = key;
    if (!same) await page.waitForTimeout(250);
    const rings = all ? c.rings.length === expected : c.rings.length >= Math.min(1, expected);
    return same && !c.botMoving && rings ? c : null;
  });
}

/** The bubble never covers the middle of what it points at. */
function expectClear(c: Coach): void {
  for (const r of c.rings) {
    const inside = r.x > c.bubble.left && r.x < c.bubble.right && r.y > c.bubble.top && r.y < c.bubble.bottom;
    expect(inside).toBe(false);
  }
}

/** The serious and critical violations axe-core finds on the page as it is now (the coach over the game). */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  type Result = { violations: { id: string; impact: string | null; nodes: { html: string }[] }[] };
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }),
  )) as Result;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.html.slice(0, 120))
          .join(' | ')}`,
    );
}

/** A click (or a tap) at a point; on a touch screen a board place takes two taps (the first previews the play). */
async function press(page: Page, touch: boolean, x: number, y: number, onBoard: boolean): Promise<void> {
  if (!touch) return page.mouse.click(x, y);
  await page.touchscreen.tap(x, y);
  if (onBoard && (await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.tagName === 'CANVAS', [x, y] as const)))
    await page.touchscreen.tap(x, y);
}

const SAMURAI = en.samurai.tutorial;
const MANGOKU = en.mangoku.tutorial;

/** The page's coach step once it has moved on from `from`. */
async function movedOn(page: Page, from: string): Promise<string> {
  return waitFor(`the lesson to move on from step ${from}`, async () => {
    const c = await coach(page);
    return c.step !== from ? c.step : null;
  });
}

/** Clicks (taps) what ring `index` is round, once it is drawn, scrolling it into sight first as a person would. */
async function pressRing(page: Page, touch: boolean, index: number, onBoard: boolean): Promise<void> {
  let ring = (await waitFor(`ring ${index}`, async () => (await coach(page)).rings[index])) as Coach['rings'][number];
  const height = await page.evaluate(() => window.innerHeight);
  if (ring.y < 0 || ring.y > height) {
    await page.evaluate((dy) => window.scrollBy(0, dy), ring.y - height / 2);
    await page.waitForTimeout(400);
    ring = (await coach(page)).rings[index];
  }
  await press(page, touch, ring.x, ring.y, onBoard);
}

/**
 * Follows the lesson to its end: each step's words are the script's, the bubble covers none of
 * its rings, Next is pressed (Enter on the keyboard for the first), or each ring's target clicked
 * in order. `wrong` runs once, at the step it names, before the step is followed; it may follow
 * the step itself (it returns true then).
 */
async function followLesson(
  page: Page,
  touch: boolean,
  /** The target kinds a touch plays with two taps (the first previews: Samurai's board). */
  previewed: readonly string[],
  steps: readonly { say: string; point: readonly { kind: string }[]; wait: unknown }[],
  words: Record<string, string>,
  wrong: { at: string; act: () => Promise<boolean | void> },
  shoot: (say: string) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    await waitFor(`step ${i} (${step.say})`, async () => (await coach(page)).step === String(i));
    const c = await steady(page, step.point.length, step.wait === 'next');
    expect([i, c.text]).toEqual([i, words[step.say]]);
    expectClear(c);
    await shoot(step.say);
    if (step.say === wrong.at && (await wrong.act())) {
      await movedOn(page, String(i));
      continue;
    }
    if (step.wait === 'next') {
      if (i === 0) {
        // Keyboard: Next has the focus, Enter goes on.
        await waitFor('Next to have the focus', () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'coach-next'));
        await page.keyboard.press('Enter');
      } else if (touch) await page.tap('[data-testid=coach-next]');
      else await page.click('[data-testid=coach-next]');
    } else {
      for (let r = 0; r < step.point.length; r++) {
        await pressRing(page, touch, r, previewed.includes(step.point[r].kind));
        await page.waitForTimeout(150);
      }
    }
    await movedOn(page, String(i));
  }
  await waitFor('the lesson to be complete', async () => (await coach(page)).step === 'complete');
}

test('Samurai: the guided first game, from the home page to the scoring, with a wrong move explained', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Learner');
  await page.goto(e2e.server.url);
  await page.click('[data-testid=learn-game][data-game=samurai]');
  await page.waitForSelector('[data-testid=coach]');
  expect(new URL(page.url()).searchParams.get('learn')).toBe('samurai');

  await followLesson(
    page,
    false,
    ['hex', 'piece'],
    SAMURAI_LESSON.steps,
    SAMURAI,
    {
      at: 'playRice',
      // Rice 3 chosen, then put on another highlighted hex (through the board's list of places, as a screen reader does).
      act: async () => {
        const playRice = String(SAMURAI_LESSON.steps.findIndex((s) => s.say === 'playRice'));
        await pressRing(page, false, 0, false);
        await page.waitForSelector('[data-testid=target][data-hex="13,13"]', { state: 'attached' });
        await page.$eval('[data-testid=target][data-hex="13,13"]', (el) => (el as HTMLButtonElement).click());
        const c = await waitFor('the wrong move explained', async () => (await coach(page)).note);
        expect(c).toBe(SAMURAI.playRiceInstead);
        // Nothing changed: the same step, Rice 3 still in your hand, 13,13 still empty.
        expect((await coach(page)).step).toBe(playRice);
        expect(await page.$('[data-testid=hand-tile][data-tile=rice3]')).not.toBeNull();
        expectClear(await coach(page));
        // No bot plays your seat in a lesson: the coach says so, and nothing changes.
        await page.click('[data-testid=stand-in-me]');
        await waitFor('the coach to say you play your own seat', async () => (await coach(page)).note === en.tutorial.coach.ownSeat);
        expect((await coach(page)).step).toBe(playRice);
        // Rice 3 is still chosen: the ringed hex, clicked now, plays it.
        expect(await page.$('[data-testid=hand-tile][data-tile=rice3].selected')).not.toBeNull();
        await pressRing(page, false, 1, true);
        return true;
      },
    },
    async (say) => {
      if (say === 'playRice') {
        await screenshot(page, 'lesson-samurai');
        expect(await axeViolations(page)).toEqual([]);
      }
      if (say === 'scoring') await screenshot(page, 'lesson-samurai-scoring');
    },
  );
  // The game ended with the scoring: you won. Nobody hosts a lesson: no word of a host's rematch.
  expect(await page.textContent('[data-testid=winner]')).toMatch(/You/);
  const scoring = (await page.textContent('[data-testid=scoring]'))!;
  for (const words of [en.samurai.scoring.rematchOthers, en.samurai.scoring.rematchHost]) expect(scoring).not.toContain(words);
  // Back home from the lesson's end.
  await page.click('[data-testid=coach-home]');
  await page.waitForSelector('[data-testid=home]');
  expect(new URL(page.url()).searchParams.get('learn')).toBeNull();
  expect(errors).toEqual([]);
});

test('Mangoku on a phone, by touch: the guided first game through a reaction, a battle and the ranking, with a wrong move explained', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const { page, errors } = await openPage(context, 'PhoneLearner');
  await page.goto(e2e.server.url);
  await page.tap('[data-testid=learn-game][data-game=mangoku]');
  await page.waitForSelector('[data-testid=coach]');
  await waitFor('the card table', () => page.evaluate(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.tableReady === 'true'));

  await followLesson(
    page,
    true,
    [],
    MANGOKU_LESSON.steps,
    MANGOKU,
    {
      at: 'playBandit',
      // The Princess on Ben, played: legal, but not the lesson's. Nothing changes.
      act: async () => {
        await page.$eval('[data-testid=hand-card][data-card=princess]', (el) => (el as HTMLButtonElement).click());
        await page.tap('[data-testid=action-bar] [data-testid=target][data-target="1"]');
        await page.tap('[data-testid=play]');
        const note = await waitFor('the wrong move explained', async () => (await coach(page)).note);
        expect(note).toBe(MANGOKU.playBanditInstead);
        expect((await coach(page)).step).toBe('3');
        // Ben still has his 3 coins; the Princess is still in your hand.
        expect(await page.$('[data-testid=hand-card][data-card=princess]')).not.toBeNull();
        expectClear(await coach(page));
      },
    },
    async (say) => {
      if (say === 'monk') {
        // The prompt waits for you in a lesson: no countdown, no word of a time running out.
        expect(await page.isVisible('[data-testid=prompt]')).toBe(true);
        expect(await page.isVisible('[data-testid=prompt] .mk-countdown')).toBe(false);
        const note = (await page.textContent('[data-testid=prompt-note]')) ?? '';
        for (const words of [en.mangoku.promptPanel.timeoutDefend, en.mangoku.promptPanel.timeoutAccept]) expect(note).not.toContain(words);
        await screenshot(page, 'lesson-mangoku-phone');
        expect(await axeViolations(page)).toEqual([]);
      }
      if (say === 'ranking') await screenshot(page, 'lesson-mangoku-ranking-phone');
    },
  );
  expect(await page.$$eval('[data-testid=rank-row]', (rows) => rows.map((r) => (r as HTMLElement).dataset.seat))).toEqual(['0', '1']);
  expect(errors).toEqual([]);
});

test('the lesson speaks the language chosen on the home page (Japanese here), Next and all', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' }), 'JapaneseLearner');
  await page.goto(e2e.server.url);
  // A Japanese browser starts in Japanese: the home page's card, then the lesson, in its words.
  await page.waitForSelector(`[data-testid=learn] h2:text("${ja.tutorial.learn.title}")`);
  await page.click('[data-testid=learn-game][data-game=samurai]');
  await waitFor('the coach in Japanese', async () => (await coach(page)).text === ja.samurai.tutorial.welcome);
  expect(await page.textContent('[data-testid=coach-next]')).toBe(ja.tutorial.coach.next);
  expect(await page.textContent('[data-testid=coach-leave]')).toBe(ja.tutorial.coach.leave);
  await page.click('[data-testid=coach-next]');
  await waitFor('the second step in Japanese', async () => (await coach(page)).text === ja.samurai.tutorial.chooseHand);
  // Leaving the lesson goes home.
  await page.click('[data-testid=coach-leave]');
  await page.waitForSelector('[data-testid=home]');
  expect(errors).toEqual([]);
});
