/** What the board shows besides the game itself, as the screen hands it to the board view. */
import type { Table } from '@samurai/shared';

export interface PieceRef {
  readonly settlement: number;
  readonly caste: number;
}

/** What the board marks besides the game itself: legal targets, selection, keyboard focus, recent plays. */
export interface BoardMarks {
  readonly targetHexes: readonly number[];
  readonly targetPieces: readonly PieceRef[];
  readonly selectedHex: number;
  readonly selectedPiece: PieceRef | null;
  /** The keyboard focus: a hex, or a piece when `focusCaste` >= 0. -1 for none. */
  readonly focusHex: number;
  readonly focusCaste: number;
  /** Hexes played in the turn in progress, and in the turn before it. */
  readonly currentHexes: readonly number[];
  readonly lastHexes: readonly number[];
  /** The settlement shown in the inspector, or -1. */
  readonly inspected: number;
  /** Hexes a log line points at (while the pointer rests on it, or after a tap on it). */
  readonly pointedHexes: readonly number[];
  /** A play being considered: the board drawn as it would leave it. */
  readonly preview: BoardPreview | null;
}

/** What the board shows of a play before it is made. */
export interface BoardPreview {
  /** The board as the play would leave it. */
  readonly table: Table;
  /** Where the play puts a tile (drawn as a ghost of it). */
  readonly hexes: readonly number[];
  /** Settlements whose influence, open land or pieces it changes. */
  readonly settlements: readonly number[];
  /** Pieces that would leave the board, to a seat or aside (null). */
  readonly captures: readonly { readonly settlement: number; readonly caste: number; readonly seat: number | null }[];
}

export const NO_MARKS: BoardMarks = {
  targetHexes: [],
  targetPieces: [],
  selectedHex: -1,
  selectedPiece: null,
  focusHex: -1,
  focusCaste: -1,
  currentHexes: [],
  lastHexes: [],
  inspected: -1,
  pointedHexes: [],
  preview: null,
};

/** Targets on the board breathe (their highlight pulses) while there are any. */
export function hasTargets(marks: BoardMarks): boolean {
  return marks.targetHexes.length > 0 || marks.targetPieces.length > 0;
}
