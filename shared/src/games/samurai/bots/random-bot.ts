import { boardFor, HEXES, SETTLEMENTS } from '../board';
import { citiesOpen, countBits } from '../setup';
import { isMovable, turnHasNonFast } from '../plays';
import { Rng, shuffle } from '../../../random';
import { Move, PieceAt, PlaceTileName, Table } from '../state';
import { HAND_SIZE, PIECES, TILE_NAMES, TILE_SET, TILES } from '../tiles';
import { Bot } from './bot';

/** Any 5 of the seat's 20 tiles, uniformly. */
export function randomHand(seat: number, rng: Rng): Move {
  const tiles = shuffle(TILE_SET.slice(), rng)
    .slice(0, HAND_SIZE)
    .map((id) => TILE_NAMES[id]);
  return { type: 'chooseHand', seat, tiles };
}

function anyEmpty(table: Table, hexes: readonly number[]): boolean {
  for (const h of hexes) if (table.hexOwner[h] < 0) return true;
  return false;
}

// Scratch space for randomTurnMove, reused from call to call (one call runs at a time): the
// random bot moves in every simulated game, and fresh lists on each move kept the collector busy.
/** Pieces on the board as settlement * 4 + caste, in piecesOnBoard's order. */
const pieceCodes = new Int32Array(64);
const candidateTiles = new Int32Array(TILES.length);
const tileWeights = new Int32Array(TILES.length);
const movable = new Int32Array(64);

/** Fills pieceCodes with the pieces on the board; returns how many there are. */
function listPieces(table: Table, settlements: readonly number[]): number {
  let n = 0;
  for (const s of settlements) {
    const mask = table.pieces[s];
    for (let c = 0; c < 3; c++) if (mask & (1 << c)) pieceCodes[n++] = s * 4 + c;
  }
  return n;
}

/** canSwap for two pieces given as settlement * 4 + caste. */
function canSwapCodes(table: Table, a: number, b: number): boolean {
  const sa = a >> 2;
  const sb = b >> 2;
  const ca = a & 3;
  const cb = b & 3;
  return sa !== sb && ca !== cb && !(table.pieces[sa] & (1 << cb)) && !(table.pieces[sb] & (1 << ca));
}

function anySwap(table: Table, count: number): boolean {
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) if (canSwapCodes(table, pieceCodes[i], pieceCodes[j])) return true;
  }
  return false;
}

function pieceAtCode(code: number): PieceAt {
  return { hex: HEXES[SETTLEMENTS[code >> 2].hex].name, piece: PIECES[code & 3] };
}

/** Fills movable with the hexes holding a tile of `seat` the move tile may pick up (movableTiles). */
function listMovable(table: Table, seat: number, landHexes: readonly number[]): number {
  let n = 0;
  for (const h of landHexes) if (table.hexOwner[h] === seat && isMovable(table.hexTile[h])) movable[n++] = h;
  return n;
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
  let pieceCount = 0;
  let movableCount = 0;

  let tileCount = 0;
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
      if (landOpen) movableCount = listMovable(table, seat, board.landHexes);
      weight = movableCount * board.landHexes.length;
    } else {
      pieceCount = listPieces(table, board.settlements);
      if (anySwap(table, pieceCount)) weight = (pieceCount * (pieceCount - 1)) / 2;
    }
    if (weight > 0) {
      candidateTiles[tileCount] = id;
      tileWeights[tileCount++] = weight;
      total += weight;
    }
  }
  if (table.turnPlays.length > 0) total += 1; // "end turn" is the last element
  if (total === 0) return { type: 'pass', seat };

  for (;;) {
    let r = rng.int(total);
    let k = 0;
    while (k < tileCount && r >= tileWeights[k]) r -= tileWeights[k++];
    if (k === tileCount) return { type: 'endTurn', seat };
    const tile = TILES[candidateTiles[k]];
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
      let row = pieceCount - 1;
      while (r >= row) {
        r -= row;
        i++;
        row--;
      }
      const a = pieceCodes[i];
      const b = pieceCodes[i + 1 + r];
      if (canSwapCodes(table, a, b)) return { type: 'play', seat, play: { tile: 'switch', swap: [pieceAtCode(a), pieceAtCode(b)] } };
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
