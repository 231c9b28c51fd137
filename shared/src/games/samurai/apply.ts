import { fail, MoveError, MoveFailure } from './errors';
import { applyPlay, checkPlay, undoLastPlay } from './plays';
import { checkChooseHand, checkPlacePiece, chooseHand, placePiece } from './setup';
import { cloneState, GameState, Move, Table } from './state';
import { checkEndTurn, checkPass, checkUndo, endTurn, pass } from './turn';

export type MoveResult = { readonly ok: true; readonly state: GameState } | MoveFailure;

/** Why this move is refused, or null when it is legal. Runs on a full state or a view. */
export function checkMove(table: Table, move: Move): MoveFailure | null {
  if (!move || typeof move !== 'object') return fail(MoveError.Malformed, 'A move is an object with a type.');
  switch (move.type) {
    case 'chooseHand': {
      const r = checkChooseHand(table, move.seat, move.tiles);
      return Array.isArray(r) ? null : r;
    }
    case 'placePiece': {
      const r = checkPlacePiece(table, move.seat, move.hex, move.piece);
      return 'ok' in r ? r : null;
    }
    case 'play':
      return checkPlay(table, move.seat, move.play);
    case 'undo':
      return checkUndo(table, move.seat);
    case 'endTurn':
      return checkEndTurn(table, move.seat);
    case 'pass':
      return checkPass(table, move.seat);
    default:
      return fail(MoveError.Malformed, `There is no move of type ${String((move as { type?: unknown }).type)}.`);
  }
}

/** Makes a move checkMove allowed. */
function applyChecked(state: GameState, move: Move): void {
  switch (move.type) {
    case 'chooseHand':
      chooseHand(state, move.seat, checkChooseHand(state, move.seat, move.tiles) as number[]);
      break;
    case 'placePiece':
      placePiece(state, move.hex, move.piece);
      break;
    case 'play':
      applyPlay(state, move.play);
      break;
    case 'undo':
      undoLastPlay(state);
      break;
    case 'endTurn':
      endTurn(state);
      break;
    case 'pass':
      pass(state);
      break;
  }
}

/**
 * Applies a move to `state` itself (for simulations and bots, where copying would cost).
 * Returns null when applied; on a failure the state is untouched.
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
