import { boardFor, hexIndex, HEXES } from './board';
import { resolveSurrounded } from './capture';
import { fail, MoveError, MoveFailure } from './errors';
import { GameState, MovePlay, PieceAt, Play, SwitchPlay, Table } from './state';
import { casteOf, MOVE, TILE_ID, TileId, TILES, TileTarget } from './tiles';

/** The index of a named hex in play, or why it is not one. */
export function hexInPlay(table: Table, name: unknown): number | MoveFailure {
  if (typeof name !== 'string') return fail(MoveError.Malformed, 'A hex is named "col,row".');
  const h = hexIndex(name);
  if (h < 0) return fail(MoveError.UnknownHex, `There is no hex ${name}.`);
  if (!boardFor(table.players).onBoard[h]) {
    return fail(MoveError.OffBoard, `${name} is not in play with ${table.players} players.`);
  }
  return h;
}

export function turnHasNonFast(table: Table): boolean {
  for (const p of table.turnPlays) if (!TILES[TILE_ID[p.tile]].fast) return true;
  return false;
}

/** Why a tile may not go on hex h (an empty land or sea hex, as the tile needs), or null. */
function checkTarget(table: Table, h: number, target: TileTarget): MoveFailure | null {
  const hex = HEXES[h];
  if (hex.settlement >= 0) return fail(MoveError.OnSettlement, `${hex.name} is a ${hex.kind}; tiles never go on settlements.`);
  if (target === 'land' && hex.kind !== 'land') return fail(MoveError.NeedsLand, `${hex.name} is sea; that tile goes on land.`);
  if (target === 'sea' && hex.kind !== 'sea') return fail(MoveError.NeedsSea, `${hex.name} is land; ships go on the sea.`);
  if (table.hexOwner[h] >= 0) {
    return fail(MoveError.Occupied, `${hex.name} already holds ${TILES[table.hexTile[h]].name} of seat ${table.hexOwner[h]}.`);
  }
  return null;
}

/** The settlement and caste a switch names, or why it names no piece on the board. */
function pieceAt(table: Table, at: PieceAt): { settlement: number; caste: number } | MoveFailure {
  if (!at || typeof at !== 'object') return fail(MoveError.Malformed, 'A switch names two pieces as {hex, piece}.');
  const h = hexInPlay(table, at.hex);
  if (typeof h !== 'number') return h;
  const caste = casteOf(at.piece);
  if (caste < 0) return fail(MoveError.Malformed, `There is no piece called ${String(at.piece)}.`);
  const settlement = HEXES[h].settlement;
  if (settlement < 0 || !(table.pieces[settlement] & (1 << caste))) {
    return fail(MoveError.SwitchNoPiece, `There is no ${at.piece} on ${at.hex}.`);
  }
  return { settlement, caste };
}

function checkSwitch(table: Table, play: SwitchPlay): MoveFailure | null {
  if (!Array.isArray(play.swap) || play.swap.length !== 2) {
    return fail(MoveError.Malformed, 'A switch names exactly two pieces.');
  }
  const a = pieceAt(table, play.swap[0]);
  if ('ok' in a) return a;
  const b = pieceAt(table, play.swap[1]);
  if ('ok' in b) return b;
  if (a.settlement === b.settlement) return fail(MoveError.SwitchSameSettlement);
  if (a.caste === b.caste) return fail(MoveError.SwitchSameCaste);
  if (table.pieces[a.settlement] & (1 << b.caste) || table.pieces[b.settlement] & (1 << a.caste)) {
    return fail(MoveError.SwitchDuplicateCaste);
  }
  return null;
}

/**
 * The hand of `seat`. Judging a play or a pass needs it; asking on a view that hides it (another
 * seat's, a spectator's) is the caller's mistake, not a refusal to report to anyone.
 */
export function visibleHand(table: Table, seat: number): TileId[] {
  const hand = table.hands[seat];
  if (!hand) throw new Error(`the hand of seat ${seat} is not visible in this view`);
  return hand;
}

/** Tiles the move tile can pick up: caste and samurai tiles (fast tiles and the move tile stay). */
export function isMovable(tile: TileId): boolean {
  return !TILES[tile].fast && tile !== MOVE;
}

function checkMove(table: Table, seat: number, play: MovePlay): MoveFailure | null {
  const from = hexInPlay(table, play.from);
  if (typeof from !== 'number') return from;
  if (table.hexOwner[from] < 0) return fail(MoveError.MoveNoTile, `${play.from} holds no tile.`);
  if (table.hexOwner[from] !== seat) return fail(MoveError.MoveNotYours, `The tile on ${play.from} is not yours.`);
  if (!isMovable(table.hexTile[from])) {
    return fail(MoveError.MoveFastTile, `${TILES[table.hexTile[from]].name} cannot be moved.`);
  }
  const to = hexInPlay(table, play.to);
  if (typeof to !== 'number') return to;
  return checkTarget(table, to, 'land');
}

