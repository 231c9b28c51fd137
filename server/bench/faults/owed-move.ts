/**
 * What a seat owes the game now, in either game, decided as a person's browser would: from the
 * room state that browser received only, with the engine's random bot choosing among the legal
 * moves. The server passes for a Samurai seat that can only pass (its client must not).
 */
import { ClientRoomState, ClientTableState, legalMoves, mangoku, moveToIntent, randomBot, Rng, tableFromRoomState } from '@samurai/shared';

export type GameKind = 'samurai' | 'mangoku';

/** A move owed: `key` names the position (once answered, the position changes), `choose` picks the move for it. */
export interface OwedMove {
  readonly key: string;
  choose(rng: Rng): { type: string; payload: unknown };
}

function samuraiOwed(state: ClientRoomState, seat: number): OwedMove | null {
  const own = state.seats[seat];
  if (own?.hand === undefined) return null;
  const mustChoose = state.phase === 'hands' && !own.handChosen;
  const toAct = (state.phase === 'pieces' || state.phase === 'play') && state.seat === seat;
  if (!mustChoose && !toAct) return null;
  const table = tableFromRoomState(state, seat);
  if (toAct) {
    const moves = legalMoves(table, seat);
    if (moves.length === 1 && moves[0].type === 'pass') return null;
  }
  return {
    key: `${state.game}:${state.phase}:${state.log.length}:${state.seat}:${own.handChosen}`,
    choose: (rng) => moveToIntent(randomBot.chooseMove(table, seat, rng)),
  };
}

function mangokuOwed(state: mangoku.ClientRoomState, seat: number): OwedMove | null {
  const own = state.seats[seat];
  if (state.phase !== 'play' || own?.hand === undefined) return null;
  const view = mangoku.viewFromRoomState(state, seat)?.view;
  if (!view || mangoku.legalMoves(view, seat).length === 0) return null;
  return {
    key: [state.game, state.log.length, state.step, state.turn, own.hand, own.answer, own.taken].join('|'),
    choose: (rng) => mangoku.moveToIntent(mangoku.BOTS.random.chooseMove(view, seat, rng)),
  };
}

/** The move seat `seat` owes in `state` now, or null when the game waits for someone else. */
export function owedMove(game: GameKind, state: ClientTableState, seat: number): OwedMove | null {
  return game === 'samurai' ? samuraiOwed(state as ClientRoomState, seat) : mangokuOwed(state as mangoku.ClientRoomState, seat);
}

/** The game's public log as the state shows it (it only grows within a game: nobody here takes a move back). */
export function logOf(state: ClientTableState): readonly (number | string)[] {
  const log: ArrayLike<number | string> = (state as ClientRoomState | mangoku.ClientRoomState).log;
  return Array.from(log);
}
