import { Rng } from '../../../random';
import { askingOf, EngineState, STEP_KINDS } from '../EngineState';
import { listDrawnMove } from '../legal';
import { MoveList } from '../MoveList';
import { Move, Table } from '../state';
import { Bot } from './bot';

/** One list for the functions below, which read it before they return (a new list costs a typed array). */
const SCRATCH = new MoveList();

/**
 * Draws one of the seat's distinct legal moves uniformly, as from the list listMoves makes: the
 * move is in `list`, at the index returned. The random bot's choice, shared with simulations,
 * which make the move without building it.
 */
export function drawRandomMove(e: EngineState, seat: number, rng: Rng, list: MoveList): number {
  if (!listDrawnMove(e, seat, rng, list)) throw new Error(`random bot: seat ${seat} has no move in step ${STEP_KINDS[e.step]}`);
  return 0;
}

/** A uniformly random choice among the seat's distinct legal moves. */
export function randomMove(table: Table, seat: number, rng: Rng): Move {
  const list = SCRATCH;
  return list.move(drawRandomMove(askingOf(table), seat, rng, list), seat);
}

export const randomBot: Bot = { name: 'random', chooseMove: randomMove };
