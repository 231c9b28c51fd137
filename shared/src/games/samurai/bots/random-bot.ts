import { boardFor, HEXES, SETTLEMENTS } from '../board';
import { BoardPiece, canSwap, movableTiles, pieceAt, piecesOnBoard } from '../legal';
import { citiesOpen, countBits } from '../setup';
import { turnHasNonFast } from '../plays';
import { Rng, shuffle } from '../../../random';
import { Move, PlaceTileName, Table } from '../state';
import { HAND_SIZE, PIECES, TILE_NAMES, TILE_SET, TILES } from '../tiles';
import { Bot } from './bot';

/** Any 5 of the seat's 20 tiles, uniformly. */
export function randomHand(seat: number, rng: Rng): Move {
  const tiles = shuffle(TILE_SET.slice(), rng).slice(0, HAND_SIZE).map((id) => TILE_NAMES[id]);
  return { type: 'chooseHand', seat, tiles };
}

function anyEmpty(table: Table, hexes: readonly number[]): boolean {
  for (const h of hexes) if (table.hexOwner[h] < 0) return true;
  return false;
}

function anySwap(table: Table, pieces: readonly BoardPiece[]): boolean {
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) if (canSwap(table, pieces[i], pieces[j])) return true;
  }
  return false;
}

/**
 * A uniformly random choice among the turn's legal plays and, once a tile is down, ending the
 * turn; a pass when nothing is legal. Rejection sampling, so nothing is listed or counted:
 * draw uniformly from a superset (every hex of the right kind for each distinct usable tile,
 * every pair of pieces for the switch, "end turn") and draw again until the draw is legal.
 * Accepted draws are uniform over the legal ones. Tiles with no legal target at all are left
 * out of the superset, which makes sure a legal draw exists.
 */
function randomTurnMove(table: Table, seat: number, rng: Rng): Move {
  const hand = table.hands[seat]!;
  const board = boardFor(table.players);
  const nonFastAllowed = !turnHasNonFast(table);
  const landOpen = anyEmpty(table, board.landHexes);
  let seaOpen: boolean | undefined; // looked at only when a ship is in hand
  let pieces: BoardPiece[] = [];
  let movable: number[] = [];

  const tiles: number[] = [];
  const weights: number[] = [];
  let total = 0;
  for (let i = 0; i < hand.length; i++) {
    const id = hand[i];
    if (i > 0 && hand[i - 1] === id) continue; // identical tiles make the same plays
    const tile = TILES[id];
    if (!tile.fast && !nonFastAllowed) continue;
    let weight = 0;
    if (tile.target === 'land') {
      if (landOpen) weight = board.landHexes.length;
    } else if (tile.target === 'sea') {
      if ((seaOpen ??= anyEmpty(table, board.seaHexes))) weight = board.seaHexes.length;
    } else if (tile.target === 'tile') {
      if (landOpen) movable = movableTiles(table, seat);
      weight = movable.length * board.landHexes.length;
    } else {
      pieces = piecesOnBoard(table);
      if (anySwap(table, pieces)) weight = (pieces.length * (pieces.length - 1)) / 2;
    }
    if (weight > 0) {
      tiles.push(id);
      weights.push(weight);
      total += weight;
    }
  }
  if (table.turnPlays.length > 0) total += 1; // "end turn" is the last element
  if (total === 0) return { type: 'pass', seat };

  for (;;) {
    let r = rng.int(total);
    let k = 0;
    while (k < tiles.length && r >= weights[k]) r -= weights[k++];
    if (k === tiles.length) return { type: 'endTurn', seat };
    const tile = TILES[tiles[k]];
    if (tile.target === 'land' || tile.target === 'sea') {
      const h = (tile.target === 'land' ? board.landHexes : board.seaHexes)[r];
      if (table.hexOwner[h] < 0) return { type: 'play', seat, play: { tile: tile.name as PlaceTileName, hex: HEXES[h].name } };
    } else if (tile.target === 'tile') {
      const from = movable[Math.floor(r / board.landHexes.length)];
      const to = board.landHexes[r % board.landHexes.length];
      if (table.hexOwner[to] < 0) return { type: 'play', seat, play: { tile: 'move', from: HEXES[from].name, to: HEXES[to].name } };
    } else {
      // r indexes the unordered pairs (i < j) of pieces, row by row.
      let i = 0;
      let row = pieces.length - 1;
      while (r >= row) {
        r -= row;
        i++;
        row--;
      }
      const a = pieces[i];
      const b = pieces[i + 1 + r];
      if (canSwap(table, a, b)) return { type: 'play', seat, play: { tile: 'switch', swap: [pieceAt(a), pieceAt(b)] } };
    }
  }
}

/**
 * A uniformly random legal setup placement: draw a settlement of the kind being filled and a
 * caste until the pair is allowed (some always is while pieces remain).
 */
function randomPlacement(table: Table, seat: number, rng: Rng): Move {
  const board = boardFor(table.players);
  const targets = citiesOpen(table) ? board.cities : board.villages;
  for (;;) {
    const s = targets[rng.int(targets.length)];
    const c = rng.int(3);
    const present = table.pieces[s];
    if (table.supply[c] > 0 && !(present & (1 << c)) && countBits(present) < SETTLEMENTS[s].capacity) {
      return { type: 'placePiece', seat, hex: HEXES[SETTLEMENTS[s].hex].name, piece: PIECES[c] };
    }
  }
}

export function randomMove(table: Table, seat: number, rng: Rng): Move {
  switch (table.phase) {
    case 'hands':
      return randomHand(seat, rng);
    case 'pieces':
      return randomPlacement(table, seat, rng);
    case 'play':
      return randomTurnMove(table, seat, rng);
    default:
      throw new Error(`random bot asked to move in phase ${table.phase}`);
  }
}

export const randomBot: Bot = { name: 'random', chooseMove: randomMove };
