/** Mangoku's card table in the seat colours: the same colours and marks as the table's, six of them apart. */
import { SEAT_COLOURS } from '@samurai/shared';
import { openPage, screenshot, useServerAndBrowser } from '../support';

const e2e = useServerAndBrowser();

test('Mangoku’s table shows the same seat colours and marks, six of them apart', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Ann');
  await page.goto(`${e2e.server.url}/mangoku.html?players=6&seat=0&turns=6`);
  await page.waitForSelector('body[data-ready="1"]');
  const marks = await page.$$eval('[data-testid=seat-card] .seat-mark', (els) =>
    els.map((e) => ({ colour: getComputedStyle(e).backgroundColor, mark: e.innerHTML })),
  );
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  expect(marks.map((m) => m.colour)).toEqual(SEAT_COLOURS.slice(0, 6).map((c) => rgb(c.hex)));
  expect(new Set(marks.map((m) => m.mark)).size).toBe(6);
  await screenshot(page, 'mangoku-seat-colours');
  expect(errors).toEqual([]);
});
