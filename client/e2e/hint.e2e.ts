/**
 * The Hint in games against a bot, both games: it shows the greedy bot's move the way the game
 * shows a choice, with one sentence of why, and the move it shows is accepted when made.
 */
import { mangoku } from '@samurai/shared';
import { gameState, targetPoint } from './samurai/driver';
import { Person, tableState } from './mangoku/driver';
import { openPage, Player, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from './support';

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

/** The Mangoku game as far as the page knows it (its view), to see a move taken. */
function mangokuView(person: Person): Promise<string> {
  return person.page.evaluate(() =>
    JSON.stringify((window as unknown as { tableApp: { current: { vm: { view: unknown } | null } } }).tableApp.current.vm?.view ?? null),
  );
}

test('Mangoku: against bots, Hint shows a play or an answer and why, and that move is accepted', async () => {
  const ann: Person = {
    label: 'AnnHintMk',
    how: 'mouse',
    ...(await openPage(await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } }), 'Ann')),
  };
  watchedPlayers.push({ ...ann, touch: false });
  const { page } = ann;
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', 'Ann');
  await page.check('#create-game-mangoku', { force: true });
  await page.check('#create-players-3', { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  for (let i = 0; i < 2; i++) {
    await page.click('[data-testid=add-bot] >> nth=0');
    await waitFor('a bot to sit down', async () => (await page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === i + 1);
  }
  await page.click('[data-testid=start]:not([disabled])');
  await waitFor('the table', async () => (await tableState(page)).ready);

  const done: Record<string, number> = {};
  for (let guard = 0; guard < 3000 && !(done.play >= 3 && done.answer >= 1); guard++) {
    const state = await tableState(page);
    if (state.result) {
      // A game can end before Ann has had three turns (CI saw one end after two): she calls a
      // rematch and goes on asking for hints in the next game.
      await page.click('[data-testid=rematch]');
      await waitFor('the rematch', async () => !(await tableState(page)).result);
      continue;
    }
    if (!state.yourTurn || state.pending) {
      await new Promise((r) => setTimeout(r, 40));
      continue;
    }
    // Asked to answer, Ann presses H; to play, the button.
    if (state.answers.length) await page.keyboard.press('h');
    else await page.click('[data-testid=hint-button]');
    const move = await waitFor('a hint', async () => {
      const text = await page.$eval('[data-testid=game]', (el) => (el as HTMLElement).dataset.hint ?? '');
      return text ? (JSON.parse(text) as mangoku.Move) : null;
    });
    const sentence = (await page.textContent('[data-testid=hint-text]'))!;
    expect(sentence).toMatch(/^[A-Z].*\.$/);
    const before = await mangokuView(ann);
    if (move.type === 'play') {
      expect(sentence).toMatch(/^Play /);
      // The play is chosen as a player chooses it: its card, and its targets picked.
      const chosen = await page.evaluate(
        () =>
          (window as unknown as { tableApp: { current: { screen: { screen: { choosing: { selection: unknown } } } } } }).tableApp.current.screen.screen.choosing
            .selection,
      );
      expect(chosen).toEqual({ card: move.play.card, ikki: !!move.play.ikki, targets: [...(move.play.targets ?? [])] });
      if (!done.play) await screenshot(page, 'hint-mangoku');
      await page.click('[data-testid=play]:not([disabled])');
    } else if (move.type === 'answer') {
      const hinted = `[data-testid=prompt] [data-testid=answer][data-answer=${move.answer}]`;
      expect(await page.$eval(hinted, (el) => el.classList.contains('hinted'))).toBe(true);
      if (!done.answer) await screenshot(page, 'hint-mangoku-answer');
      await page.click(hinted);
    } else {
      const hinted = `[data-testid=take-chooser] [data-testid=take][data-card=${move.card}]`;
      expect(await page.$eval(hinted, (el) => el.classList.contains('hinted'))).toBe(true);
      await page.click(hinted);
    }
    await waitFor('the hinted move to be accepted', async () => {
      const s = await tableState(page);
      return !s.pending && (await mangokuView(ann)) !== before;
    });
    expect(await page.$('[data-testid=toast-error]')).toBeNull(); // no refusal from the server
    done[move.type] = (done[move.type] ?? 0) + 1;
  }
  expect(done.play).toBeGreaterThanOrEqual(3);
  expect(done.answer).toBeGreaterThanOrEqual(1);
  expect(ann.errors).toEqual([]);
  await page.context().close();
});
