/**
 * The table's geometry at a moment later than Mangoku's start: its notices on a phone (opaque over
 * the header, their small cards whole), on its own page without a server, measured as
 * table-geometry.e2e.ts measures.
 */
import { measureTable, person, SIZES } from '../geometry';
import { screenshot, useServerAndBrowser } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

test('Mangoku’s notices on a phone are opaque and whole', async () => {
  const problems: string[] = [];
  // Mangoku's own page without a server: bots play on until a notice shows (a campaign's end, a reveal).
  const phone = await person(
    e2e.browser,
    'Phone',
    SIZES.find((s) => s.name === 'phone'),
  );
  await phone.page.goto(`${e2e.server.url}/mangoku.html?players=4&seat=spectator&delay=40&prompt=5`);
  await phone.page.waitForSelector('[data-testid=notices] .mk-notice', { timeout: 120_000 });
  await phone.page.evaluate(() => window.scrollTo(0, 0));
  // Once it has risen into place (it fades in): the bots play on meanwhile, and a notice shown just
  // now would be measured mid-fade on a busy machine, so every animation is brought to its end first.
  await phone.page.waitForTimeout(500);
  await phone.page.evaluate(() =>
    document.getAnimations().forEach((animation) => {
      if (Number.isFinite(animation.effect?.getComputedTiming().endTime)) animation.finish();
    }),
  );
  const g = await measureTable(phone.page);
  problems.push(...g.problems.filter((line) => /notice|mk-card|see-through/.test(line)).map((line) => `mangoku-notice-phone: ${line}`));
  await screenshot(phone.page, 'table-geometry/mangoku-notice-phone');
  expect(problems).toEqual([]);
  expect([...phone.errors]).toEqual([]);
  await phone.context.close();
});
