import { GameState, Table } from './state';
import { PieceCounts } from './tiles';

/** A seat number, or a spectator (who sees what a non-player at the table sees). */
export type Viewer = number | 'spectator';

/** What one viewer may know: a Table with other seats' hands (and hidden tallies) removed. */
export interface GameView extends Table {
  readonly viewer: Viewer;
  /** Per seat: tiles in hand (public at the table). */
  readonly handCounts: number[];
  /** Per seat: tiles not in hand and not played (public; their order is known to nobody). */
  readonly stackCounts: number[];
}

/**
 * May `viewer` see the running capture tally of `seat`? With 2 players captures lie open; with
 * 3–4 each tally is behind its owner's screen until the game ends.
 */
export function canSeeCaptures(table: Table, viewer: Viewer, seat: number): boolean {
  return table.players === 2 || table.phase === 'over' || viewer === seat;
}

/**
 * The state as `viewer` may see it. Built field by field, never by copying the state whole,
 * so that nothing added to GameState later can leak into a view by accident.
 */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  const seats = state.hands.map((_, s) => s);
  return {
    viewer,
    players: state.players,
    options: { ...state.options },
    phase: state.phase,
    seat: state.seat,
    hexOwner: state.hexOwner.slice(),
    hexTile: state.hexTile.slice(),
    pieces: state.pieces.slice(),
    supply: state.supply.slice() as PieceCounts,
    hands: seats.map((s) => (s === viewer ? state.hands[s].slice() : null)),
    captured: seats.map((s) => (canSeeCaptures(state, viewer, s) ? (state.captured[s].slice() as PieceCounts) : null)),
    aside: state.aside.slice() as PieceCounts,
    handChosen: state.handChosen.slice(),
    placements: state.placements.slice(),
    turns: state.turns.slice(),
    turnPlays: state.turnPlays.slice(),
    turnCaptures: state.turnCaptures.slice(),
    passes: state.passes,
    result: state.result,
    handCounts: seats.map((s) => state.hands[s].length),
    stackCounts: seats.map((s) => state.stacks[s].length),
  };
}
