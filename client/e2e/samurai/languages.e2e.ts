/**
 * Samurai's own words in other languages: a game played in French against a bot. The game
 * screen's words, a log line and a refused move's error are in French (the error worded from its
 * code by the client, not the server's English), and switching to Japanese in the middle of a
 * choice redraws its words at once with nothing lost; Japanese breaks a line between phrases.
 * Screenshots of the game screen for the README (docs/screenshots).
 */
import { logTexts, sendRaw, startAgainstBot, text, values } from '../game-words';
import { openPage, screenshot, useServerAndBrowser, waitFor } from '../support';
import { wordsOf } from '../../src/i18n/word-trees';
import { chooseTarget } from './driver';

const fr = wordsOf('fr');
const ja = wordsOf('ja');

const e2e = useServerAndBrowser();

test('Samurai in French: the screen, the log and a refused move; switched to Japanese mid-choice, the choice kept', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const { page, errors } = await openPage(context, 'Fleur');
  await startAgainstBot(e2e.server.url, page, 'Fleur');
  const words = fr.samurai;

  // The starting hand's chooser and the screen's own words, in French.
  await page.waitForSelector('[data-testid=hand-chooser]');
  expect(await text(page, '#chooser-title')).toBe(words.chooser.title);
  expect(await text(page, '[data-testid=rules]')).toBe(words.game.rules);
  expect(await text(page, '[data-testid=leave-game]')).toBe(words.game.leave);
  expect(await text(page, '[data-testid=turn-banner] strong')).toBe(words.status.chooseHand);
  expect(await page.getAttribute('[data-testid=board]', 'aria-label')).toBe(words.game.board);

  // A refused move, worded by the client from the engine's code: ending a turn while hands are chosen.
  await sendRaw(page, 'endTurn');
  const toast = await page.waitForSelector('[data-testid=toast-error]');
  expect(values(fr.samurai.errors)).toContain(((await toast.textContent()) ?? '').trim());

  // Five tiles picked, then the language switched: the words change at once, the tiles stay picked.
  await page.click('.chooser button.quiet:not([data-testid=hint-button])');
  const picked = () => page.$$eval('[data-testid=choose-tile][aria-pressed=true]', (b) => b.map((x) => (x as HTMLElement).dataset.tile).join(','));
  const before = await picked();
  expect(before.split(',')).toHaveLength(5);
  await page.selectOption('[data-testid=table-bar] [data-testid=language]', 'ja');
  await waitFor('the chooser in Japanese', async () => (await text(page, '#chooser-title')) === ja.samurai.chooser.title);
  expect(await text(page, '[data-testid=rules]')).toBe(ja.samurai.game.rules);
  expect(await text(page, '[data-testid=turn-banner] strong')).toBe(ja.samurai.status.chooseHand);
  expect(await picked()).toBe(before);
  expect(await text(page, '[data-testid=chosen-count]')).toBe(ja.samurai.chooser.chosen.replace('{{size}}', '5').replace('{{chosen}}', '5'));

  // Back to French; the hand kept, then the setup: a log line of its own in French.
  await page.selectOption('[data-testid=table-bar] [data-testid=language]', 'fr');
  await waitFor('the chooser in French', async () => (await text(page, '#chooser-title')) === words.chooser.title);
  await page.click('[data-testid=confirm-hand]');
  const chose = words.log.hand.replace('{{name}}', 'Fleur');
  await waitFor('the log in French', async () => (await logTexts(page)).includes(chose));
  // Placing pieces: the supply panel and the prompt in French (the greedy bot places too).
  await page.waitForSelector('[data-testid=supply]:not([hidden])');
  await page.waitForSelector('[data-testid=game][data-board-ready=true][data-your-turn=true]');
  expect(await text(page, '[data-testid=turn-banner] strong')).toBe(words.status.placePieceYours);
  await chooseTarget({ label: 'Fleur', page, errors, touch: false }, false);
  await waitFor('a piece placed, told in French', async () => (await logTexts(page)).some((line) => /^Fleur a placé (un|une) .+\.$/.test(line)));
  expect(await text(page, '.log-panel .panel-title')).toBe(words.log.title);
  await screenshot(page, 'samurai-game-fr');
  expect(errors).toEqual([]);
  await context.close();
});

test('Japanese breaks a line between phrases, never inside a word', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' }), 'JapaneseLines');
  await startAgainstBot(e2e.server.url, page, 'Ann');
  // "Let a bot play for me", on your card: too long for one line there.
  await page.waitForSelector('[data-testid=stand-in-me]');
  const lines = await page.$eval('[data-testid=stand-in-me]', (el) => {
    const text = el.firstChild as Text;
    const byTop = new Map<number, string>();
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      byTop.set(top, (byTop.get(top) ?? '') + text.data[i]);
    }
    return [...byTop.values()];
  });
  expect(lines.join('')).toBe(ja.samurai.seats.standInMe);
  expect(lines.length).toBeGreaterThan(1);
  // Each line whole phrases: ボットに / 代わって / もらう, never 代わっ / て.
  const phrases = ['ボットに', '代わって', 'もらう'];
  for (const line of lines) expect(phrases.some((_, i) => phrases.slice(i).some((__, j) => phrases.slice(i, i + j + 1).join('') === line))).toBe(true);
  expect(errors).toEqual([]);
});
