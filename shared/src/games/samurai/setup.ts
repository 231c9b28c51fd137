import { boardFor, HEXES, SETTLEMENTS } from './board';
import { fail, MoveError, MoveFailure } from './errors';
import { hexInPlay } from './plays';
import { GameState, putPiece, startPieces, startPlay, Table } from './state';
import { casteOf, HAND_SIZE, Piece, TILE_ID, TILE_SET, TileId, TILES } from './tiles';

function checkSeat(table: Table, seat: number): MoveFailure | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= table.players) {
    return fail(MoveError.UnknownSeat, `There is no seat ${String(seat)} at a ${table.players}-player table.`);
  }
  return null;
}

/** The chosen tiles as ids, or why they are not a starting hand `seat` may choose. */
export function checkChooseHand(table: Table, seat: number, tiles: readonly string[]): TileId[] | MoveFailure {
  if (table.phase === 'over') return fail(MoveError.GameOver);
  if (table.phase !== 'hands') return fail(MoveError.WrongPhase, 'Starting hands are chosen before setup.');
  const bad = checkSeat(table, seat);
  if (bad) return bad;
  if (table.handChosen[seat]) return fail(MoveError.HandAlreadyChosen);
  if (!Array.isArray(tiles)) return fail(MoveError.Malformed, 'A starting hand is a list of tile names.');
  if (tiles.length !== HAND_SIZE) {
    return fail(MoveError.HandWrongSize, `Choose exactly ${HAND_SIZE} tiles, not ${tiles.length}.`);
  }
  const left = TILE_SET.slice();
  const ids: TileId[] = [];
  for (const name of tiles) {
    const id = typeof name === 'string' && Object.hasOwn(TILE_ID, name) ? TILE_ID[name as keyof typeof TILE_ID] : -1;
    const at = id < 0 ? -1 : left.indexOf(id);
    if (at < 0) {
      return fail(MoveError.HandNotOwned, id < 0 ? `There is no tile called ${String(name)}.` : `You have only ${TILES[id].count} ${name}.`);
    }
    left.splice(at, 1);
    ids.push(id);
  }
  return ids.sort((a, b) => a - b);
}

/** Takes the hand out of the seat's shuffled 20; the rest, in their shuffled order, is the stack. */
export function chooseHand(state: GameState, seat: number, hand: TileId[]): void {
  const stack = state.stacks[seat];
  for (const id of hand) stack.splice(stack.indexOf(id), 1);
  state.hands[seat] = hand;
  state.handChosen[seat] = true;
  if (state.handChosen.every(Boolean)) startPieces(state);
}

/** The settlement and caste of a setup placement, or why `seat` may not make it. */
export function checkPlacePiece(table: Table, seat: number, hex: string, piece: Piece): PlacementTarget | MoveFailure {
  if (table.phase === 'over') return fail(MoveError.GameOver);
  if (table.phase !== 'pieces') return fail(MoveError.WrongPhase, 'Pieces are placed after the starting hands are chosen.');
  const bad = checkSeat(table, seat);
  if (bad) return bad;
  if (seat !== table.seat) return fail(MoveError.NotYourTurn);
  return checkPlacement(table, hex, piece);
}

export interface PlacementTarget {
  readonly settlement: number;
  readonly caste: number;
}

/** The limits of setup, whoever places (a seat, or a random deal): cities first, castes distinct. */
export function checkPlacement(table: Table, hex: string, piece: Piece): PlacementTarget | MoveFailure {
  const caste = casteOf(piece);
  if (caste < 0) return fail(MoveError.Malformed, `There is no piece called ${String(piece)}.`);
  const h = hexInPlay(table, hex);
  if (typeof h !== 'number') return h;
  const settlement = HEXES[h].settlement;
  if (settlement < 0) return fail(MoveError.SetupNotASettlement, `${hex} is ${HEXES[h].kind}, not a settlement.`);
  if (table.supply[caste] === 0) return fail(MoveError.SetupNoneLeft, `No ${piece} is left to place.`);
  const target = SETTLEMENTS[settlement];
  const present = table.pieces[settlement];
  if (target.kind === 'village' && citiesOpen(table)) return fail(MoveError.SetupCitiesFirst);
  if (countBits(present) >= target.capacity) return fail(MoveError.SetupSettlementFull, `${hex} is full.`);
  if (present & (1 << caste)) return fail(MoveError.SetupSameCaste, `${hex} already holds a ${piece}.`);
  return { settlement, caste };
}

export function placePiece(state: GameState, hex: string, piece: Piece): void {
  putPiece(state, { seat: state.seat, hex, piece });
  if (state.supply.every((n) => n === 0)) startPlay(state);
  else state.seat = (state.seat + 1) % state.players;
}

export function citiesOpen(table: Table): boolean {
  return boardFor(table.players).cities.some((c) => countBits(table.pieces[c]) < SETTLEMENTS[c].capacity);
}

export function countBits(mask: number): number {
  return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
}
