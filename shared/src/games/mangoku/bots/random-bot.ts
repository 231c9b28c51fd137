import { Rng } from '../../../random';
import { legalMoves } from '../legal';
import { Move, Table } from '../state';
import { Bot } from './bot';

/** A uniformly random choice among the seat's distinct legal moves. */
export function randomMove(table: Table, seat: number, rng: Rng): Move {
  const moves = legalMoves(table, seat);
  if (moves.length === 0) throw new Error(`random bot: seat ${seat} has no move in step ${table.step.kind}`);
  return moves[rng.int(moves.length)];
}

export const randomBot: Bot = { name: 'random', chooseMove: randomMove };
