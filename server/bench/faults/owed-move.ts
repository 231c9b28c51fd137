/**
 * What a seat owes the game now, in any game, decided as a person's browser would: from the room
 * state that browser received only (the game contract's client side), with the game's random bot
 * choosing among the legal moves. The server makes a seat's only move for it (its client must not).
 */
import { ClientTableState, Rng } from '@samurai/shared';
import { contractOf } from '../../src/test-support/TableClient';

/** A game's room type (the games' registry names them). */
export type GameKind = string;

/** A move owed: `key` names the position (once answered, the position changes), `choose` picks the move for it. */
export interface OwedMove {
  readonly key: string;
  choose(rng: Rng): { type: string; payload: unknown };
}

/** The move seat `seat` owes in `state` now, or null when the game waits for someone else. */
export function owedMove(game: GameKind, state: ClientTableState, seat: number): OwedMove | null {
  if (state.phase === 'lobby' || state.phase === 'over') return null;
  const contract = contractOf(game);
  const view: unknown = contract.viewFromRoom(state, seat);
  if (view === null || !contract.owesChoice(view, seat)) return null;
  return {
    key: `${state.game}|${JSON.stringify(view)}`,
    choose: (rng) => contract.request(contract.bots.random.chooseMove(view, seat, rng)),
  };
}

/** The game's public log as the state shows it (it only grows within a game: nobody here takes a move back). */
export function logOf(state: ClientTableState): readonly (number | string)[] {
  const log: ArrayLike<number | string> = (state as ClientTableState & { log: ArrayLike<number | string> }).log;
  return Array.from(log);
}
