/**
 * Mangoku's guided first game on a phone, by touch: opened from the home page, the coach's steps
 * followed as a newcomer follows them, one wrong move explained and changing nothing, through a
 * reaction and a battle to the ranking.
 */
import { axeViolations, coach, expectClear, followLesson } from '../lesson-coach';
import { openPage, screenshot, takeCspViolations, useServerAndBrowser, waitFor } from '../support';
import { wordsOf } from '../../src/i18n/word-trees';
import { MANGOKU_LESSON } from '../../src/games/mangoku/tutorial/mangoku-lesson';

const en = wordsOf('en');
const MANGOKU = en.mangoku.tutorial;

const e2e = useServerAndBrowser();

afterEach(async () => {
  expect(await takeCspViolations()).toEqual([]);
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
