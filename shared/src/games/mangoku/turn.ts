/**
 * A turn: draw (unless the supply is empty: then it is the campaign's last turn), play one card
 * (or two Peasants) and carry out its effect, including the plays of cards it takes; then the
 * next player still in the campaign, or the campaign's end.
 */
import { CARD_NAMES, CardId, CardName, insertId, NO_CARD, PEASANT, removeId } from './cards';
import { endCampaign } from './campaign-end';
import { beginEffect } from './effects';
import { EngineState, PLAY } from './EngineState';
import { fail, MoveError, MoveFailure } from './errors';
import { countInCampaign, isInCampaign, refill, seatAfter } from './hands';
import { Next } from './prompts';
import { AnswerRecord, campaignInPlay, GameState, Play, PlayNode, Target, TurnRecord } from './state';

/** `seat` begins a turn: draws the top card of the supply, if there is one. */
export function startTurn(e: EngineState<GameState>, seat: number): void {
  const state = e.table;
  const hand = e.hands[seat];
  if (!isInCampaign(state, seat) || !hand || hand.length === 0) throw new Error(`startTurn: seat ${seat} cannot play`);
  state.active = seat;
  state.hadTurn[seat] = true;
  state.emperor = false;
  // Resolution: with nothing to draw, the turn is still played, and the campaign ends after it.
  state.lastTurn = e.supplyLeft() === 0;
  if (!state.lastTurn) insertId(hand, e.draw());
  state.turn = { seat, chain: NO_PLAYS, answers: NO_ANSWERS };
  e.toPlay(seat, false);
}

/**
 * A new turn's chain and answers, shared by every turn until it has some (playCard and
 * resolvePrompt put new arrays in their place, made at their size): frozen, so a write to them
 * fails loudly.
 */
const NO_PLAYS = Object.freeze([]) as unknown as PlayNode[];
const NO_ANSWERS = Object.freeze([]) as unknown as AnswerRecord[];

/** Why `seat` may not put down a card now, before looking at the card (checkChoice judges the play), or null. */
export function checkPlayStep(e: EngineState, seat: number): MoveFailure | null {
  if (e.step !== PLAY) return fail(MoveError.WrongStep, 'No card is to be played now.');
  if (seat !== e.seat) return fail(MoveError.NotYourTurn);
  if (e.fromTaken && e.taken === NO_CARD) return fail(MoveError.NotYourTurn, 'This view does not show the card taken.');
  return null;
}

/** The card `seat` must play now (a card just taken), or NO_CARD when they play from the hand. */
export function cardToPlay(e: EngineState): CardId {
  return e.fromTaken ? e.taken : NO_CARD;
}

/**
 * Puts down a play checkPlayStep and checkChoice allowed (`targets` is the play's own copy): onto
 * the discard pile face up, the player refills (after an Ikki, before anyone answers; with the
 * supply empty, a player left with no card is eliminated, and the card still takes effect), then
 * its effect begins.
 */
export function playCard(e: EngineState<GameState>, seat: number, card: CardId, ikki: boolean, targets: Target[] | undefined): Next {
  const hand = e.hands[seat]!;
  if (e.step !== PLAY) throw new Error('playCard: no play awaited');
  if (e.fromTaken) e.taken = NO_CARD;
  else if (!removeId(hand, card)) throw new Error(`playCard: no ${CARD_NAMES[card]} in hand`);
  e.discard.push(card);
  if (ikki) {
    if (!removeId(hand, PEASANT)) throw new Error('playCard: no second Peasant');
    e.discard.push(PEASANT);
  }
  const node = playNode(CARD_NAMES[card], ikki, targets);
  const turn = e.table.turn!;
  // The turn's first play (most turns have no other): a chain made at its size (an empty
  // array's first push allocates room for 17).
  if (turn.chain.length === 0) turn.chain = [node];
  else turn.chain.push(node);
  refill(e, seat);
  return beginEffect(e, card, node);
}

/**
 * A chain's node, made with all its fields at once (a field added to an object after it is made
 * costs V8 a second allocation, for the fields that do not fit in it).
 */
function playNode(card: CardName, ikki: boolean, targets: Target[] | undefined): PlayNode {
  if (ikki) return targets ? { card, ikki: true, targets } : { card, ikki: true };
  return targets ? { card, targets } : { card };
}

/**
 * The turn's chain of plays as one nested Play, shaped as in records: in their key order (card,
 * ikki, targets, took, then), each made with all its fields at once, as playNode. The targets are
 * the nodes' own arrays, which nothing changes once a play is made.
 */
export function chainToPlay(chain: readonly PlayNode[], from = 0): Play {
  const node = chain[from];
  const { card, ikki, targets, took } = node;
  if (took === undefined || from + 1 >= chain.length) {
    if (ikki) return targets ? { card, ikki, targets } : { card, ikki };
    return targets ? { card, targets } : { card };
  }
  const then = chainToPlay(chain, from + 1);
  if (ikki) return targets ? { card, ikki, targets, took, then } : { card, ikki, took, then };
  return targets ? { card, targets, took, then } : { card, took, then };
}

/** Seat after `seat` still in the campaign. */
function nextInCampaign(state: GameState, seat: number): number {
  for (let k = 1; k <= state.players; k++) {
    const s = seatAfter(seat, k, state.players);
    if (isInCampaign(state, s)) return s;
  }
  return -1;
}

/**
 * The turn's plays are done: it goes into the campaign's record, then the campaign ends (an
 * Emperor; at most one player left; the turn began with nothing to draw) or the next player
 * still in the campaign takes a turn.
 */
export function finishTurn(e: EngineState<GameState>): void {
  const state = e.table;
  const turn = state.turn!;
  // The turn's own answers, and a lone play's own node (made as chainToPlay would make its play):
  // the turn ends here, and nothing changes them (a state's copy has its own).
  const chain = turn.chain;
  const play = chain.length === 1 && chain[0].took === undefined ? chain[0] : chainToPlay(chain);
  const record: TurnRecord = turn.answers.length ? { seat: turn.seat, play, answers: turn.answers } : { seat: turn.seat, play };
  campaignInPlay(state).turns.push(record);
  state.turn = null;
  if (state.emperor) endCampaign(e, 'emperor');
  else if (countInCampaign(state) <= 1) endCampaign(e, 'last-standing');
  else if (state.lastTurn) endCampaign(e, 'supply-empty');
  else startTurn(e, nextInCampaign(state, state.active));
}
