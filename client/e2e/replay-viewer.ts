/** The replay viewer as the games' browser tests drive it: record files dropped, steps watched. */
import { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGE_KEY } from '../src/i18n/languages';

/** A browser that chose `lang` before (the switch remembers it): every page starts in it. */
export async function contextIn(browser: Browser, lang: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-GB' });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);
  return context;
}

/** Drops `record` (JSON, or a file's text as it is) on the home page at `site`. */
export async function dropRecord(site: string, page: Page, name: string, record: unknown): Promise<void> {
  await page.goto(site);
  await page.setInputFiles('[data-testid=record-file]', {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(typeof record === 'string' ? record : JSON.stringify(record)),
  });
}

/** Drops `record` and waits for the viewer to be ready; resolves with its number of steps. */
export async function openRecord(site: string, page: Page, name: string, record: unknown): Promise<number> {
  await dropRecord(site, page, name, record);
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
  return Number(await page.getAttribute('[data-testid=replay]', 'data-steps'));
}

/** The viewer's perspectives ("eyes"), as its menu words them. */
export const perspectives = (page: Page) => page.$$eval('[data-testid=replay-perspective] option', (els) => els.map((e) => e.textContent));
/** A locale string with its variables filled in, as i18next does. */
export const fill = (words: string, vars: Record<string, string | number>) => words.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

/** What a person could act with on the replay's game screen, as it shows now (nothing, in a replay). */
export function liveControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const game = document.querySelector('[data-testid=replay-game]')!;
    const found: string[] = [];
    const controls = ['end-turn', 'undo', 'hint-button', 'stand-in', 'stand-in-me', 'resume', 'answer', 'take', 'rematch', 'play-card'];
    for (const id of controls) for (const el of game.querySelectorAll(`[data-testid=${id}]`)) if ((el as HTMLElement).checkVisibility()) found.push(id);
    // A hand of tiles or cards to choose from: buttons.
    for (const el of game.querySelectorAll('button[data-testid=hand-tile], button[data-testid=hand-card], button[data-testid=supply-caste]:not(:disabled)'))
      found.push(`button ${(el as HTMLElement).dataset.testid}`);
    if (game.querySelector('[data-testid=game]')?.getAttribute('data-your-turn') === 'true') found.push('your turn');
    if (game.querySelector('.turn-banner.yours')) found.push('the banner asks you');
    if (game.querySelector('.mk-actionbar')) found.push('the action bar');
    return found;
  });
}

/** Steps through the whole replay through `perspective`'s eyes, keeping what could be acted with at each step. */
export async function watchEveryStep(page: Page, perspective: string, steps: number, ready: string): Promise<string[]> {
  await page.selectOption('[data-testid=replay-perspective]', perspective);
  if (await page.isEnabled('[data-testid=replay-start]')) await page.click('[data-testid=replay-start]');
  const found: string[] = [];
  for (let step = 0; step < steps; step++) {
    if (step > 0) await page.click('[data-testid=replay-forward]');
    await page.waitForSelector(`[data-testid=replay][data-step="${step}"] [data-testid=game][${ready}=true]`);
    found.push(...(await liveControls(page)).map((c) => `step ${step}: ${c}`));
  }
  return found;
}

/** How far each hand of the row reaches past the window's right side (px; 0 when all fit). */
export function handsOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    let over = 0;
    for (const el of document.querySelectorAll('[data-testid=replay-hand], [data-testid=replay-hand] *'))
      over = Math.max(over, el.getBoundingClientRect().right - window.innerWidth);
    const row = document.querySelector('[data-testid=replay-hands]')!;
    return Math.max(over, row.scrollWidth - row.clientWidth);
  });
}
