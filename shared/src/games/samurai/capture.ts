import { Board, boardFor, HEXES, SETTLEMENTS } from './board';
import { GameState, Table } from './state';
import { PIECES, TILES } from './tiles';

/** Land hexes around a settlement that still hold no tile. Zero means surrounded. */
export function openLand(table: Table, settlement: number): number {
  let open = 0;
  for (const h of boardFor(table.players).settlementLand[settlement]) if (table.hexOwner[h] < 0) open++;
  return open;
}

function isSurrounded(table: Table, board: Board, settlement: number): boolean {
  for (const h of board.settlementLand[settlement]) if (table.hexOwner[h] < 0) return false;
  return true;
}

/**
 * Each seat's influence on each caste at a settlement: `result[seat][caste]`, the sum of the
 * strengths of that seat's tiles next to it (land and sea) that influence that caste.
 */
export function influence(table: Table, settlement: number): number[][] {
  const sums = Array.from({ length: table.players }, () => [0, 0, 0]);
  for (const h of boardFor(table.players).settlementNeighbours[settlement]) {
    const owner = table.hexOwner[h];
    if (owner < 0) continue;
    const tile = TILES[table.hexTile[h]];
    for (let c = 0; c < 3; c++) if (tile.influence & (1 << c)) sums[owner][c] += tile.strength;
  }
  return sums;
}

/**
 * influence, into `sums` (seat * 3 + caste) instead of new arrays: for the hot paths (judging a
 * surround; the greedy bot, at every decision of the expert's rollouts).
 */
export function influenceInto(table: Pick<Table, 'hexOwner' | 'hexTile'>, board: Board, settlement: number, sums: Int32Array): void {
  sums.fill(0);
  for (const h of board.settlementNeighbours[settlement]) {
    const owner = table.hexOwner[h];
    if (owner < 0) continue;
    const tile = TILES[table.hexTile[h]];
    for (let c = 0; c < 3; c++) if (tile.influence & (1 << c)) sums[owner * 3 + c] += tile.strength;
  }
}

// Scratch space for resolve(): per seat and caste, reused to keep the hot path allocation-free.
const scratch = new Int32Array(4 * 3);

/**
 * Judges one surrounded settlement: each piece goes to the seat with strictly the highest
 * influence on its caste, or is set aside on a tie (everyone at 0 included).
 */
function resolve(state: GameState, board: Board, settlement: number): void {
  influenceInto(state, board, settlement, scratch);
  const hex = HEXES[SETTLEMENTS[settlement].hex].name;
  const present = state.pieces[settlement];
  for (let c = 0; c < 3; c++) {
    if (!(present & (1 << c))) continue;
    let best = -1;
    let winner: number | null = null;
    for (let s = 0; s < state.players; s++) {
      const v = scratch[s * 3 + c];
      if (v > best) {
        best = v;
        winner = s;
      } else if (v === best) winner = null;
    }
    if (winner === null) state.aside[c]++;
    else state.captured[winner][c]++;
    state.turnCaptures.push({ hex, piece: PIECES[c], seat: winner });
  }
  state.pieces[settlement] = 0;
}

/**
 * Judges every settlement among the first `count` of `candidates` (all of them by default) that
 * holds pieces and is surrounded, in index order.
 */
export function resolveSurrounded(state: GameState, candidates: ArrayLike<number>, count = candidates.length): void {
  const board = boardFor(state.players);
  for (let i = 0; i < count; i++) {
    const s = candidates[i];
    if (state.pieces[s] !== 0 && isSurrounded(state, board, s)) resolve(state, board, s);
  }
}
