import { boardFor, EDO, HEX_COUNT, hexIndex, HexName, HEXES, isPlayerCount, PlayerCount, SETTLEMENT_COUNT, SETTLEMENTS } from './board';
import { Rng, shuffle } from '../../random';
import { HAND_SIZE, Piece, PieceCounts, PIECES, TILE_SET, TileId, TileName } from './tiles';

export const CAPTURE_TIMINGS = ['end-of-turn', 'immediate'] as const;
/** end-of-turn (2015 edition, default): surrounds judged once after the turn; immediate (1998). */
export type CaptureTiming = (typeof CAPTURE_TIMINGS)[number];

export const STARTING_HANDS = ['chosen', 'random'] as const;
/** chosen: each player secretly picks 5 of their 20 tiles; random: 5 are dealt. */
export type StartingHands = (typeof STARTING_HANDS)[number];

export const SETUP_MODES = ['players', 'random'] as const;
/** players: seats take turns placing pieces (cities, then villages); random: pieces are dealt. */
export type SetupMode = (typeof SETUP_MODES)[number];

export interface GameOptions {
  readonly captureTiming: CaptureTiming;
  readonly startingHands: StartingHands;
  readonly setup: SetupMode;
}

export const DEFAULT_OPTIONS: GameOptions = { captureTiming: 'end-of-turn', startingHands: 'chosen', setup: 'players' };

export const PHASES = ['hands', 'pieces', 'play', 'over'] as const;
/** hands: choosing starting hands; pieces: placing pieces; play: turns; over: scored. */
export type Phase = (typeof PHASES)[number];

export type PlaceTileName = Exclude<TileName, 'switch' | 'move'>;
export interface PlaceTile {
  readonly tile: PlaceTileName;
  readonly hex: HexName;
}
export interface PieceAt {
  readonly hex: HexName;
  readonly piece: Piece;
}
export interface SwitchPlay {
  readonly tile: 'switch';
  readonly swap: readonly [PieceAt, PieceAt];
}
export interface MovePlay {
  readonly tile: 'move';
  readonly from: HexName;
  readonly to: HexName;
}
/** One tile played, shaped exactly as in game records. */
export type Play = PlaceTile | SwitchPlay | MovePlay;

/** A piece leaving the board: won by `seat`, or set aside (`seat: null`). */
export interface Capture {
  readonly hex: HexName;
  readonly piece: Piece;
  readonly seat: number | null;
}

export interface TurnRecord {
  readonly seat: number;
  /** Empty for a pass. */
  readonly plays: readonly Play[];
  readonly captures: readonly Capture[];
}

/** A piece placed during setup; `seat` is null when the setup was dealt at random. */
export interface Placement {
  readonly seat: number | null;
  readonly hex: HexName;
  readonly piece: Piece;
}

export type Move =
  | { readonly type: 'chooseHand'; readonly seat: number; readonly tiles: readonly TileName[] }
  | { readonly type: 'placePiece'; readonly seat: number; readonly hex: HexName; readonly piece: Piece }
  | { readonly type: 'play'; readonly seat: number; readonly play: Play }
  | { readonly type: 'undo'; readonly seat: number }
  | { readonly type: 'endTurn'; readonly seat: number }
  | { readonly type: 'pass'; readonly seat: number };
export type MoveType = Move['type'];
export const MOVE_TYPES: readonly MoveType[] = ['chooseHand', 'placePiece', 'play', 'undo', 'endTurn', 'pass'];

export const END_REASONS = ['caste-gone', 'fourth-aside', 'all-passed'] as const;
/** The last piece of a caste left the board; the fourth piece was set aside; a full round passed. */
export type EndReason = (typeof END_REASONS)[number];

export interface Result {
  readonly reason: EndReason;
  /** Per seat, per caste. */
  readonly captured: readonly PieceCounts[];
  readonly aside: PieceCounts;
  /** Per caste: the seat holding that leader token, or null. */
  readonly leaders: readonly (number | null)[];
  readonly winners: readonly number[];
}

/**
 * What every participant may know, plus the hands and capture tallies they may see.
 * Both the full state and every viewer's projection have this shape, so rule checks and
 * legal-move generation run on either (a client can know in advance what the server will refuse).
 */
