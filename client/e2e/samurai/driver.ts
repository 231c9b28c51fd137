/** Driving the real game page the way people do: clicks, taps and keys, never messages. */
import { Page } from 'playwright-core';
import { pick, PlayingDriver, Player, waitFor } from '../support';

export interface GameState {
  phase: string;
  yourTurn: boolean;
  pending: boolean;
  seat: number;
  canEnd: boolean;
  canUndo: boolean;
}

export async function gameState(page: Page): Promise<GameState> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid=game]');
    const end = document.querySelector<HTMLButtonElement>('[data-testid=end-turn]');
    const undo = document.querySelector<HTMLButtonElement>('[data-testid=undo]');
    // Undefined while the page boots (its language loads before the app is made).
    const app = (window as unknown as { tableApp?: { current: { vm: { yourSeat: number } | null } } }).tableApp;
    return {
      phase: el?.dataset.phase ?? 'none',
      yourTurn: el?.dataset.yourTurn === 'true',
      pending: el?.dataset.pending === 'true',
      seat: app?.current.vm?.yourSeat ?? -1,
      canEnd: !!end && !end.hidden && !end.disabled,
      canUndo: !!undo && !undo.hidden && !undo.disabled,
    };
  });
}

/** Completed turns (passes included), as this page knows them. */
export async function turnsDone(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { tableApp?: { current: { vm: { view: { turns: unknown[] } | null } | null } } }).tableApp?.current.vm?.view?.turns.length ?? 0,
  );
}

/** A click, or a tap for a touch player. */
export async function press(player: Player, selector: string): Promise<void> {
  if (player.touch) await player.page.tap(selector);
  else await player.page.click(selector);
}

/** Where a target is on the page: a hex centre, or a piece inside a settlement (once the board is drawn). */
export async function targetPoint(page: Page, hex: string, caste: number): Promise<{ x: number; y: number }> {
  return waitFor(`the board to show ${hex}`, () =>
    page.evaluate(
      ([h, c]) => {
        const screen = (
          window as unknown as { tableApp: { current: { screen: { hexToClient(n: string): unknown; pieceToClient(n: string, c: number): unknown } | null } } }
        ).tableApp.current.screen;
        if (!screen || typeof screen.hexToClient !== 'function') return null;
        return (c >= 0 ? screen.pieceToClient(h as string, c as number) : screen.hexToClient(h as string)) as { x: number; y: number } | null;
      },
      [hex, caste] as const,
    ),
  );
}

export async function targets(page: Page): Promise<{ hex: string; caste: number }[]> {
  return page.$$eval('[data-testid=target]', (els) =>
    els.map((e) => ({ hex: (e as HTMLElement).dataset.hex!, caste: Number((e as HTMLElement).dataset.caste) })),
  );
}

/** Chooses a target on the board: by tap, by mouse, or with the keyboard (arrows, then Enter). */
export async function chooseTarget(player: Player, useKeyboard: boolean): Promise<void> {
  const { page } = player;
  const options = await waitFor('targets', async () => {
    const t = await targets(page);
    return t.length ? t : null;
  });
  if (useKeyboard) {
    await page.focus('[data-testid=board]');
    await page.keyboard.press(pick(['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']));
    await page.keyboard.press('Enter');
    return;
  }
  const target = pick(options);
  // As a person would: scroll the board fully into view first (on the phone it may be scrolled away).
  await page.$eval('[data-testid=board]', (el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
  });
  const p = await targetPoint(page, target.hex, target.caste);
  if (!player.touch) {
    await page.mouse.click(p.x, p.y);
    return;
  }
  // A finger's first tap on a play previews it; the second makes it, so the preview must leave the target free.
  await page.touchscreen.tap(p.x, p.y);
  if (!(await page.$eval('[data-testid=game]', (el, hex) => (el as HTMLElement).dataset.preview === hex, target.hex))) return;
  const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [p.x, p.y] as const);
  if (under !== 'CANVAS') throw new Error(`the preview of ${target.hex} covers it: a second tap there meets ${under}, not the board`);
  await page.touchscreen.tap(p.x, p.y);
}

export async function settled(page: Page): Promise<GameState> {
  return waitFor('the server to answer', async () => {
    const s = await gameState(page);
    return s.pending ? null : s;
  });
}

/** One plain tile (not the switch or the move) and the end of the turn, through the UI. */
export async function playOneTurn(player: Player): Promise<void> {
  const { page } = player;
  const playable = '[data-testid=hand-tile][data-playable=true]:not([data-tile=switch]):not([data-tile=move])';
  const tile = await page.$eval(playable, (e) => (e as HTMLElement).dataset.tile!);
  await page.click(`[data-testid=hand-tile][data-tile=${tile}]`);
  await chooseTarget(player, false);
  await waitFor('the end of the turn to be allowed', async () => (await settled(page)).canEnd);
  const before = await turnsDone(page);
  await page.click('[data-testid=end-turn]');
  // Counted, not read from whose turn it is: a bot may play the next turn before anyone looks.
  await waitFor('the turn to end', async () => (await turnsDone(page)) > before);
}

/** The game log's lines as a page shows them. */
export function logLines(player: Player): Promise<(string | null)[]> {
  return player.page.$$eval('[data-testid=log] li', (els) => els.map((e) => e.textContent));
}

/** Samurai for the table's tests (support.ts's GameDriver). */
export const driver: PlayingDriver = {
  type: 'samurai',
  title: 'Samurai',
  playerCounts: [2, 3, 4],
  async chooseRoom(page, players) {
    for (const option of ['#create-game-samurai', `#create-players-${players}`, '#create-startingHands-random', '#create-setup-random'])
      await page.check(option, { force: true });
  },
  async state(page) {
    const s = await gameState(page);
    return { playing: s.phase === 'play', yourTurn: s.yourTurn, pending: s.pending, seat: s.seat };
  },
  turnsDone,
  playOneTurn,
  logLines,
  handSelector: '[data-testid=hand-tile]',
};
