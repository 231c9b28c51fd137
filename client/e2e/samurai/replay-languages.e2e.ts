/**
 * The replay viewer's own words in other languages: a record file opened in a browser whose
 * remembered language is French shows the viewer's controls, seats and position in fr.json's words;
 * the viewer's language switch redraws them in German at the same step. Refusals (a record that
 * breaks a rule, a file that is not JSON, a game the server does not have) are worded in French,
 * the rule by its move error's translation.
 */
import { exportRecord, greedyBot, HEXES, hexIndex, playGame, randomBot, seededRng } from '@samurai/shared';
import { text } from '../game-words';
import { contextIn, dropRecord, fill, perspectives } from '../replay-viewer';
import { openPage, screenshot, useServerAndBrowser } from '../support';
import { wordsOf } from '../../src/i18n/word-trees';

const de = wordsOf('de');
const fr = wordsOf('fr');

const e2e = useServerAndBrowser();

/** A whole 2-player Samurai game two bots played, as its record file says it. */
const samuraiRecord = () =>
  JSON.parse(
    JSON.stringify(
      exportRecord(playGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, [greedyBot, randomBot], seededRng(5), seededRng(6))),
    ),
  );

test('the viewer speaks French from the start, and German once switched in its header, at the same step', async () => {
  const context = await contextIn(e2e.browser, 'fr');
  const { page, errors } = await openPage(context, 'Viewer fr');
  const record = samuraiRecord();
  await dropRecord(e2e.server.url, page, 'partie.json', record);
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
  const steps = Number(await page.getAttribute('[data-testid=replay]', 'data-steps'));
  const words = fr.replay.viewer;

  // The bar and the controls: labels, titles, the play button, the seats (a file names nobody).
  expect(await text(page, '.replay-title')).toBe(fill(words.titleFile, { file: 'partie.json' }));
  expect(await text(page, '[data-testid=replay-play]')).toBe(words.play);
  expect(await text(page, '[data-testid=replay-home]')).toBe(words.home);
  for (const [id, label] of [
    ['start', words.toStart],
    ['turn-back', words.turnBack],
    ['back', words.back],
    ['forward', words.forward],
    ['turn-forward', words.turnForward],
    ['end', words.toEnd],
  ]) {
    expect([id, await page.getAttribute(`[data-testid=replay-${id}]`, 'title'), await page.getAttribute(`[data-testid=replay-${id}]`, 'aria-label')]).toEqual([
      id,
      label,
      label,
    ]);
  }
  expect(await page.getAttribute('[data-testid=replay-slider]', 'aria-label')).toBe(words.step);
  expect(await page.getAttribute('[data-testid=replay-perspective]', 'aria-label')).toBe(words.eyesLabel);
  expect(await page.getAttribute('[data-testid=replay-speed]', 'aria-label')).toBe(words.speed);
  expect(await page.getAttribute('[data-testid=replay-controls]', 'aria-label')).toBe(words.controls);
  expect(await text(page, '.replay-bar .replay-field > span')).toBe(words.eyes);
  expect(await text(page, '.replay-controls .replay-field > span')).toBe(words.speed);
  expect(await page.$$eval('[data-testid=replay-speed] option', (els) => els.map((e) => e.textContent))).toEqual(['0,5×', '1×', '2×', '4×', '8×']);
  expect(await perspectives(page)).toEqual([
    fr.samurai.replay.everything,
    fill(fr.replay.seat, { n: 1 }),
    fill(fr.replay.seat, { n: 2 }),
    fr.samurai.replay.spectator,
  ]);
  expect(await page.getAttribute('[data-testid=replay-hands]', 'aria-label')).toBe(fr.samurai.replay.everyHand);
  // The position: the game's words for where it is, then the step of how many.
  const position = () => text(page, '[data-testid=replay-position]');
  expect(await position()).toMatch(
    new RegExp(`^${fr.samurai.replay.setup}.* · ${fill(words.position_other, { where: '', step: 1, count: steps }).slice(' · '.length)}$`),
  );
  await page.click('[data-testid=replay-turn-forward]');
  await page.click('[data-testid=replay-turn-forward]');
  const step = Number(await page.getAttribute('[data-testid=replay]', 'data-step'));
  expect(await position()).toMatch(new RegExp(`^Tour \\d+ sur \\d+.* · étape ${step + 1} sur ${steps}$`));

  // Playing, then paused: the button says which.
  await page.click('[data-testid=replay-play]');
  expect(await text(page, '[data-testid=replay-play]')).toBe(words.pause);
  await page.click('[data-testid=replay-play]');
  expect(await text(page, '[data-testid=replay-play]')).toBe(words.play);
  await screenshot(page, 'replay-fr');

  // German, chosen in the viewer's own bar: every word follows, at the step it was at.
  const at = await page.getAttribute('[data-testid=replay]', 'data-step');
  await page.selectOption('.replay-bar [data-testid=language]', 'de');
  await page.waitForFunction((play) => document.querySelector('[data-testid=replay-play]')?.textContent === play, de.replay.viewer.play);
  expect(await page.getAttribute('[data-testid=replay]', 'data-step')).toBe(at);
  expect(await text(page, '.replay-title')).toBe(fill(de.replay.viewer.titleFile, { file: 'partie.json' }));
  expect(await page.getAttribute('[data-testid=replay-start]', 'title')).toBe(de.replay.viewer.toStart);
  expect(await perspectives(page)).toEqual([
    de.samurai.replay.everything,
    fill(de.replay.seat, { n: 1 }),
    fill(de.replay.seat, { n: 2 }),
    de.samurai.replay.spectator,
  ]);
  expect(await page.inputValue('[data-testid=replay-perspective]')).toBe('everything');
  expect(await position()).toMatch(new RegExp(`^Zug \\d+ von \\d+.* · Schritt ${Number(at) + 1} von ${steps}$`));
  expect(await page.getAttribute('[data-testid=replay-hands]', 'aria-label')).toBe(de.samurai.replay.everyHand);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  expect(errors).toEqual([]);
  await context.close();
});

