/**
 * The Hint in Samurai against a bot: it shows the greedy bot's move the way the game shows a
 * choice, with one sentence of why, and the move it shows is accepted when made.
 */
import { openPage, Player, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from '../support';
import { gameState, targetPoint } from './driver';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

/** How far the Samurai game has gone, move by move, as the page knows it. */
function progress(player: Player): Promise<number> {
  return player.page.evaluate(() => {
    const view = (
      window as unknown as {
        tableApp?: { current: { vm: { view: { placements: unknown[]; turns: unknown[]; turnPlays: unknown[]; handChosen: boolean[] } | null } | null } };
      }
    ).tableApp?.current.vm?.view;
    return view ? view.placements.length * 1000 + view.turns.length * 100 + view.turnPlays.length + view.handChosen.filter(Boolean).length * 100_000 : -1;
  });
}

/** The move the hint on show stands for ({ type, payload }), or null. */
async function hinted(player: Player): Promise<{ type: string; payload?: Record<string, never> } | null> {
  const text = await player.page.$eval('[data-testid=game]', (el) => (el as HTMLElement).dataset.hint ?? '');
  return text ? JSON.parse(text) : null;
}

test('Samurai: against a bot, Hint shows a move and why, and that move is accepted', async () => {
  const ann: Player = { label: 'AnnHint', touch: false, ...(await openPage(await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } }), 'Ann')) };
  watchedPlayers.push(ann);
  const { page } = ann;
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-chosen', '#create-setup-players']) await page.check(option, { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await page.click('[data-testid=add-bot] >> nth=0');
  await waitFor('the bot to sit down', async () => (await page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === 1);
  await page.click('[data-testid=start]:not([disabled])');

  // Choosing the hand: the hint picks five tiles in the chooser and says why.
  await page.click('[data-testid=hand-chooser] [data-testid=hint-button]');
  await page.waitForSelector('[data-testid=hand-chooser] [data-testid=hint-text]:not([hidden])');
  expect(await page.textContent('[data-testid=hand-chooser] [data-testid=hint-text]')).toMatch(/^Keep .+: strong tiles that bear on every caste\.$/);
  expect(await page.textContent('[data-testid=chosen-count]')).toBe('5 of 5 chosen');
  await page.click('[data-testid=confirm-hand]');

  // Then every move of Ann's is the hint's, through setup and three turns of play.
  const kinds = new Set<string>();
  for (let guard = 0; guard < 200; guard++) {
    const turns = await page.evaluate(
      () => (window as unknown as { tableApp: { current: { vm: { view: { turns: unknown[] } | null } | null } } }).tableApp.current.vm?.view?.turns.length ?? 0,
    );
    if (turns >= 6) break;
    const state = await gameState(page);
    if (!state.yourTurn || state.pending || state.phase === 'hands') {
      await new Promise((r) => setTimeout(r, 60));
      continue;
    }
    const before = await progress(ann);
    await page.keyboard.press('h'); // the shortcut, as the button's title says
    const move = await waitFor('a hint', () => hinted(ann));
    const sentence = (await page.textContent('[data-testid=hand] [data-testid=hint-text]'))!;
    expect(sentence).toMatch(/^[A-Z].*\.$/);
    expect(sentence).not.toMatch(/\d+,\d+/); // places in words, never in coordinates
    kinds.add(move.type);
    if (move.type === 'placePiece') {
      expect(sentence).toMatch(/^Place the /);
      const p = await targetPoint(page, (move.payload as unknown as { hex: string }).hex, -1);
      await page.mouse.click(p.x, p.y);
    } else if (move.type === 'play') {
      // The play is previewed where the game previews plays: its place on the board, the card beside it.
      const play = (move.payload as unknown as { play: { hex?: string; to?: string; swap?: { hex: string }[] } }).play;
      const place = play.hex ?? play.to ?? play.swap![1].hex;
      await waitFor('the hint’s preview', () => page.$eval('[data-testid=game]', (el, hex) => (el as HTMLElement).dataset.preview === hex, place));
      if (!kinds.has('shot')) await screenshot(page, 'hint-samurai').then(() => kinds.add('shot'));
      await page.click('[data-testid=preview-play]');
    } else {
      expect(move.type).toBe('endTurn');
      expect(await page.$eval('[data-testid=end-turn]', (el) => el.classList.contains('hinted'))).toBe(true);
      await page.click('[data-testid=end-turn]');
    }
    await waitFor('the hinted move to be accepted', async () => (await progress(ann)) > before);
    expect(await page.$('[data-testid=toast-error]')).toBeNull(); // no refusal from the server
    expect(await hinted(ann)).toBeNull(); // a hint is for its position only
  }
  kinds.delete('shot');
  expect([...kinds].sort()).toEqual(['endTurn', 'placePiece', 'play']);
  expect(ann.errors).toEqual([]);
  await ann.page.context().close();
});