/** Why `seat` may not make this play now, or null when it may. Works on a state or a view. */
export function checkPlay(table: Table, seat: number, play: Play): MoveFailure | null {
  if (table.phase === 'over') return fail(MoveError.GameOver);
  if (table.phase !== 'play') return fail(MoveError.WrongPhase, 'Tiles are played once setup is done.');
  if (seat !== table.seat) return fail(MoveError.NotYourTurn);
  if (!play || typeof play !== 'object') return fail(MoveError.Malformed, 'A play names a tile.');
  const id = TILE_ID[play.tile];
  if (id === undefined || !Object.hasOwn(TILE_ID, play.tile)) {
    return fail(MoveError.Malformed, `There is no tile called ${String(play.tile)}.`);
  }
  const hand = visibleHand(table, seat);
  if (!hand.includes(id)) return fail(MoveError.TileNotInHand, `${play.tile} is not in your hand.`);
  const tile = TILES[id];
  if (!tile.fast && turnHasNonFast(table)) return fail(MoveError.OneNonFast);
  switch (tile.target) {
    case 'pieces':
      return checkSwitch(table, play as SwitchPlay);
    case 'tile':
      return checkMove(table, seat, play as MovePlay);
    default: {
      const h = hexInPlay(table, (play as { hex?: unknown }).hex);
      if (typeof h !== 'number') return h;
      return checkTarget(table, h, tile.target);
    }
  }
}

// Hands hold at most a few tiles: plain loops here cost a fraction of indexOf and splice.
function removeFromHand(hand: TileId[], tile: TileId): void {
  let i = 0;
  while (i < hand.length && hand[i] !== tile) i++;
  if (i === hand.length) throw new Error(`tile ${TILES[tile].name} not in hand`);
  for (; i < hand.length - 1; i++) hand[i] = hand[i + 1];
  hand.pop();
}

/** Hands stay in TILE_NAMES order. */
export function addToHand(hand: TileId[], tile: TileId): void {
  let i = hand.length;
  for (; i > 0 && hand[i - 1] > tile; i--) hand[i] = hand[i - 1];
  hand[i] = tile;
}

function swapPieces(table: Table, play: SwitchPlay): void {
  const [a, b] = play.swap;
  const sa = HEXES[hexIndex(a.hex)].settlement;
  const sb = HEXES[hexIndex(b.hex)].settlement;
  const ca = 1 << casteOf(a.piece);
  const cb = 1 << casteOf(b.piece);
  table.pieces[sa] = (table.pieces[sa] & ~ca) | cb;
  table.pieces[sb] = (table.pieces[sb] & ~cb) | ca;
}

/** The tiles on a board: who owns each hex's tile and which tile it is (-1: none). */
export type TileBoard = Pick<Table, 'hexOwner' | 'hexTile'>;

/**
 * Puts a play's tile down for `seat` (a switch moves pieces, not tiles: nothing here) and gives
 * the hex that received a tile, or -1. A move leaves the move tile behind where its tile stood.
 */
export function placeTile(board: TileBoard, seat: number, play: Play): number {
  if (play.tile === 'switch') return -1;
  if (play.tile === 'move') {
    const from = hexIndex(play.from);
    const to = hexIndex(play.to);
    board.hexOwner[to] = seat;
    board.hexTile[to] = board.hexTile[from];
    board.hexTile[from] = MOVE;
    return to;
  }
  const h = hexIndex(play.hex);
  board.hexOwner[h] = seat;
  board.hexTile[h] = TILE_ID[play.tile];
  return h;
}

/** Exactly reverses placeTile for the last play placed. */
export function liftTile(board: TileBoard, play: Play): void {
  if (play.tile === 'switch') return;
  if (play.tile === 'move') {
    const from = hexIndex(play.from);
    const to = hexIndex(play.to);
    board.hexTile[from] = board.hexTile[to];
    board.hexOwner[to] = -1;
    board.hexTile[to] = -1;
    return;
  }
  const h = hexIndex(play.hex);
  board.hexOwner[h] = -1;
  board.hexTile[h] = -1;
}

/** Makes a play that checkPlay allowed. With immediate captures, judges what it surrounds. */
export function applyPlay(state: GameState, play: Play): void {
  removeFromHand(state.hands[state.seat], TILE_ID[play.tile]);
  state.turnPlays.push(play);
  if (play.tile === 'switch') swapPieces(state, play);
  // Non-fast tiles (all a move can move) go on land, so a move's target is always land.
  const placed = placeTile(state, state.seat, play);
  if (placed >= 0 && HEXES[placed].kind === 'land' && state.options.captureTiming === 'immediate') {
    resolveSurrounded(state, boardFor(state.players).adjacentSettlements[placed]);
  }
}

/** Takes back the turn's last play; the caller has checked that this is allowed. */
export function undoLastPlay(state: GameState): void {
  const play = state.turnPlays.pop();
  if (!play) throw new Error('undo with no play this turn');
  if (play.tile === 'switch') {
    // The play names the pieces where they stood before it; after it each stands at the other's
    // settlement, so swapping back names them the other way round.
    const [a, b] = play.swap;
    swapPieces(state, {
      tile: 'switch',
      swap: [
        { hex: a.hex, piece: b.piece },
        { hex: b.hex, piece: a.piece },
      ],
    });
  }
  liftTile(state, play);
  addToHand(state.hands[state.seat], TILE_ID[play.tile]);
}
