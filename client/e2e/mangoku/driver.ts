/**
 * Driving Mangoku's card table the way people do: a mouse on the canvas, a finger on a phone, or
 * the keyboard; never by messages. What a player may do is read from that player's own page (its
 * view of the game, which holds no one else's hand) and chosen with the engine.
 */
import { Page } from 'playwright-core';
import { mangoku } from '@samurai/shared';
import { heldCards, playSource } from '../../src/games/mangoku/model/interaction';
import { GameDriver, waitFor } from '../support';

export type How = 'mouse' | 'touch' | 'keyboard';

export interface Person {
  readonly label: string;
  readonly page: Page;
  readonly errors: string[];
  readonly how: How;
}

export interface TableState {
  /** The game screen has its table drawn. */
  readonly ready: boolean;
  readonly step: string;
  readonly yourTurn: boolean;
  readonly pending: boolean;
  readonly seat: number;
  /** The page's own view of the game (null before a game). */
  readonly view: mangoku.GameView | null;
  /** The answers the open prompt offers now (enabled buttons). */
  readonly answers: mangoku.Answer[];
  /** The cards the take chooser offers now. */
  readonly takes: mangoku.CardName[];
  readonly result: boolean;
}

export async function tableState(page: Page): Promise<TableState> {
  return page.evaluate(() => {
    type App = { current: { vm: { yourSeat: number; view: unknown } | null; screen: { screen?: unknown } | null } };
    const app = (window as unknown as { tableApp: App }).tableApp;
    const game = document.querySelector<HTMLElement>('[data-testid=game]');
    const buttons = (selector: string, key: string) => [...document.querySelectorAll<HTMLElement>(selector)].map((b) => b.dataset[key]!);
    return {
      ready: game?.dataset.tableReady === 'true',
      step: game?.dataset.step ?? 'none',
      yourTurn: game?.dataset.yourTurn === 'true',
      pending: game?.dataset.pending === 'true',
      seat: app.current.vm?.yourSeat ?? -1,
      view: (app.current.vm?.view ?? null) as never,
      answers: buttons('[data-testid=prompt]:not([hidden]) [data-testid=answer]:not([disabled])', 'answer') as never,
      takes: buttons('[data-testid=take-chooser]:not([hidden]) [data-testid=take]:not([disabled])', 'card') as never,
      result: !!document.querySelector('[data-testid=result]'),
    };
  });
}

/** The game screen's hooks (where things are, what is chosen): read on the page, never a secret. */
interface ScreenHooks {
  cardPoint(index: number): { x: number; y: number } | null;
  placePoint(place: mangoku.Target): { x: number; y: number } | null;
  readonly choosing: { selection: { card: string | null; ikki: boolean; targets: mangoku.Target[] }; focusCard: number; focusTarget: mangoku.Target | null };
}

type HookWindow = { tableApp: { current: { screen: { screen: ScreenHooks } } } };

async function cardPoint(page: Page, index: number) {
  return page.evaluate((i) => (window as unknown as HookWindow).tableApp.current.screen.screen.cardPoint(i), index);
}

async function placePoint(page: Page, target: mangoku.Target) {
  return page.evaluate((t) => (window as unknown as HookWindow).tableApp.current.screen.screen.placePoint(t), target);
}

async function at(person: Person, where: () => Promise<{ x: number; y: number } | null>, what: string): Promise<void> {
  let point = await where();
  // As a person would: scroll the place into view first (on a phone, or zoomed in, the page
  // scrolls, and the bar with Play stays at the bottom of the window).
  const height = await person.page.evaluate(() => window.innerHeight);
  if (point && (point.y < 0 || point.y > height - 70)) {
    await person.page.evaluate((dy) => window.scrollBy(0, dy), point.y - height / 2);
    point = await where();
  }
  if (!point) throw new Error(`${person.label}: no point for ${what}`);
  if (person.how === 'touch') await person.page.touchscreen.tap(point.x, point.y);
  else await person.page.mouse.click(point.x, point.y);
}

async function press(person: Person, selector: string): Promise<void> {
  if (person.how === 'touch') await person.page.tap(selector);
  else await person.page.click(selector);
}

async function choosing(page: Page): Promise<ScreenHooks['choosing']> {
  return page.evaluate(() => (window as unknown as HookWindow).tableApp.current.screen.screen.choosing);
}

