/**
 * The cards that take a card and play it at once: Tea Master (at random from another player's
 * hand, drawn by chance), Nobleman (chosen after a look at another player's hand, shown to the
 * Nobleman's player only), Kabuki (any face-up card of the discard pile but itself). The taking
 * from a player is an effect on them and can be cancelled with a Monk; the player taken from
 * refills before the taken card is played.
 */
import { CARDS, CardName, distinctCards, removeCard } from '../cards';
import { fail, MoveError, MoveFailure } from '../errors';
import { refill } from '../hands';
import { ask, Next } from '../prompts';
import { Answer, GameState, PlayNode, Prompt, Table } from '../state';

export function beginTeaMaster(state: GameState, node: PlayNode): Next {
  return ask(state, 'teamaster', node.targets as number[]);
}

export function resolveTeaMaster(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  if (answers[0] !== 'accept') return 'done';
  state.step = { kind: 'pick', seat: prompt.by, from: prompt.seats[0] };
  return 'wait';
}

export function beginNobleman(state: GameState, node: PlayNode): Next {
  return ask(state, 'nobleman', node.targets as number[]);
}

export function resolveNobleman(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  if (answers[0] !== 'accept') return 'done';
  const from = prompt.seats[0];
  const cards = state.hands[from].slice();
  const turn = state.campaigns[state.campaigns.length - 1].turns.length;
  state.shown.push({ to: prompt.by, from, cards, why: 'nobleman', turn });
  state.step = { kind: 'take', seat: prompt.by, from, options: distinctCards(cards) };
  return 'wait';
}

/** The cards a Kabuki may take: every face-up card of the discard pile but itself. */
export function kabukiOptions(table: Table): CardName[] {
  return distinctCards(table.discard).filter((c) => c !== 'kabuki');
}

export function beginKabuki(state: GameState): Next {
  const options = kabukiOptions(state);
  if (options.length === 0) return 'done';
  state.step = { kind: 'take', seat: state.active, from: 'discard', options };
  return 'wait';
}

/** Why `seat` may not take `card` now, or null. */
export function checkTake(table: Table, seat: number, card: CardName): MoveFailure | null {
  const step = table.step;
  if (step.kind !== 'take') return fail(MoveError.WrongStep, 'There is no card to take now.');
  if (seat !== step.seat) return fail(MoveError.NotYourTurn);
  if (step.from === 'discard' && card === 'kabuki') return fail(MoveError.KabukiItself);
  if (!step.options || !step.options.includes(card)) {
    return fail(MoveError.NotThere, `There is no ${CARDS[card].title} ${step.from === 'discard' ? 'face up in the discard pile' : `in seat ${step.from}'s hand`}.`);
  }
  return null;
}

/** The card taken goes to the taker's hands, to be played at once. */
function takeInto(state: GameState, card: CardName): void {
  const chain = state.turn!.chain;
  chain[chain.length - 1].took = card;
  state.taken = card;
  state.step = { kind: 'play', seat: state.active, source: 'taken' };
}

/** Takes a card checkTake allowed. */
export function takeCard(state: GameState, card: CardName): Next {
  const step = state.step;
  if (step.kind !== 'take') throw new Error('takeCard: no take awaited');
  if (step.from === 'discard') {
    if (!removeCard(state.discard, card)) throw new Error(`takeCard: no ${card} face up`);
    takeInto(state, card);
  } else {
    takeFromHand(state, step.from, card);
  }
  return 'wait';
}

/** A Tea Master's random card (or a Nobleman's chosen one) leaves `from`'s hand, who refills. */
export function takeFromHand(state: GameState, from: number, card: CardName): void {
  if (!removeCard(state.hands[from], card)) throw new Error(`takeFromHand: seat ${from} holds no ${card}`);
  takeInto(state, card);
  refill(state, [from]);
}
