/**
 * Mangoku's replay in French: a record file opened in a browser whose remembered language is
 * French labels every hand's row in French and numbers the seats in French words.
 */
import { mangoku, seededRng } from '@samurai/shared';
import { text } from '../game-words';
import { contextIn, dropRecord, fill, perspectives } from '../replay-viewer';
import { openPage, useServerAndBrowser } from '../support';
import { wordsOf } from '../../src/i18n/word-trees';

const fr = wordsOf('fr');

const e2e = useServerAndBrowser();

test('Mangoku in French: every hand’s row labelled in French, the seats numbered in French words', async () => {
  const state = mangoku.playGame({ players: 3 }, [mangoku.greedyBot, mangoku.randomBot, mangoku.greedyBot], seededRng(21), seededRng(22));
  const context = await contextIn(e2e.browser, 'fr');
  const { page, errors } = await openPage(context, 'Mangoku fr');
  await dropRecord(e2e.server.url, page, 'mangoku.json', JSON.parse(JSON.stringify(mangoku.exportRecord(state))));
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
  expect(await page.getAttribute('[data-testid=replay-hands]', 'aria-label')).toBe(fr.mangoku.replay.everyHand);
  expect(await perspectives(page)).toEqual([fr.mangoku.replay.everything, ...[1, 2, 3].map((n) => fill(fr.replay.seat, { n })), fr.mangoku.replay.spectator]);
  expect(await text(page, '[data-testid=replay-play]')).toBe(fr.replay.viewer.play);
  expect(errors).toEqual([]);
  await context.close();
});
