/** Caste pieces, in the order used by every per-caste array ([buddha, rice, castle]). */
export const PIECES = ['buddha', 'rice', 'castle'] as const;
export type Piece = (typeof PIECES)[number];
/** Index into PIECES. */
export type Caste = 0 | 1 | 2;
/** Per-caste counts, indexed by Caste. */
export type PieceCounts = [number, number, number];

/** The Caste of a piece name, or -1 when it names no piece. */
export function casteOf(piece: unknown): number {
  return PIECES.indexOf(piece as Piece);
}

/** Tile names as in game records: kind followed by strength where it has one. */
export const TILE_NAMES = [
  'buddha2',
  'buddha3',
  'buddha4',
  'rice2',
  'rice3',
  'rice4',
  'castle2',
  'castle3',
  'castle4',
  'samurai1',
  'samurai2',
  'samurai3',
  'ronin1',
  'ship1',
  'ship2',
  'switch',
  'move',
] as const;
export type TileName = (typeof TILE_NAMES)[number];
/** Index into TILE_NAMES; what state arrays hold. */
export type TileId = number;

export const TILE_TARGETS = ['land', 'sea', 'pieces', 'tile'] as const;
/** Where a tile is played: empty land, empty sea, two caste pieces (switch), one of your tiles (move). */
export type TileTarget = (typeof TILE_TARGETS)[number];

export interface TileInfo {
  readonly id: TileId;
  readonly name: TileName;
  readonly kind: string;
  readonly strength: number;
  /** Bit mask of the castes it influences (bit i = PIECES[i]). */
  readonly influence: number;
  /** Fast tiles may be played in any number per turn. */
  readonly fast: boolean;
  readonly target: TileTarget;
  /** How many of this tile each player owns. */
  readonly count: number;
}

const ALL_CASTES = 0b111;

function info(name: TileName, strength: number, influence: number, fast: boolean, target: TileTarget, count = 1) {
  return { name, kind: name.replace(/\d+$/, ''), strength, influence, fast, target, count };
}

export const TILES: readonly TileInfo[] = [
  info('buddha2', 2, 0b001, false, 'land'),
  info('buddha3', 3, 0b001, false, 'land'),
  info('buddha4', 4, 0b001, false, 'land'),
  info('rice2', 2, 0b010, false, 'land'),
  info('rice3', 3, 0b010, false, 'land'),
  info('rice4', 4, 0b010, false, 'land'),
  info('castle2', 2, 0b100, false, 'land'),
  info('castle3', 3, 0b100, false, 'land'),
  info('castle4', 4, 0b100, false, 'land'),
  info('samurai1', 1, ALL_CASTES, false, 'land', 2),
  info('samurai2', 2, ALL_CASTES, false, 'land', 2),
  info('samurai3', 3, ALL_CASTES, false, 'land'),
  info('ronin1', 1, ALL_CASTES, true, 'land'),
  info('ship1', 1, ALL_CASTES, true, 'sea', 2),
  info('ship2', 2, ALL_CASTES, true, 'sea'),
  info('switch', 0, 0, true, 'pieces'),
  info('move', 0, 0, false, 'tile'),
].map((t, id) => ({ id, ...t }));

if (TILES.some((t, i) => t.name !== TILE_NAMES[i])) throw new Error('TILES out of order with TILE_NAMES');

export const TILE_ID: Readonly<Record<TileName, TileId>> = Object.fromEntries(TILE_NAMES.map((name, id) => [name, id])) as Record<TileName, TileId>;

export const SWITCH = TILE_ID.switch;
export const MOVE = TILE_ID.move;

/** The 20 tiles every player owns, as ids in TILE_NAMES order. */
export const TILE_SET: readonly TileId[] = TILES.flatMap((t) => Array<TileId>(t.count).fill(t.id));
export const TILES_PER_PLAYER = TILE_SET.length;
export const HAND_SIZE = 5;

// -1 named for the reader (no such tile), though TileId is a number.
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents
export function tileId(name: string): TileId | -1 {
  return TILE_NAMES.indexOf(name as TileName);
}

export function isTileName(name: unknown): name is TileName {
  return typeof name === 'string' && TILE_NAMES.includes(name as TileName);
}

export function isPiece(name: unknown): name is Piece {
  return typeof name === 'string' && PIECES.includes(name as Piece);
}
