/**
 * The games' own words in other languages: a Samurai game played in French and a Mangoku game in
 * Japanese, each against a bot. The game screen's words, a log line and a refused move's error are
 * in that language (the error worded from its code by the client, not the server's English), and
 * switching the language in the middle of a game redraws its words at once with nothing lost.
 * Screenshots of each game screen for the README (docs/screenshots).
 */
import { Page } from 'playwright-core';
import { chooseTarget } from './samurai/driver';
import { openPage, screenshot, useServerAndBrowser, waitFor } from './support';
import { wordsOf } from '../src/i18n/word-trees';

const fr = wordsOf('fr');
const ja = wordsOf('ja');

const e2e = useServerAndBrowser();

const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();
const logTexts = (page: Page) => page.$$eval('[data-testid=log] > li', (items) => items.map((li) => (li.textContent ?? '').trim()));

/** Every string of a language's block, flattened (to ask: is this text one of them?). */
function values(tree: object): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v as object)));
}

/** Sends a request the game refuses, straight through the page's connection (the screens never offer it). */
function sendRaw(page: Page, type: string, payload?: unknown): Promise<void> {
  return page.evaluate(
    ([t, p]) =>
      (window as unknown as { tableApp: { current: { connection: { send(type: string, payload?: unknown): void } } } }).tableApp.current.connection.send(
        t as string,
        p,
      ),
    [type, payload] as const,
  );
}

/** Creates a room of `game` with one bot and starts it. */
async function startAgainstBot(page: Page, name: string, game: 'samurai' | 'mangoku'): Promise<void> {
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', name);
  if (game === 'mangoku') {
    await page.check('#create-game-mangoku', { force: true });
    await page.check('#create-players-2', { force: true });
  }
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await page.click('[data-testid=add-bot] >> nth=0');
  await page.waitForFunction(() => !(document.querySelector('[data-testid=start]') as HTMLButtonElement).disabled);
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=game]');
}

test('Samurai in French: the screen, the log and a refused move; switched to Japanese mid-choice, the choice kept', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const { page, errors } = await openPage(context, 'Fleur');
  await startAgainstBot(page, 'Fleur', 'samurai');
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

test('Mangoku in Japanese: the screen, the log and a refused move, in Japanese', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
  const { page, errors } = await openPage(context, 'Hana');
  await startAgainstBot(page, 'Hana', 'mangoku');
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

test('Japanese breaks a line between phrases, never inside a word', async () => {
  const { page, errors } = await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' }), 'JapaneseLines');
  await startAgainstBot(page, 'Ann', 'samurai');
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
