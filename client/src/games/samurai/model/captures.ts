/**
 * The captures an update brings, and where each captured piece starts its flight: pure, for the
 * screen's capture animation (screen/CaptureFlights.ts).
 */
import { GameView, hexIndex, HEXES, LogEntry, PIECES } from '@samurai/shared';

export type CaptureEntry = Extract<LogEntry, { kind: 'capture' }>;

/** The captures logged since `before` (none when the log did not grow: a play taken back, a step back). */
export function newCaptures(before: readonly LogEntry[], after: readonly LogEntry[]): CaptureEntry[] {
  if (after.length <= before.length) return [];
  return after.slice(before.length).filter((e): e is CaptureEntry => e.kind === 'capture');
}

/** Where a captured piece sat: its hex, its caste, and the settlement's pieces before (which fix its place among them). */
export interface CapturedPiece {
  readonly hex: number;
  readonly caste: number;
  readonly mask: number;
  /** Its winner, or null when it is set aside. */
  readonly seat: number | null;
}

export function capturedPiece(before: GameView, capture: CaptureEntry): CapturedPiece {
  const hex = hexIndex(capture.hex);
  const caste = PIECES.indexOf(capture.piece);
  // The piece is gone from `before` when captures are made at once: it is put back for its place.
  const mask = (before.pieces[HEXES[hex].settlement] | (1 << caste)) >>> 0;
  return { hex, caste, mask, seat: capture.seat };
}
