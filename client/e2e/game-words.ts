/** A game's own words in a language, as its browser tests read them off the page. */
import { Page } from 'playwright-core';

export const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();
export const logTexts = (page: Page) => page.$$eval('[data-testid=log] > li', (items) => items.map((li) => (li.textContent ?? '').trim()));

/** Every string of a language's block, flattened (to ask: is this text one of them?). */
export function values(tree: object): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v as object)));
}

/** Sends a request the game refuses, straight through the page's connection (the screens never offer it). */
export function sendRaw(page: Page, type: string, payload?: unknown): Promise<void> {
  return page.evaluate(
    ([t, p]) =>
      (window as unknown as { tableApp: { current: { connection: { send(type: string, payload?: unknown): void } } } }).tableApp.current.connection.send(
        t as string,
        p,
      ),
    [type, payload] as const,
  );
}

/** Creates a room with one bot and starts it; `check` ticks the creation form's options first. */
export async function startAgainstBot(site: string, page: Page, name: string, check: readonly string[] = []): Promise<void> {
  await page.goto(site);
  await page.fill('[data-testid=name]', name);
  for (const option of check) await page.check(option, { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await page.click('[data-testid=add-bot] >> nth=0');
  await page.waitForFunction(() => !(document.querySelector('[data-testid=start]') as HTMLButtonElement).disabled);
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=game]');
}
