/**
 * The table's geometry at a moment later than Samurai's start: the starting hands chosen in a room
 * of four (the chooser floats over the board, never over the side panel), measured as
 * table-geometry.e2e.ts measures, at every size but a phone's, in English and German.
 */
import { measureTable, person, show, SIZES } from '../geometry';
import { screenshot, useServerAndBrowser, waitFor } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

test('the Samurai hand chooser keeps to the board', async () => {
  const problems: string[] = [];
  const host = await person(e2e.browser, 'Annabelle');
  await host.page.goto(e2e.server.url);
  await host.page.fill('[data-testid=name]', 'Annabelle');
  await host.page.check('#create-players-4', { force: true });
  await host.page.click('[data-testid=create]');
  await host.page.waitForSelector('[data-testid=lobby]');
  for (let bots = 1; bots < 4; bots++) {
    await host.page.click('[data-testid=add-bot]');
    await waitFor(`bot ${bots}`, async () => (await host.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === bots);
  }
  await host.page.click('[data-testid=start]:not([disabled])');
  await host.page.waitForSelector('[data-testid=hand-chooser]');
  for (const size of SIZES.filter((s) => s.name !== 'phone')) {
    for (const lang of ['en', 'de'] as const) {
      await show(host.page, size, lang);
      const name = `samurai-chooser-${size.name}-${lang}`;
      problems.push(...(await measureTable(host.page)).problems.map((line) => `${name}: ${line}`));
      // Beside the board (not on a phone, where the side panels are under it): the chooser leaves the side panel free.
      const covers = await host.page.evaluate(() => {
        const chooser = document.querySelector('[data-testid=hand-chooser]')!.getBoundingClientRect();
        const side = document.querySelector('.side')!.getBoundingClientRect();
        return getComputedStyle(document.querySelector('.game')!).display === 'grid' && chooser.right > side.left + 1;
      });
      if (covers) problems.push(`${name}: the chooser covers the side panel`);
      await screenshot(host.page, `table-geometry/${name}`);
    }
  }
  await host.context.close();

  expect(problems).toEqual([]);
});
