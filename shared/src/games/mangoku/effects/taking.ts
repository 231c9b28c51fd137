/**
 * The cards that take a card and play it at once: Tea Master (at random from another player's
 * hand, drawn by chance), Nobleman (chosen after a look at another player's hand, shown to the
 * Nobleman's player only), Kabuki (any face-up card of the discard pile but itself). The taking
 * from a player is an effect on them and can be cancelled with a Monk; the player taken from
 * refills before the taken card is played.
 */
import { CARD_INDEX, CARD_NAMES, CardId, CardName, cardNames, distinctIds, holdsId, KABUKI, NOBLEMAN, removeId, TEA_MASTER, TITLE_OF } from '../cards';
import { ACCEPT, askingOf, DISCARD, EngineState, engineOf, TAKE } from '../EngineState';
import { fail, MoveError, MoveFailure } from '../errors';
import { refill } from '../hands';
import { ask, Next } from '../prompts';
import { GameState, PlayNode, Prompt, Table } from '../state';

export function beginTeaMaster(e: EngineState<GameState>, node: PlayNode): Next {
  return ask(e, TEA_MASTER, node.targets as number[]);
}

export function resolveTeaMaster(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  if (answers[0] !== ACCEPT) return 'done';
  e.toPick(prompt.by, prompt.seats[0]);
  return 'wait';
}

export function beginNobleman(e: EngineState<GameState>, node: PlayNode): Next {
  return ask(e, NOBLEMAN, node.targets as number[]);
}

export function resolveNobleman(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  if (answers[0] !== ACCEPT) return 'done';
  const state = e.table;
  const from = prompt.seats[0];
  const hand = e.hands[from]!;
  const turn = state.campaigns[state.campaigns.length - 1].turns.length;
  state.shown.push({ to: prompt.by, from, cards: cardNames(hand), why: 'nobleman', turn });
  e.toTake(prompt.by, from, distinctIds(hand));
  return 'wait';
}

/** The cards a Kabuki may take: every face-up card of the discard pile but itself. */
function kabukiOptionsOf(e: EngineState): CardId[] {
  const options = distinctIds(e.discard);
  removeId(options, KABUKI);
  return options;
}

/** The cards a Kabuki may take: every face-up card of the discard pile but itself. */
export function kabukiOptions(table: Table): CardName[] {
  return cardNames(kabukiOptionsOf(engineOf(table)));
}

export function beginKabuki(e: EngineState<GameState>): Next {
  const options = kabukiOptionsOf(e);
  if (options.length === 0) return 'done';
  e.toTake(e.table.active, DISCARD, options);
  return 'wait';
}

/** Why `seat` may not take `card` now, or null. */
export function checkTakeOf(e: EngineState, seat: number, card: CardId): MoveFailure | null {
  if (e.step !== TAKE) return fail(MoveError.WrongStep, 'There is no card to take now.');
  if (seat !== e.seat) return fail(MoveError.NotYourTurn);
  if (e.from === DISCARD && card === KABUKI) return fail(MoveError.KabukiItself);
  if (!e.options || !holdsId(e.options, card)) {
    return fail(MoveError.NotThere, `There is no ${TITLE_OF[card]} ${e.from === DISCARD ? 'face up in the discard pile' : `in seat ${e.from}'s hand`}.`);
  }
  return null;
}

/** Why `seat` may not take `card` now, or null. */
export function checkTake(table: Table, seat: number, card: CardName): MoveFailure | null {
  return checkTakeOf(askingOf(table), seat, CARD_INDEX[card]);
}

/** The card taken goes to the taker's hands, to be played at once. */
function takeInto(e: EngineState<GameState>, card: CardId): void {
  const chain = e.table.turn!.chain;
  chain[chain.length - 1].took = CARD_NAMES[card];
  e.taken = card;
  e.toPlay(e.table.active, true);
}

/** Takes a card checkTakeOf allowed. */
export function takeCard(e: EngineState<GameState>, card: CardId): Next {
  if (e.step !== TAKE) throw new Error('takeCard: no take awaited');
  if (e.from === DISCARD) {
    if (!removeId(e.discard, card)) throw new Error(`takeCard: no ${CARD_NAMES[card]} face up`);
    takeInto(e, card);
  } else {
    takeFromHand(e, e.from, card);
  }
  return 'wait';
}

/** A Tea Master's random card (or a Nobleman's chosen one) leaves `from`'s hand, who refills. */
export function takeFromHand(e: EngineState<GameState>, from: number, card: CardId): void {
  if (!removeId(e.hands[from]!, card)) throw new Error(`takeFromHand: seat ${from} holds no ${CARD_NAMES[card]}`);
  takeInto(e, card);
  refill(e, from);
}
