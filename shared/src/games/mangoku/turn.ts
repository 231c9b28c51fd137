/**
 * A turn: draw (unless the supply is empty: then it is the campaign's last turn), play one card
 * (or two Peasants) and carry out its effect, including the plays of cards it takes; then the
 * next player still in the campaign, or the campaign's end.
 */
import { insertCard, removeCard } from './cards';
import { endCampaign } from './campaign-end';
import { beginEffect } from './effects';
import { fail, MoveError, MoveFailure } from './errors';
import { countInCampaign, refill } from './hands';
import { Next } from './prompts';
import { checkPlayChoice } from './targets';
import { campaignInPlay, GameState, Play, PlayChoice, PlayNode, Table, TurnRecord } from './state';

/** `seat` begins a turn: draws the top card of the supply, if there is one. */
export function startTurn(state: GameState, seat: number): void {
  if (!state.inCampaign[seat] || state.hands[seat].length === 0) throw new Error(`startTurn: seat ${seat} cannot play`);
  state.active = seat;
  state.hadTurn[seat] = true;
  state.emperor = false;
  // Resolution: with nothing to draw, the turn is still played, and the campaign ends after it.
  state.lastTurn = state.supply.length === 0;
  if (!state.lastTurn) insertCard(state.hands[seat], state.supply.shift()!);
  state.turn = { seat, chain: [], answers: [] };
  state.step = { kind: 'play', seat, source: 'hand' };
}

/** Why `seat` may not put down `play` now, or null. */
export function checkPlay(table: Table, seat: number, play: PlayChoice): MoveFailure | null {
  const step = table.step;
  if (step.kind !== 'play') return fail(MoveError.WrongStep, 'No card is to be played now.');
  if (seat !== step.seat) return fail(MoveError.NotYourTurn);
  const taken = step.source === 'taken' ? table.taken : null;
  if (step.source === 'taken' && taken === null) return fail(MoveError.NotYourTurn, 'This view does not show the card taken.');
  return checkPlayChoice(table, seat, play, table.hands[seat] ?? [], taken);
}

/**
 * Puts down a play checkPlay allowed: onto the discard pile face up, the player refills (after an
 * Ikki, before anyone answers; with the supply empty, a player left with no card is eliminated,
 * and the card still takes effect), then its effect begins.
 */
export function playCard(state: GameState, seat: number, play: PlayChoice): Next {
  const hand = state.hands[seat];
  if (state.step.kind !== 'play') throw new Error('playCard: no play awaited');
  if (state.step.source === 'taken') state.taken = null;
  else if (!removeCard(hand, play.card)) throw new Error(`playCard: no ${play.card} in hand`);
  state.discard.push(play.card);
  const node: PlayNode = { card: play.card };
  if (play.ikki) {
    if (!removeCard(hand, 'peasant')) throw new Error('playCard: no second Peasant');
    state.discard.push('peasant');
    node.ikki = true;
  }
  if (play.targets) node.targets = play.targets.slice();
  state.turn!.chain.push(node);
  refill(state, [seat]);
  return beginEffect(state, node);
}

/** The turn's chain of plays as one nested Play, shaped as in records. */
export function chainToPlay(chain: readonly PlayNode[], from = 0): Play {
  const node = chain[from];
  const then = from + 1 < chain.length ? chainToPlay(chain, from + 1) : undefined;
  // Field by field in the records' key order (card, ikki, targets, took, then): cheaper than spreads.
  const play: { -readonly [K in keyof Play]: Play[K] } = { card: node.card };
  if (node.ikki) play.ikki = true;
  if (node.targets) play.targets = node.targets.slice();
  if (node.took !== undefined && then) {
    play.took = node.took;
    play.then = then;
  }
  return play;
}

/** Seat after `seat` still in the campaign. */
function nextInCampaign(state: GameState, seat: number): number {
  for (let k = 1; k <= state.players; k++) {
    const s = (seat + k) % state.players;
    if (state.inCampaign[s]) return s;
  }
  return -1;
}

/**
 * The turn's plays are done: it goes into the campaign's record, then the campaign ends (an
 * Emperor; at most one player left; the turn began with nothing to draw) or the next player
 * still in the campaign takes a turn.
 */
export function finishTurn(state: GameState): void {
  const turn = state.turn!;
  const record: TurnRecord = turn.answers.length
    ? { seat: turn.seat, play: chainToPlay(turn.chain), answers: turn.answers.slice() }
    : { seat: turn.seat, play: chainToPlay(turn.chain) };
  campaignInPlay(state).turns.push(record);
  state.turn = null;
  if (state.emperor) endCampaign(state, 'emperor');
  else if (countInCampaign(state) <= 1) endCampaign(state, 'last-standing');
  else if (state.lastTurn) endCampaign(state, 'supply-empty');
  else startTurn(state, nextInCampaign(state, state.active));
}
