import { Rng } from '../../../random';
import { legalMoves, legalPlayAt, legalPlayCount } from '../legal';
import { Move, Table } from '../state';
import { Bot } from './bot';

/** A uniformly random choice among the seat's distinct legal moves: legalMoves(…)[rng.int(count)]. */
export function randomMove(table: Table, seat: number, rng: Rng): Move {
  if (table.step.kind === 'play') {
    // Plays are counted, and only the one drawn is built (the same draw as from the whole list).
    const count = legalPlayCount(table, seat);
    if (count > 0) return { type: 'play', seat, play: legalPlayAt(table, seat, rng.int(count)) };
  }
  const moves = legalMoves(table, seat);
  if (moves.length === 0) throw new Error(`random bot: seat ${seat} has no move in step ${table.step.kind}`);
  return moves[rng.int(moves.length)];
}

export const randomBot: Bot = { name: 'random', chooseMove: randomMove };