export interface Table {
  readonly players: PlayerCount;
  readonly options: GameOptions;
  phase: Phase;
  /** Seat to act in the pieces and play phases; -1 otherwise. */
  seat: number;
  /**
   * Per global hex index: the seat whose tile lies there, or -1. Byte arrays: a server keeps a
   * board per room, at an eighth of a plain array's size.
   */
  hexOwner: Int8Array;
  /** Per global hex index: the TileId lying there, or -1. */
  hexTile: Int8Array;
  /** Per settlement index: the castes present, as a bit mask (bit i = PIECES[i]). */
  pieces: number[];
  /** Pieces still to be placed during setup, per caste. */
  supply: PieceCounts;
  /** Per seat: the hand as TileIds in TILE_NAMES order; null where this viewer may not see it. */
  hands: (TileId[] | null)[];
  /** Per seat: captured pieces per caste; null where this viewer may not see them. */
  captured: (PieceCounts | null)[];
  /** Pieces set aside, per caste. */
  aside: PieceCounts;
  /** Per seat: has chosen a starting hand (public; the choice itself is not). */
  handChosen: boolean[];
  /** Setup placements so far, in order (Edo's three pieces are implicit). */
  placements: Placement[];
  /** Completed turns, passes included. */
  turns: TurnRecord[];
  /** The current turn's plays and captures so far. */
  turnPlays: Play[];
  turnCaptures: Capture[];
  /** Consecutive passes; a full round of them ends the game. */
  passes: number;
  result: Result | null;
}

/** The whole truth; lives only where no player can read it (server, simulations, tests). */
export interface GameState extends Table {
  hands: TileId[][];
  captured: PieceCounts[];
  /** Per seat, face down, next draw first. Before the hand is chosen: all 20, shuffled. */
  stacks: TileId[][];
  /** Hands and stacks as they stood when play began (for the game record); empty until fixed. */
  startHands: TileId[][];
  startStacks: TileId[][];
  /** A random setup, dealt at creation and put on the board once the hands are chosen. */
  pendingPieces: Placement[] | null;
}

export interface GameConfig {
  readonly players: PlayerCount;
  readonly options?: Partial<GameOptions>;
}

/** A board array with every hex empty (-1). */
export function emptyBoard(): Int8Array {
  return new Int8Array(HEX_COUNT).fill(-1);
}

/**
 * A packed array of exactly `length` slots (`new Array(n)` would be holey, and slower to read on
 * every play; pushing one by one would leave a third of the slots spare, in every room's board).
 */
export function filled(length: number, value: number): number[] {
  return Array.from({ length }, () => value);
}

// Copied for each new game: slicing a packed array is much cheaper than building one.
const NO_PIECES = filled(SETTLEMENT_COUNT, 0);

/** Sorts a few tiles in place (an insertion sort: no comparator calls). */
function sortTiles(tiles: TileId[]): TileId[] {
  for (let i = 1; i < tiles.length; i++) {
    const t = tiles[i];
    let j = i;
    for (; j > 0 && tiles[j - 1] > t; j--) tiles[j] = tiles[j - 1];
    tiles[j] = t;
  }
  return tiles;
}

/**
 * Options with the default for each one missing or undefined. An unknown value throws: a game
 * with, say, no capture timing would never capture anything.
 */
function completeOptions(options: Partial<GameOptions> = {}): GameOptions {
  return {
    captureTiming: pick(options, 'captureTiming', CAPTURE_TIMINGS),
    startingHands: pick(options, 'startingHands', STARTING_HANDS),
    setup: pick(options, 'setup', SETUP_MODES),
  };
}

function pick<K extends keyof GameOptions>(options: Partial<GameOptions>, key: K, allowed: readonly GameOptions[K][]): GameOptions[K] {
  const value = options[key] ?? DEFAULT_OPTIONS[key];
  if (!allowed.includes(value)) throw new Error(`${key} must be one of ${allowed.join(', ')}, not ${String(value)}`);
  return value;
}

/** A new game. All its randomness is drawn here, from `rng`; applying moves is deterministic. */
export function createGame(config: GameConfig, rng: Rng): GameState {
  const pools = Array.from({ length: config.players }, () => shuffle(TILE_SET.slice(), rng));
  const options = completeOptions(config.options);
  const pendingPieces = options.setup === 'random' ? dealPieces(config.players, rng) : null;
  return createGameWithPools({ players: config.players, options }, pools, pendingPieces);
}

/**
 * A new game from given tile pools (each seat's 20 tiles, in the order a random starting
 * hand is dealt and the stack is drawn) and, for a random setup, given placements.
 */
