/**
 * Accessibility as the browser tests check it: axe-core's serious and critical violations on a
 * page as it stands, reached through the DevTools protocol (page.evaluate of its source) as the
 * test's own code, so the page's strict Content-Security-Policy stays on; and the sizes a person
 * may use, where nothing may be wider than the window.
 */
import fs from 'node:fs';
import { BrowserContext, Page } from 'playwright-core';
import { createRoom, GameDriver, openPage, Player, waitFor, watchedPlayers } from './support';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[];
}

/** The serious and critical violations axe finds on the page as it is now, one line each. */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
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

export async function person(context: BrowserContext, label: string): Promise<Player> {
  const p: Player = { label, touch: false, ...(await openPage(context, label)) };
  watchedPlayers.push(p);
  return p;
}

export const laptop = { viewport: { width: 1280, height: 800 } };

/** Creates a room of `game` (2 seats, a bot in the second) from the home page at `site`; resolves with the invite link. */
export async function roomWithBot(site: string, page: Page, game: GameDriver, start = true): Promise<string> {
  const invite = await createRoom(game, site, page, 'Ann');
  await page.click('[data-testid=add-bot]');
  if (start) await page.click('[data-testid=start]:not([disabled])');
  return invite;
}

export async function openRules(page: Page): Promise<void> {
  await page.click('[data-testid=rules]');
  await page.waitForSelector('[data-testid=help][open]');
}

export async function closeRules(page: Page): Promise<void> {
  await page.click('[data-testid=help][open] [data-testid=dialog-close]');
  await waitFor('the rules closed', async () => !(await page.$('[data-testid=help][open]')));
}

/** Nothing on the page is wider than the window (a person at 200% zoom never scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Moves the replay to `step` through its slider, as a person dragging it would. */
export async function replayAt(page: Page, step: number, ready: string): Promise<void> {
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

/** Sizes a person may use: a small laptop window, and 200% zoom (half the CSS pixels, twice the device pixels). */
export const SIZES = [
  { name: '800×600', options: { viewport: { width: 800, height: 600 } } },
  { name: '200% zoom', options: { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 } },
] as const;