test('refusals in French: a record that breaks a rule (the rule worded from its code), a file that is not JSON, a game the server does not have', async () => {
  const record = samuraiRecord();
  // A later turn's first tile laid again on an earlier turn's hex (both land): the hex is taken.
  const onLand = (t: { plays: { hex?: string }[] }) => !!t.plays[0]?.hex && HEXES[hexIndex(t.plays[0].hex)].kind === 'land';
  const turn = record.turns.findIndex(onLand);
  const later = record.turns.findIndex((t: { plays: { hex?: string }[] }, i: number) => i > turn && onLand(t));
  const tampered = JSON.parse(JSON.stringify(record));
  tampered.turns[later].plays[0].hex = record.turns[turn].plays[0].hex;

  const context = await contextIn(e2e.browser, 'fr');
  const { page, errors } = await openPage(context, 'Refused fr');
  await dropRecord(e2e.server.url, page, 'triche.json', tampered);
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await page.getAttribute('[data-testid=replay-error]', 'data-rule')).toBe('play/occupied');
  expect(await text(page, '[data-testid=replay-error] h1')).toBe(fr.replay.errors.title);
  expect(await page.$$eval('[data-testid=replay-error] .replay-message', (els) => els.map((e) => e.textContent))).toEqual([
    `${fr.replay.errors.breaksRules} ${fr.samurai.errors.play.occupied}`,
    // The engine's own account follows, in its English: where in the record.
    expect.stringMatching(new RegExp(`^${fr.replay.errors.details} turns\\[${later}\\]`)),
  ]);
  expect(await text(page, '[data-testid=replay-error]')).toContain(`${fr.replay.errors.brokenRule} play/occupied`);
  expect(await text(page, '[data-testid=replay-home]')).toBe(fr.replay.viewer.home);
  await screenshot(page, 'replay-refused-fr');

  await page.click('[data-testid=replay-home]');
  await dropRecord(e2e.server.url, page, 'notes.txt', 'bonjour');
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await text(page, '[data-testid=replay-error] .replay-message')).toMatch(
    new RegExp(`^${fill(fr.replay.errors.notJson, { detail: '.+' }).replace(/[()]/g, '\\$&')}$`),
  );

  await page.goto(`${e2e.server.url}/replay/ZZZZZZ/1`);
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await text(page, '[data-testid=replay-error] .replay-message')).toBe(fr.replay.errors.notFound);
  expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  await context.close();
});
