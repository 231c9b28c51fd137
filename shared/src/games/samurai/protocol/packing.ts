import { SETTLEMENT_COUNT } from '../board';
import { filled } from '../state';
import { PieceCounts, TileId } from '../tiles';

/*
 * Small facts travel as single numbers rather than arrays: every schema array is a structure for
 * which Colyseus keeps change-tracking bookkeeping in every room (about a kilobyte each, plus
 * some 40 bytes per element), while a changed number costs a few bytes in a patch.
 */

/** Per caste counts (each at most 13, the pieces of a caste in a 4-player game), 4 bits each. */
const COUNT_BITS = 4;

export function packCounts(counts: ArrayLike<number>): number {
  return counts[0] | (counts[1] << COUNT_BITS) | (counts[2] << (2 * COUNT_BITS));
}

export function unpackCounts(packed: number): PieceCounts {
  const mask = (1 << COUNT_BITS) - 1;
  return [packed & mask, (packed >> COUNT_BITS) & mask, (packed >> (2 * COUNT_BITS)) & mask];
}

/** The castes present at each settlement (bit i = PIECES[i], 3 bits) packed five to a uint16 entry, first lowest. */
export const SETTLEMENTS_PER_ENTRY = 5;
export const CASTE_BITS = 3;
export const PIECES_ENTRIES = Math.ceil(SETTLEMENT_COUNT / SETTLEMENTS_PER_ENTRY);

/** The entry of packed pieces that holds settlement `s`, and the settlement's place in it. */
export function piecesEntryOf(s: number): { entry: number; shift: number } {
  return { entry: Math.floor(s / SETTLEMENTS_PER_ENTRY), shift: (s % SETTLEMENTS_PER_ENTRY) * CASTE_BITS };
}

export function packPieces(pieces: ArrayLike<number>): number[] {
  const entries = filled(PIECES_ENTRIES, 0);
  for (let s = 0; s < pieces.length; s++) {
    const { entry, shift } = piecesEntryOf(s);
    entries[entry] |= pieces[s] << shift;
  }
  return entries;
}

export function unpackPieces(entries: ArrayLike<number>): number[] {
  return Array.from({ length: SETTLEMENT_COUNT }, (_, s) => {
    const { entry, shift } = piecesEntryOf(s);
    return ((entries[entry] ?? 0) >> shift) & ((1 << CASTE_BITS) - 1);
  });
}

/** A hand or a draw (at most HAND_SIZE tiles, in order) as tile + 1 in 5 bits each, first tile lowest. */
const HAND_TILE_BITS = 5;

export function packHand(hand: readonly TileId[]): number {
  let packed = 0;
  for (let i = hand.length - 1; i >= 0; i--) packed = packed * (1 << HAND_TILE_BITS) + hand[i] + 1;
  return packed;
}

export function unpackHand(packed: number): TileId[] {
  const hand: TileId[] = [];
  for (let rest = packed; rest > 0; rest = Math.floor(rest / (1 << HAND_TILE_BITS))) hand.push((rest % (1 << HAND_TILE_BITS)) - 1);
  return hand;
}
