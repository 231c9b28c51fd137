/**
 * A browser holding a seat in a room the server does not know (now): the page keeps the seat,
 * says the room cannot be reached and that it keeps trying, and lets the player give the seat up.
 */
import { seatTokenKey } from '@samurai/shared';
import { openPage, screenshot, useServerAndBrowser, waitFor } from './support';

const e2e = useServerAndBrowser();
const CODE = 'K7M2PQ';
const TOKEN = 'a'.repeat(32);

test('a seat whose room is not found is kept, the page says it keeps trying, and "Give up my seat" forgets it', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 390, height: 844 } }), 'Ann');
  await page.goto(e2e.server.url);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [seatTokenKey(CODE), TOKEN]);
  const storedToken = () => page.evaluate((key) => localStorage.getItem(key), seatTokenKey(CODE));

  // The invite link of the room, as after a reload: the page tries its seat, finds no room, and waits.
  await page.goto(`${e2e.server.url}/?room=${CODE}`);
  await page.waitForSelector('[data-testid=home]');
  const bar = await page.waitForSelector('[data-testid=connection]:not([hidden])');
  await waitFor('the page to say it keeps trying', async () => /cannot be reached right now.*keeps trying/.test((await bar.textContent()) ?? ''));
  expect(await storedToken()).toBe(TOKEN);
  // The home page still offers the seat.
  expect(await page.textContent('[data-testid=return-to-game]')).toContain(CODE);
  await screenshot(page, 'seat-kept-missing-room');

  // "Return to your game" finds no room either: the seat is kept all the same.
  await page.click('[data-testid=return-to-game]');
  // (Its buttons are disabled while it tries.)
  await page.waitForSelector('[data-testid=return-to-game]:not([disabled])');
  expect(await page.textContent('[data-testid=connection]')).toMatch(/keeps trying/);
  expect(await storedToken()).toBe(TOKEN);

  await page.click('[data-testid=give-up]');
  await page.waitForSelector('[data-testid=connection]', { state: 'hidden' });
  expect(await storedToken()).toBeNull();
  expect(await page.$('[data-testid=return-to-game]')).toBeNull();
  expect(errors).toEqual([]);
});