/** Chooses held card `index`: a tap or click on the table, or its number key. */
export async function chooseCard(person: Person, index: number): Promise<void> {
  if (person.how === 'keyboard') {
    await person.page.keyboard.press(String(index + 1));
    return;
  }
  await at(person, () => cardPoint(person.page, index), `card ${index}`);
}

/** Aims the chosen card: a tap or click on the seat (or the centre pile), or arrow keys to it and Enter. */
export async function chooseTarget(person: Person, target: mangoku.Target): Promise<void> {
  if (person.how === 'keyboard') {
    for (let i = 0; i < 8 && (await choosing(person.page)).focusTarget !== target; i++) await person.page.keyboard.press('ArrowDown');
    if ((await choosing(person.page)).focusTarget !== target) throw new Error(`${person.label}: the arrow keys never reached ${target}`);
    await person.page.keyboard.press('Enter');
    return;
  }
  await at(person, () => placePoint(person.page, target), `target ${target}`);
}

/** Puts `play` down through the table: its card (and the Ikki's second Peasant), its targets, then Play. */
export async function putDown(person: Person, view: mangoku.GameView, play: mangoku.PlayChoice, beforePlay?: () => Promise<unknown>): Promise<void> {
  const seat = view.viewer as number;
  const held = heldCards(view, seat);
  const fromTaken = playSource(view, seat) === 'taken';
  // A card just taken is chosen already; otherwise the first of its kind in the hand.
  if (!fromTaken) await chooseCard(person, held.indexOf(play.card));
  if (play.ikki) {
    const second = fromTaken ? held.indexOf('peasant') : held.indexOf('peasant', held.indexOf('peasant') + 1);
    await chooseCard(person, second);
  }
  for (const t of play.targets ?? []) await chooseTarget(person, t);
  const chosen = (await choosing(person.page)).selection;
  const wanted = { card: play.card, ikki: Boolean(play.ikki), targets: [...(play.targets ?? [])].sort() };
  expect({ ...chosen, targets: [...chosen.targets].sort() }).toEqual(wanted);
  await beforePlay?.();
  if (person.how === 'keyboard') {
    // Enter plays once the play is whole (the focus not on a button).
    await person.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await person.page.keyboard.press('Enter');
  } else await press(person, '[data-testid=play]');
  await settled(person);
}

/** Answers the open prompt: its button, or its key (M, P, D, A). */
export async function answer(person: Person, what: mangoku.Answer): Promise<void> {
  const state = await waitFor(`${person.label} to be asked`, async () => {
    const s = await tableState(person.page);
    return s.answers.length ? s : null;
  });
  if (!state.answers.includes(what)) throw new Error(`${person.label} may not answer ${what} (offered: ${state.answers.join(', ')})`);
  if (person.how === 'keyboard') await person.page.keyboard.press({ monk: 'm', pay: 'p', defend: 'd', accept: 'a' }[what]);
  else await press(person, `[data-testid=prompt] [data-testid=answer][data-answer=${what}]`);
  await settled(person);
}

/** Takes a card from the chooser (Nobleman, Kabuki): its button, or its number key. */
export async function take(person: Person, card: mangoku.CardName): Promise<void> {
  const state = await tableState(person.page);
  if (person.how === 'keyboard') await person.page.keyboard.press(String(state.takes.indexOf(card) + 1));
  else await press(person, `[data-testid=take-chooser] [data-testid=take][data-card=${card}]`);
  await settled(person);
}

export async function settled(person: Person): Promise<TableState> {
  return waitFor(`${person.label}'s move to be answered`, async () => {
    const s = await tableState(person.page);
    return s.pending ? null : s;
  });
}

/** Waits until the game waits for this person (to play, take or answer). */
export async function theirTurn(person: Person): Promise<TableState> {
  return waitFor(`${person.label}'s turn`, async () => {
    const s = await tableState(person.page);
    return s.ready && s.yourTurn && !s.pending ? s : null;
  });
}

/** Mangoku for the table's tests (support.ts's GameDriver): rooms, not yet a whole game's play. */
export const driver: GameDriver = {
  type: 'mangoku',
  title: 'Mangoku',
  playerCounts: [2, 3, 4, 5, 6],
  async chooseRoom(page, players) {
    for (const option of ['#create-game-mangoku', `#create-players-${players}`]) await page.check(option, { force: true });
  },
};
