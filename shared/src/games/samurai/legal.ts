import { boardFor, HEXES, SETTLEMENTS } from './board';
import { citiesOpen, countBits } from './setup';
import { isMovable, turnHasNonFast, visibleHand } from './plays';
import { Move, PieceAt, Play, PlaceTileName, Table } from './state';
import { PIECES, TileId, TILES } from './tiles';

/** One caste piece on the board. */
export interface BoardPiece {
  readonly settlement: number;
  readonly caste: number;
}

export function piecesOnBoard(table: Table): BoardPiece[] {
  const result: BoardPiece[] = [];
  for (const s of boardFor(table.players).settlements) {
    const mask = table.pieces[s];
    for (let c = 0; c < 3; c++) if (mask & (1 << c)) result.push({ settlement: s, caste: c });
  }
  return result;
}

/** Two pieces a switch may exchange: different settlements, different castes, no duplicate after. */
export function canSwap(table: Table, a: BoardPiece, b: BoardPiece): boolean {
  return (
    a.settlement !== b.settlement && a.caste !== b.caste && !(table.pieces[a.settlement] & (1 << b.caste)) && !(table.pieces[b.settlement] & (1 << a.caste))
  );
}

export function pieceAt(p: BoardPiece): PieceAt {
  return { hex: HEXES[SETTLEMENTS[p.settlement].hex].name, piece: PIECES[p.caste] };
}

/** The distinct tiles in a hand (identical tiles are interchangeable). */
function distinctTiles(hand: readonly TileId[]): TileId[] {
  return hand.filter((t, i) => hand.indexOf(t) === i);
}

/**
 * Every distinct legal play for `seat` now (identical tiles count once), built by construction
 * in the same terms checkPlay judges; the tests hold the two to agreement. Empty when this view
 * does not show that seat's hand.
 */
export function legalPlays(table: Table, seat: number = table.seat): Play[] {
  const plays: Play[] = [];
  if (table.phase !== 'play' || seat !== table.seat) return plays;
  const hand = table.hands[seat];
  if (!hand) return plays;
  const board = boardFor(table.players);
  const nonFastAllowed = !turnHasNonFast(table);
  const emptyLand = board.landHexes.filter((h) => table.hexOwner[h] < 0);
  for (const id of distinctTiles(hand)) {
    const tile = TILES[id];
    if (!tile.fast && !nonFastAllowed) continue;
    if (tile.target === 'land') {
      for (const h of emptyLand) plays.push({ tile: tile.name as PlaceTileName, hex: HEXES[h].name });
    } else if (tile.target === 'sea') {
      for (const h of board.seaHexes) {
        if (table.hexOwner[h] < 0) plays.push({ tile: tile.name as PlaceTileName, hex: HEXES[h].name });
      }
    } else if (tile.target === 'pieces') {
      const pieces = piecesOnBoard(table);
      for (let i = 0; i < pieces.length; i++) {
        for (let j = i + 1; j < pieces.length; j++) {
          if (canSwap(table, pieces[i], pieces[j])) {
            plays.push({ tile: 'switch', swap: [pieceAt(pieces[i]), pieceAt(pieces[j])] });
          }
        }
      }
    } else {
      for (const from of movableTiles(table, seat)) {
        for (const to of emptyLand) plays.push({ tile: 'move', from: HEXES[from].name, to: HEXES[to].name });
      }
    }
  }
  return plays;
}

/** Hexes holding a tile of `seat` that the move tile may pick up. */
export function movableTiles(table: Table, seat: number): number[] {
  return boardFor(table.players).landHexes.filter((h) => table.hexOwner[h] === seat && isMovable(table.hexTile[h]));
}

/** Is there any legal play for `seat` now? (When not, the seat passes.) */
export function hasLegalPlay(table: Table, seat: number = table.seat): boolean {
  if (table.phase !== 'play' || seat !== table.seat) return false;
  const hand = visibleHand(table, seat);
  if (hand.length === 0) return false;
  const board = boardFor(table.players);
  const nonFastAllowed = !turnHasNonFast(table);
  const anyEmpty = (hexes: readonly number[]) => hexes.some((h) => table.hexOwner[h] < 0);
  const landOpen = anyEmpty(board.landHexes);
  for (const id of hand) {
    const tile = TILES[id];
    if (!tile.fast && !nonFastAllowed) continue;
    if (tile.target === 'land' && landOpen) return true;
    if (tile.target === 'sea' && anyEmpty(board.seaHexes)) return true;
    if (tile.target === 'tile' && landOpen && movableTiles(table, seat).length > 0) return true;
    if (tile.target === 'pieces') {
      const pieces = piecesOnBoard(table);
      for (let i = 0; i < pieces.length; i++) {
        for (let j = i + 1; j < pieces.length; j++) if (canSwap(table, pieces[i], pieces[j])) return true;
      }
    }
  }
  return false;
}

/** Setup placements `seat` may make now: every (settlement, caste) allowed. */
export function legalPlacements(table: Table, seat: number = table.seat): Move[] {
  const moves: Move[] = [];
  if (table.phase !== 'pieces' || seat !== table.seat) return moves;
  const board = boardFor(table.players);
  const targets = citiesOpen(table) ? board.cities : board.villages;
  for (const s of targets) {
    const present = table.pieces[s];
    if (countBits(present) >= SETTLEMENTS[s].capacity) continue;
    for (let c = 0; c < 3; c++) {
      if (table.supply[c] > 0 && !(present & (1 << c))) {
        moves.push({ type: 'placePiece', seat, hex: HEXES[SETTLEMENTS[s].hex].name, piece: PIECES[c] });
      }
    }
  }
  return moves;
}

/**
 * Every legal move for `seat` in the pieces and play phases (plays, take-back, end turn, pass).
 * Starting-hand choices are not listed: any 5 of the seat's own 20 tiles will do.
 */
export function legalMoves(table: Table, seat: number = table.seat): Move[] {
  if (table.phase === 'pieces') return legalPlacements(table, seat);
  // Another seat's turn, or a hand this view does not show: nothing this viewer can list.
  if (table.phase !== 'play' || seat !== table.seat || !table.hands[seat]) return [];
  const moves: Move[] = legalPlays(table, seat).map((play) => ({ type: 'play', seat, play }));
  if (table.turnPlays.length > 0) {
    moves.push({ type: 'endTurn', seat });
    if (table.turnCaptures.length === 0) moves.push({ type: 'undo', seat });
  } else if (moves.length === 0) {
    moves.push({ type: 'pass', seat });
  }
  return moves;
}
