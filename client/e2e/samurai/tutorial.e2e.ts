/**
 * Samurai's guided first game: opened from the home page, the coach's steps followed as a
 * newcomer follows them (Next, or a click on each thing the coach rings, in order), one wrong move
 * explained and changing nothing, through the capture to the scoring; and in Japanese.
 */
import { axeViolations, coach, expectClear, followLesson, pressRing } from '../lesson-coach';
import { openPage, screenshot, takeCspViolations, useServerAndBrowser, waitFor } from '../support';
import { wordsOf } from '../../src/i18n/word-trees';
import { SAMURAI_LESSON } from '../../src/games/samurai/tutorial/samurai-lesson';

const en = wordsOf('en');
const ja = wordsOf('ja');
const SAMURAI = en.samurai.tutorial;

const e2e = useServerAndBrowser();

afterEach(async () => {
  expect(await takeCspViolations()).toEqual([]);
});

test('Samurai: the guided first game, from the home page to the scoring, with a wrong move explained', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Learner');
  await page.goto(e2e.server.url);
  await page.click('[data-testid=learn-game][data-game=samurai]');
  await page.waitForSelector('[data-testid=coach]');
  expect(new URL(page.url()).searchParams.get('learn')).toBe('samurai');

  await followLesson(
    page,
    false,
    ['hex', 'piece'],
    SAMURAI_LESSON.steps,
    SAMURAI,
    {
      at: 'playRice',
      // Rice 3 chosen, then put on another highlighted hex (through the board's list of places, as a screen reader does).
      act: async () => {
        const playRice = String(SAMURAI_LESSON.steps.findIndex((s) => s.say === 'playRice'));
        await pressRing(page, false, 0, false);
        await page.waitForSelector('[data-testid=target][data-hex="13,13"]', { state: 'attached' });
        await page.$eval('[data-testid=target][data-hex="13,13"]', (el) => (el as HTMLButtonElement).click());
        const c = await waitFor('the wrong move explained', async () => (await coach(page)).note);
        expect(c).toBe(SAMURAI.playRiceInstead);
        // Nothing changed: the same step, Rice 3 still in your hand, 13,13 still empty.
        expect((await coach(page)).step).toBe(playRice);
        expect(await page.$('[data-testid=hand-tile][data-tile=rice3]')).not.toBeNull();
        expectClear(await coach(page));
        // No bot plays your seat in a lesson: the coach says so, and nothing changes.
        await page.click('[data-testid=stand-in-me]');
        await waitFor('the coach to say you play your own seat', async () => (await coach(page)).note === en.tutorial.coach.ownSeat);
        expect((await coach(page)).step).toBe(playRice);
        // Rice 3 is still chosen: the ringed hex, clicked now, plays it.
        expect(await page.$('[data-testid=hand-tile][data-tile=rice3].selected')).not.toBeNull();
        await pressRing(page, false, 1, true);
        return true;
      },
    },
    async (say) => {
      if (say === 'playRice') {
        await screenshot(page, 'lesson-samurai');
        expect(await axeViolations(page)).toEqual([]);
      }
      if (say === 'scoring') await screenshot(page, 'lesson-samurai-scoring');
    },
  );
  // The game ended with the scoring: you won. Nobody hosts a lesson: no word of a host's rematch.
  expect(await page.textContent('[data-testid=winner]')).toMatch(/You/);
  const scoring = (await page.textContent('[data-testid=scoring]'))!;
  for (const words of [en.samurai.scoring.rematchOthers, en.samurai.scoring.rematchHost]) expect(scoring).not.toContain(words);
  // Back home from the lesson's end.
  await page.click('[data-testid=coach-home]');
  await page.waitForSelector('[data-testid=home]');
  expect(new URL(page.url()).searchParams.get('learn')).toBeNull();
  expect(errors).toEqual([]);
});

test('the lesson speaks the language chosen on the home page (Japanese here), Next and all', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' }), 'JapaneseLearner');
  await page.goto(e2e.server.url);
  // A Japanese browser starts in Japanese: the home page's card, then the lesson, in its words.
  await page.waitForSelector(`[data-testid=learn] h2:text("${ja.tutorial.learn.title}")`);
  await page.click('[data-testid=learn-game][data-game=samurai]');
  await waitFor('the coach in Japanese', async () => (await coach(page)).text === ja.samurai.tutorial.welcome);
  expect(await page.textContent('[data-testid=coach-next]')).toBe(ja.tutorial.coach.next);
  expect(await page.textContent('[data-testid=coach-leave]')).toBe(ja.tutorial.coach.leave);
  await page.click('[data-testid=coach-next]');
  await waitFor('the second step in Japanese', async () => (await coach(page)).text === ja.samurai.tutorial.chooseHand);
  // Leaving the lesson goes home.
  await page.click('[data-testid=coach-leave]');
  await page.waitForSelector('[data-testid=home]');
  expect(errors).toEqual([]);
});
