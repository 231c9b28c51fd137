/**
 * Moves as small integers, for the bots: the greedy bot weighs thousands of plays a turn and builds
 * only the one it makes; the expert's search tree tells moves apart by key in every world it draws.
 * A key is the kind in bits 16 and up, and the kind's numbers below: a placed tile's TileId and
 * hex, a move's two hexes, a switch's two pieces (settlement * 4 + caste each), a setup piece.
 */
import { hexIndex, HEXES, SETTLEMENTS } from '../board';
import { Move, Play, PlaceTileName } from '../state';
import { casteOf, PIECES, TILE_ID, TILE_NAMES } from '../tiles';

export const KEY_KINDS = ['place', 'move', 'switch', 'endTurn', 'pass', 'placePiece'] as const;
export const [PLACE, MOVE_TILE, SWITCH_PIECES, END_TURN, PASS, PLACE_PIECE] = KEY_KINDS.map((_, i) => i);

export const END_TURN_KEY = END_TURN << 16;
export const PASS_KEY = PASS << 16;

export function placeKey(tile: number, hex: number): number {
  return (PLACE << 16) | (tile << 8) | hex;
}

export function moveKey(from: number, to: number): number {
  return (MOVE_TILE << 16) | (from << 8) | to;
}

/** A piece on the board as the switch and setup keys hold it. */
export function pieceCode(settlement: number, caste: number): number {
  return settlement * 4 + caste;
}

export function switchKey(a: number, b: number): number {
  return (SWITCH_PIECES << 16) | (a << 8) | b;
}

export function placePieceKey(settlement: number, caste: number): number {
  return (PLACE_PIECE << 16) | pieceCode(settlement, caste);
}

function pieceAtCode(code: number) {
  return { hex: HEXES[SETTLEMENTS[code >> 2].hex].name, piece: PIECES[code & 3] };
}

/** The play of a place, move or switch key. */
export function playOfKey(key: number): Play {
  const a = (key >> 8) & 255;
  const b = key & 255;
  switch (key >> 16) {
    case PLACE:
      return { tile: TILE_NAMES[a] as PlaceTileName, hex: HEXES[b].name };
    case MOVE_TILE:
      return { tile: 'move', from: HEXES[a].name, to: HEXES[b].name };
    case SWITCH_PIECES:
      return { tile: 'switch', swap: [pieceAtCode(a), pieceAtCode(b)] };
    default:
      throw new Error(`playOfKey: ${key} is not a play`);
  }
}

/** The move of a key (any kind but a starting hand, which no key names). */
export function moveOfKey(key: number, seat: number): Move {
  switch (key >> 16) {
    case END_TURN:
      return { type: 'endTurn', seat };
    case PASS:
      return { type: 'pass', seat };
    case PLACE_PIECE: {
      const { hex, piece } = pieceAtCode(key & 255);
      return { type: 'placePiece', seat, hex, piece };
    }
    default:
      return { type: 'play', seat, play: playOfKey(key) };
  }
}

/** The key of a move (not a starting hand or a take-back). */
export function keyOfMove(move: Move): number {
  switch (move.type) {
    case 'endTurn':
      return END_TURN_KEY;
    case 'pass':
      return PASS_KEY;
    case 'placePiece':
      return placePieceKey(HEXES[hexIndex(move.hex)].settlement, casteOf(move.piece));
    case 'play': {
      const play = move.play;
      if (play.tile === 'move') return moveKey(hexIndex(play.from), hexIndex(play.to));
      if (play.tile === 'switch') {
        const [a, b] = play.swap.map((p) => pieceCode(HEXES[hexIndex(p.hex)].settlement, casteOf(p.piece)));
        return switchKey(a, b);
      }
      return placeKey(TILE_ID[play.tile], hexIndex(play.hex));
    }
    default:
      throw new Error(`keyOfMove: no key for a ${move.type}`);
  }
}
