/**
 * The guided first game's coach as a newcomer meets it: read from the page (its step, words,
 * rings and bubble), followed step by step (Next, or a click on each thing it rings, in order).
 */
import fs from 'node:fs';
import { Page } from 'playwright-core';
import { waitFor } from './support';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Coach {
  /** The lesson's step (a number), 'free' or 'complete'. */
  step: string;
  botMoving: boolean;
  text: string;
  note: string | null;
  next: boolean;
  rings: { x: number; y: number; width: number; height: number }[];
  bubble: { left: number; top: number; right: number; bottom: number };
}

export async function coach(page: Page): Promise<Coach> {
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
 * `expected` of them, or at least the first where the rest appear only as you go (a button that
 * shows once a card is chosen).
 */
export async function steady(page: Page, expected: number, all: boolean): Promise<Coach> {
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
export function expectClear(c: Coach): void {
  for (const r of c.rings) {
    const inside = r.x > c.bubble.left && r.x < c.bubble.right && r.y > c.bubble.top && r.y < c.bubble.bottom;
    expect(inside).toBe(false);
  }
}

/** The serious and critical violations axe-core finds on the page as it is now (the coach over the game). */
export async function axeViolations(page: Page): Promise<string[]> {
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
export async function press(page: Page, touch: boolean, x: number, y: number, onBoard: boolean): Promise<void> {
  if (!touch) return page.mouse.click(x, y);
  await page.touchscreen.tap(x, y);
  if (onBoard && (await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.tagName === 'CANVAS', [x, y] as const)))
    await page.touchscreen.tap(x, y);
}

/** The page's coach step once it has moved on from `from`. */
export async function movedOn(page: Page, from: string): Promise<string> {
  return waitFor(`the lesson to move on from step ${from}`, async () => {
    const c = await coach(page);
    return c.step !== from ? c.step : null;
  });
}

/** Clicks (taps) what ring `index` is round, once it is drawn, scrolling it into sight first as a person would. */
export async function pressRing(page: Page, touch: boolean, index: number, onBoard: boolean): Promise<void> {
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
export async function followLesson(
  page: Page,
  touch: boolean,
  /** The target kinds a touch plays with two taps (the first previews the play). */
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
