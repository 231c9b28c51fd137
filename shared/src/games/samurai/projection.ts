import { GameState, Table } from './state';
import { PieceCounts, TileId } from './tiles';

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

/** Per seat, its hand if `viewer` holds it, else null. */
function handsFor(state: GameState, viewer: Viewer): (TileId[] | null)[] {
  return state.hands.map((hand, s) => (s === viewer ? hand.slice() : null));
}

/** Per seat, its capture tally if `viewer` may see it, else null. */
function capturesFor(state: GameState, viewer: Viewer): (PieceCounts | null)[] {
  return state.captured.map((tally, s) => (canSeeCaptures(state, viewer, s) ? (tally.slice() as PieceCounts) : null));
}

/**
 * What a room's state shows one viewer: a GameView's counts, tallies and own hand without the
 * board's lists (the room sends the board as its public log), with that log and the viewer's
 * own last draw. The same rules as viewFor, at a fraction of its cost: a room builds one per
 * viewer after every move.
 */
export interface RoomView {
  readonly viewer: Viewer;
  readonly players: Table['players'];
  readonly phase: Table['phase'];
  readonly seat: number;
  readonly pieces: readonly number[];
  readonly supply: PieceCounts;
  readonly aside: PieceCounts;
  readonly handChosen: readonly boolean[];
  readonly hands: readonly (readonly TileId[] | null)[];
  readonly captured: readonly (PieceCounts | null)[];
  readonly handCounts: readonly number[];
  readonly stackCounts: readonly number[];
  readonly result: Table['result'];
  /** The room's public log (its packed entries). */
  readonly log: readonly number[];
  /** The tiles the viewer drew when its last turn ended (packed); 0 for anyone else's, or a spectator. */
  readonly drawn: number;
}

/** The room's view for `viewer` of a game, its public `log` and each seat's last draw (`drawn`, packed). */
export function roomViewFor(state: GameState, viewer: Viewer, log: readonly number[], drawn: readonly number[]): RoomView {
  return {
    viewer,
    players: state.players,
    phase: state.phase,
    seat: state.seat,
    pieces: state.pieces.slice(),
    supply: state.supply.slice() as PieceCounts,
    aside: state.aside.slice() as PieceCounts,
    handChosen: state.handChosen.slice(),
    hands: handsFor(state, viewer),
    captured: capturesFor(state, viewer),
    handCounts: state.hands.map((hand) => hand.length),
    stackCounts: state.stacks.map((stack) => stack.length),
    result: state.result,
    log,
    drawn: viewer === 'spectator' ? 0 : (drawn[viewer] ?? 0),
  };
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
    hands: handsFor(state, viewer),
    captured: capturesFor(state, viewer),
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
