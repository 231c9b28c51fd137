import { isCardName } from './cards';
import { checkTake, takeCard } from './effects/taking';
import { fail, MoveError, MoveFailure } from './errors';
import { checkAnswer, giveAnswer } from './reactions';
import { cloneState, GameState, Move, Table } from './state';
import { checkPlay, finishTurn, playCard } from './turn';

export type MoveResult = { readonly ok: true; readonly state: GameState } | MoveFailure;

/** Why this move is refused, or null when it is legal. Runs on a full state or a view. */
export function checkMove(table: Table, move: Move): MoveFailure | null {
  if (!move || typeof move !== 'object') return fail(MoveError.Malformed, 'A move is an object with a type.');
  const { seat } = move as { seat?: unknown };
  if (typeof seat !== 'number' || !Number.isInteger(seat)) return fail(MoveError.Malformed, 'A move names its seat.');
  if (seat < 0 || seat >= table.players) return fail(MoveError.UnknownSeat, `There is no seat ${seat} with ${table.players} players.`);
  switch (move.type) {
    case 'play':
      if (table.step.kind === 'over') return fail(MoveError.GameOver);
      return checkPlay(table, seat, move.play);
    case 'answer':
      if (table.step.kind === 'over') return fail(MoveError.GameOver);
      return checkAnswer(table, seat, move.answer);
    case 'take':
      if (!isCardName(move.card)) return fail(MoveError.Malformed, 'A take names a card.');
      if (table.step.kind === 'over') return fail(MoveError.GameOver);
      return checkTake(table, seat, move.card);
    default:
      return fail(MoveError.Malformed, `There is no move of type ${String((move as { type?: unknown }).type)}.`);
  }
}

/** Makes a move checkMove allowed. */
function applyChecked(state: GameState, move: Move): void {
  switch (move.type) {
    case 'play':
      if (playCard(state, move.seat, move.play) === 'done') finishTurn(state);
      break;
    case 'answer':
      if (giveAnswer(state, move.seat, move.answer) === 'done') finishTurn(state);
      break;
    case 'take':
      takeCard(state, move.card);
      break;
  }
}

/**
 * Applies a move to `state` itself (for simulations and bots, where copying would cost).
 * Returns null when applied; on a failure the state is untouched. Afterwards the game may wait
 * for chance (awaitsChance): settle it, or apply the outcome a record gives.
 */
export function applyMoveInPlace(state: GameState, move: Move): MoveFailure | null {
  const bad = checkMove(state, move);
  if (!bad) applyChecked(state, move);
  return bad;
}

/** State in, new state (or a typed refusal) out; the given state is never changed. */
export function applyMove(state: GameState, move: Move): MoveResult {
  const bad = checkMove(state, move);
  if (bad) return bad;
  const next = cloneState(state);
  applyChecked(next, move);
  return { ok: true, state: next };
}