export function createGameWithPools(config: GameConfig, pools: readonly (readonly TileId[])[], pendingPieces: readonly Placement[] | null): GameState {
  const { players } = config;
  if (!isPlayerCount(players)) throw new Error(`players must be 2, 3 or 4, not ${String(players)}`);
  if (pools.length !== players) throw new Error(`need ${players} tile pools, got ${pools.length}`);
  const options = completeOptions(config.options);
  const board = boardFor(players);
  const seats = Array.from({ length: players }, (_, s) => s);
  const state: GameState = {
    players,
    options,
    phase: 'hands',
    seat: -1,
    hexOwner: emptyBoard(),
    hexTile: emptyBoard(),
    pieces: NO_PIECES.slice(),
    supply: [board.piecesPerCaste - 1, board.piecesPerCaste - 1, board.piecesPerCaste - 1],
    hands: seats.map(() => []),
    captured: seats.map(() => [0, 0, 0]),
    aside: [0, 0, 0],
    handChosen: seats.map(() => false),
    placements: [],
    turns: [],
    turnPlays: [],
    turnCaptures: [],
    passes: 0,
    result: null,
    stacks: pools.map((pool) => pool.slice()),
    startHands: [],
    startStacks: [],
    pendingPieces: pendingPieces ? pendingPieces.slice() : null,
  };
  state.pieces[EDO] = 0b111;
  if (options.startingHands === 'random') {
    for (const s of seats) {
      state.hands[s] = sortTiles(state.stacks[s].splice(0, HAND_SIZE));
      state.handChosen[s] = true;
    }
    startPieces(state);
  }
  return state;
}

/** Hands are fixed: remember them for the record, then set up the pieces. */
export function startPieces(state: GameState): void {
  state.startHands = state.hands.map((h) => h.slice());
  state.startStacks = state.stacks.map((s) => s.slice());
  if (state.pendingPieces) {
    for (const p of state.pendingPieces) putPiece(state, p);
    state.pendingPieces = null;
    startPlay(state);
  } else {
    state.phase = 'pieces';
    state.seat = 0;
  }
}

export function startPlay(state: GameState): void {
  state.phase = 'play';
  state.seat = 0;
}

/** Puts a setup piece on the board. The caller has checked it is allowed. */
export function putPiece(state: GameState, placement: Placement): void {
  const settlement = HEXES[hexIndex(placement.hex)].settlement;
  const caste = PIECES.indexOf(placement.piece);
  state.pieces[settlement] |= 1 << caste;
  state.supply[caste]--;
  state.placements.push(placement);
}

/** A random setup with the same limits as players placing: cities first, two castes each. */
export function dealPieces(players: PlayerCount, rng: Rng): Placement[] {
  const board = boardFor(players);
  const supply: number[] = [];
  for (let c = 0; c < 3; c++) for (let i = 1; i < board.piecesPerCaste; i++) supply.push(c);
  const placements: Placement[] = [];
  for (const city of board.cities) {
    const first = takePiece(supply, -1, rng);
    placements.push(dealtPiece(city, first), dealtPiece(city, takePiece(supply, first, rng)));
  }
  shuffle(supply, rng);
  const { villages } = board;
  for (let i = 0; i < villages.length; i++) placements.push(dealtPiece(villages[i], supply[i]));
  return placements;
}

function dealtPiece(settlement: number, caste: number): Placement {
  return { seat: null, hex: HEXES[SETTLEMENTS[settlement].hex].name, piece: PIECES[caste] };
}

/** Takes a uniformly chosen piece among those in `supply` not of caste `not`. */
function takePiece(supply: number[], not: number, rng: Rng): number {
  let eligible = 0;
  for (let i = 0; i < supply.length; i++) if (supply[i] !== not) eligible++;
  let k = rng.int(eligible);
  let at = 0;
  for (; at < supply.length; at++) if (supply[at] !== not && k-- === 0) break;
  const caste = supply[at];
  for (; at < supply.length - 1; at++) supply[at] = supply[at + 1];
  supply.pop();
  return caste;
}

/** An independent copy; applying moves to it leaves the original as it was. */
export function cloneState(state: GameState): GameState {
  return {
    ...state,
    hexOwner: state.hexOwner.slice(),
    hexTile: state.hexTile.slice(),
    pieces: state.pieces.slice(),
    supply: state.supply.slice() as PieceCounts,
    hands: state.hands.map((h) => h.slice()),
    captured: state.captured.map((c) => c.slice() as PieceCounts),
    aside: state.aside.slice() as PieceCounts,
    handChosen: state.handChosen.slice(),
    // Entries of these lists are never mutated once pushed, so sharing them is safe.
    placements: state.placements.slice(),
    turns: state.turns.slice(),
    turnPlays: state.turnPlays.slice(),
    turnCaptures: state.turnCaptures.slice(),
    stacks: state.stacks.map((s) => s.slice()),
  };
}
