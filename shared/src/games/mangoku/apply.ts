import { CARD_INDEX, CardId, isCardName } from './cards';
import { checkTakeOf, takeCard } from './effects/taking';
import { answerId, askingOf, EngineState, engineOf, OVER, writeBack } from './EngineState';
import { fail, MoveError, MoveFailure } from './errors';
import { MoveList } from './MoveList';
import { checkAnswerOf, giveAnswer } from './reactions';
import { cloneState, GameState, Move, Table } from './state';
import { checkChoice, isPlayChoiceShape } from './targets';
import { cardToPlay, checkPlayStep, finishTurn, playCard } from './turn';

export type MoveResult = { readonly ok: true; readonly state: GameState } | MoveFailure;

const NO_CARDS: readonly CardId[] = [];

/** Why this move is refused, or null when it is legal, judged on a working state. */
function checkMoveOf(e: EngineState, move: Move): MoveFailure | null {
  if (!move || typeof move !== 'object') return fail(MoveError.Malformed, 'A move is an object with a type.');
  const { seat } = move as { seat?: unknown };
  if (typeof seat !== 'number' || !Number.isInteger(seat)) return fail(MoveError.Malformed, 'A move names its seat.');
  const { players } = e.table;
  if (seat < 0 || seat >= players) return fail(MoveError.UnknownSeat, `There is no seat ${seat} with ${players} players.`);
  switch (move.type) {
    case 'play': {
      if (e.step === OVER) return fail(MoveError.GameOver);
      const { play } = move;
      const bad = checkPlayStep(e, seat);
      if (bad) return bad;
      if (!isPlayChoiceShape(play)) {
        return fail(MoveError.Malformed, 'A play is { card, ikki?: true, targets?: [one or two seats, or "centre"] }.');
      }
      return checkChoice(e.table, seat, CARD_INDEX[play.card], play.ikki === true, play.targets, e.hands[seat] ?? NO_CARDS, cardToPlay(e));
    }
    case 'answer':
      if (e.step === OVER) return fail(MoveError.GameOver);
      return checkAnswerOf(e, seat, answerId(move.answer));
    case 'take':
      if (!isCardName(move.card)) return fail(MoveError.Malformed, 'A take names a card.');
      if (e.step === OVER) return fail(MoveError.GameOver);
      return checkTakeOf(e, seat, CARD_INDEX[move.card]);
    default:
      return fail(MoveError.Malformed, `There is no move of type ${String((move as { type?: unknown }).type)}.`);
  }
}

/** Why this move is refused, or null when it is legal. Runs on a full state or a view. */
export function checkMove(table: Table, move: Move): MoveFailure | null {
  return checkMoveOf(askingOf(table), move);
}

/** Makes a move checkMoveOf allowed. */
function applyChecked(e: EngineState<GameState>, move: Move): void {
  switch (move.type) {
    case 'play': {
      const { play } = move;
      if (playCard(e, move.seat, CARD_INDEX[play.card], play.ikki === true, play.targets?.slice()) === 'done') finishTurn(e);
      break;
    }
    case 'answer':
      if (giveAnswer(e, move.seat, answerId(move.answer)) === 'done') finishTurn(e);
      break;
    case 'take':
      takeCard(e, CARD_INDEX[move.card]);
      break;
  }
}

/**
 * Makes move i of `list`, as applyMoveInPlace would the same move, for simulations: `list` was
 * listed for `seat` (listMoves, listDrawnMove) from this very state, so the move is one the checks
 * accept (legal.test.ts holds the two equal), and it is not checked again. A move from anywhere
 * else goes through applyMoveOf or applyMoveInPlace, which check it.
 */
export function makeListedMove(e: EngineState<GameState>, seat: number, list: MoveList, i: number): void {
  const what = list.what(i);
  switch (list.type) {
    case 'play':
      if (playCard(e, seat, what, list.ikki(i), list.targets(i)) === 'done') finishTurn(e);
      return;
    case 'answer':
      if (giveAnswer(e, seat, what) === 'done') finishTurn(e);
      return;
    case 'take':
      takeCard(e, what);
      return;
  }
}

/**
 * Applies a move to `state` itself (for simulations and bots, where copying would cost).
 * Returns null when applied; on a failure the state is untouched. Afterwards the game may wait
 * for chance (awaitsChance): settle it, or apply the outcome a record gives.
 */
export function applyMoveInPlace(state: GameState, move: Move): MoveFailure | null {
  const e = engineOf(state);
  const bad = checkMoveOf(e, move);
  if (bad) return bad;
  applyChecked(e, move);
  writeBack(e);
  return null;
}

/** A move checkMoveOf allowed, made on a simulation's working state (see simulate.ts). */
export function applyMoveOf(e: EngineState<GameState>, move: Move): MoveFailure | null {
  const bad = checkMoveOf(e, move);
  if (!bad) applyChecked(e, move);
  return bad;
}

/** State in, new state (or a typed refusal) out; the given state is never changed. */
export function applyMove(state: GameState, move: Move): MoveResult {
  const bad = checkMove(state, move);
  if (bad) return bad;
  const next = cloneState(state);
  const e = engineOf(next);
  applyChecked(e, move);
  writeBack(e);
  return { ok: true, state: next };
}
