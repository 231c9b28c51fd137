/**
 * Mangoku's own words in Japanese: a game against a bot whose screen's words, a log line and a
 * refused move's error are in Japanese (the error worded from its code by the client, not the
 * server's English). Screenshots of the game screen for the README (docs/screenshots).
 */
import { logTexts, sendRaw, startAgainstBot, text, values } from '../game-words';
import { openPage, screenshot, useServerAndBrowser, waitFor } from '../support';
import { wordsOf } from '../../src/i18n/word-trees';

const ja = wordsOf('ja');

const e2e = useServerAndBrowser();

test('Mangoku in Japanese: the screen, the log and a refused move, in Japanese', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
  const { page, errors } = await openPage(context, 'Hana');
  await startAgainstBot(e2e.server.url, page, 'Hana', ['#create-game-mangoku', '#create-players-2']);
  const words = ja.mangoku;
  await page.waitForSelector('[data-testid=game][data-table-ready=true]');
  expect(await text(page, '[data-testid=rules]')).toBe(words.game.rules);
  expect(await text(page, '[data-testid=leave-game]')).toBe(words.game.leave);
  expect(await text(page, '.log-panel .panel-title')).toBe(words.log.title);

  // The log starts with the campaign, told in Japanese.
  const campaign = await waitFor('the first campaign in the log', async () => (await logTexts(page)).find((line) => line.startsWith('キャンペーン1：')));
  expect(
    [words.log.campaign.replace('{{n}}', '1').replace('{{name}}', '.+'), words.log.campaign_you.replace('{{n}}', '1')].some((p) =>
      new RegExp(`^${p}$`).test(campaign),
    ),
  ).toBe(true);
  // The banner says what the game waits for, in Japanese (the player's turn or the bot's).
  await waitFor('the banner in Japanese', async () => {
    const banner = await text(page, '[data-testid=turn-banner] strong');
    return banner === words.status.yourTurn || banner.endsWith('の番') || banner === words.status.answerNow || banner.startsWith('ボット');
  });

  // A refused move, worded by the client from the engine's code: taking a card when nothing is to be taken.
  await sendRaw(page, 'take', { card: 'monk' });
  const toast = await page.waitForSelector('[data-testid=toast-error]');
  expect(values(ja.mangoku.errors)).toContain(((await toast.textContent()) ?? '').trim());

  // Played on until a card of Hana's is down: its log line in Japanese.
  await waitFor(
    'a card played by Hana, told in Japanese',
    async () => {
      const state = await page.evaluate(() => {
        const root = document.querySelector<HTMLElement>('[data-testid=game]')!;
        return { yourTurn: root.dataset.yourTurn === 'true', step: root.dataset.step, pending: root.dataset.pending === 'true' };
      });
      if (state.yourTurn && !state.pending) {
        const answer = await page.$('[data-testid=answer]:not([disabled])');
        // The hand's buttons are for screen readers (visually hidden): pressed as a keyboard would.
        const press = (selector: string) =>
          page
            .$eval(selector, (el) => (el as HTMLElement).click())
            .then(
              () => true,
              () => false,
            );
        if (answer) await answer.click();
        else if (!(await press('[data-testid=take]')) && (await press('[data-testid=hand-card]'))) {
          await press('[data-testid=target]:not([disabled])');
          await press('[data-testid=play]:not([disabled]):not([hidden])');
        }
      }
      return (await logTexts(page)).some((line) => /^あなたは.+を出した/.test(line));
    },
    60_000,
  );
  expect(await text(page, '[data-testid=open-discard]')).toMatch(/^捨て札：表向き\d+枚$/);
  // The rules, in Japanese too (the engine's resolutions among them).
  await page.click('[data-testid=rules]');
  await page.waitForSelector('[data-testid=help][open]');
  expect(await text(page, '#mk-help-title')).toBe(words.help.title);
  expect(await text(page, '[data-resolution=empty-supply]')).toBe(words.help.resolutions.emptySupply);
  await page.click('[data-testid=help][open] [data-testid=dialog-close]');
  await waitFor('the rules closed', async () => !(await page.$('[data-testid=help][open]')));
  await screenshot(page, 'mangoku-game-ja');
  expect(errors).toEqual([]);
  await context.close();
});
