import { BOARD_MAP } from './board-map';

export const PLAYER_COUNTS = [2, 3, 4] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];

export const ISLANDS = ['honshu', 'kyushu', 'shikoku', 'hokkaido'] as const;
export type Island = (typeof ISLANDS)[number];

export const HEX_KINDS = ['sea', 'land', 'village', 'city', 'edo'] as const;
export type HexKind = (typeof HEX_KINDS)[number];

export const SETTLEMENT_KINDS = ['village', 'city', 'edo'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** A hex's name in records and messages: `"col,row"` (docs/rules/samurai.md § The board). */
export type HexName = string;

/** How many pieces each settlement kind holds (all of different castes). */
export const SETTLEMENT_CAPACITY: Readonly<Record<SettlementKind, number>> = { village: 1, city: 2, edo: 3 };

export interface Hex {
  /** Global index, the same for every player count (row-major order of the map). */
  readonly index: number;
  readonly name: HexName;
  readonly col: number;
  readonly row: number;
  readonly kind: HexKind;
  /** null for sea. */
  readonly island: Island | null;
  readonly minPlayers: PlayerCount;
  /** Index into SETTLEMENTS, or -1 when the hex is not a settlement. */
  readonly settlement: number;
}

export interface Settlement {
  readonly index: number;
  /** Global hex index. */
  readonly hex: number;
  readonly kind: SettlementKind;
  readonly capacity: number;
  readonly minPlayers: PlayerCount;
}

const ISLAND_CODES: Readonly<Record<string, Island>> = { h: 'honshu', k: 'kyushu', s: 'shikoku', o: 'hokkaido' };
const ISLAND_MIN_PLAYERS: Readonly<Record<Island, PlayerCount>> = { honshu: 2, kyushu: 3, shikoku: 3, hokkaido: 4 };
const KIND_CODES: Readonly<Record<string, HexKind>> = { '.': 'land', v: 'village', C: 'city', E: 'edo' };

/** The edge-sharing offsets of docs/rules/samurai.md § The board: [dcol, drow] for even and odd columns. */
const NEIGHBOUR_OFFSETS = {
  even: [
    [0, -1],
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
    [-1, -1],
  ],
  odd: [
    [0, -1],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
  ],
} as const;

export function hexName(col: number, row: number): HexName {
  return `${col},${row}`;
}

function parseBoardMap(): { hexes: Hex[]; settlements: Settlement[] } {
  const hexes: Hex[] = [];
  const settlements: Settlement[] = [];
  BOARD_MAP.forEach((line, row) => {
    for (let col = 0; col * 3 < line.length; col++) {
      const cell = line.slice(col * 3, col * 3 + 2);
      if (cell.trim() === '') continue;
      let kind: HexKind;
      let island: Island | null = null;
      let minPlayers: PlayerCount;
      if (cell[0] === '~') {
        kind = 'sea';
        minPlayers = Number(cell[1]) as PlayerCount;
      } else {
        kind = KIND_CODES[cell[0]];
        island = ISLAND_CODES[cell[1]];
        if (!kind || !island) throw new Error(`board map: bad cell "${cell}" at ${col},${row}`);
        minPlayers = ISLAND_MIN_PLAYERS[island];
      }
      const isSettlement = kind === 'village' || kind === 'city' || kind === 'edo';
      const index = hexes.length;
      if (isSettlement) {
        const settlementKind = kind as SettlementKind;
        settlements.push({
          index: settlements.length,
          hex: index,
          kind: settlementKind,
          capacity: SETTLEMENT_CAPACITY[settlementKind],
          minPlayers,
        });
      }
      hexes.push({
        index,
        name: hexName(col, row),
        col,
        row,
        kind,
        island,
        minPlayers,
        settlement: isSettlement ? settlements.length - 1 : -1,
      });
    }
  });
  return { hexes, settlements };
}

const parsed = parseBoardMap();
/** Every hex of the 4-player board; a hex is in play when `players >= minPlayers`. */
export const HEXES: readonly Hex[] = parsed.hexes;
export const SETTLEMENTS: readonly Settlement[] = parsed.settlements;
export const HEX_COUNT = HEXES.length;
export const SETTLEMENT_COUNT = SETTLEMENTS.length;
/** The index of Edo's settlement. */
export const EDO = SETTLEMENTS.findIndex((s) => s.kind === 'edo');

const hexIndexByName = new Map<HexName, number>(HEXES.map((h) => [h.name, h.index]));
const hexIndexByPosition = new Map<number, number>(HEXES.map((h) => [h.col * 1000 + h.row, h.index]));

/** Global index of a hex by name, or -1 when no hex has that name. */
export function hexIndex(name: HexName): number {
  return hexIndexByName.get(name) ?? -1;
}

/** Everything about the board that depends on the player count; built once per count. */
export interface Board {
  readonly players: PlayerCount;
  /** Per global hex index: is the hex in play. */
  readonly onBoard: readonly boolean[];
  /** Global indices of the hexes in play. */
  readonly hexes: readonly number[];
  readonly landHexes: readonly number[];
  readonly seaHexes: readonly number[];
  /** Settlement indices in play, cities and Edo included. */
  readonly settlements: readonly number[];
  readonly cities: readonly number[];
  readonly villages: readonly number[];
  /** Per global hex index: neighbours in play. */
  readonly neighbours: readonly (readonly number[])[];
  /** Per settlement index: neighbouring land hexes (all must hold a tile to surround it). */
  readonly settlementLand: readonly (readonly number[])[];
  /** Per settlement index: neighbouring land and sea hexes (tiles there influence it). */
  readonly settlementNeighbours: readonly (readonly number[])[];
  /** Per global hex index: settlements bordering that hex, in index order. */
  readonly adjacentSettlements: readonly (readonly number[])[];
  /** Caste pieces of each kind for this player count (3 × that = settlement slots). */
  readonly piecesPerCaste: number;
  /** Pairs of neighbouring hexes in play. */
  readonly edgeCount: number;
}

/** The [dcol, drow] of a hex's six edge-sharing neighbours, by its column (the board's geometry: drawn coasts follow it too). */
export function neighbourOffsets(col: number): readonly (readonly [number, number])[] {
  return col % 2 === 0 ? NEIGHBOUR_OFFSETS.even : NEIGHBOUR_OFFSETS.odd;
}

const PIECES_PER_CASTE: Readonly<Record<PlayerCount, number>> = { 2: 7, 3: 10, 4: 13 };

function buildBoard(players: PlayerCount): Board {
  const onBoard = HEXES.map((h) => h.minPlayers <= players);
  const inPlay = HEXES.filter((h) => onBoard[h.index]);
  const neighbours = HEXES.map((h) => {
    if (!onBoard[h.index]) return [];
    const offsets = neighbourOffsets(h.col);
    const result: number[] = [];
    for (const [dc, dr] of offsets) {
      const n = hexIndexByPosition.get((h.col + dc) * 1000 + (h.row + dr));
      if (n !== undefined && onBoard[n]) result.push(n);
    }
    return result;
  });
  const settlementNeighbours = SETTLEMENTS.map((s) =>
    onBoard[s.hex] ? neighbours[s.hex].filter((n) => HEXES[n].kind === 'land' || HEXES[n].kind === 'sea') : [],
  );
  const settlementLand = settlementNeighbours.map((ns) => ns.filter((n) => HEXES[n].kind === 'land'));
  // Ascending, so that settlements one tile surrounds are judged in board order (as resolveSurrounded promises).
  const adjacentSettlements = HEXES.map((h) =>
    neighbours[h.index]
      .filter((n) => HEXES[n].settlement >= 0)
      .map((n) => HEXES[n].settlement)
      .sort((a, b) => a - b),
  );
  const settlements = SETTLEMENTS.filter((s) => onBoard[s.hex]);
  return {
    players,
    onBoard,
    hexes: inPlay.map((h) => h.index),
    landHexes: inPlay.filter((h) => h.kind === 'land').map((h) => h.index),
    seaHexes: inPlay.filter((h) => h.kind === 'sea').map((h) => h.index),
    settlements: settlements.map((s) => s.index),
    cities: settlements.filter((s) => s.kind === 'city').map((s) => s.index),
    villages: settlements.filter((s) => s.kind === 'village').map((s) => s.index),
    neighbours,
    settlementLand,
    settlementNeighbours,
    adjacentSettlements,
    piecesPerCaste: PIECES_PER_CASTE[players],
    edgeCount: neighbours.reduce((sum, ns) => sum + ns.length, 0) / 2,
  };
}

// Indexed by player count (a plain array: this is looked up on every play).
const boards: Board[] = [];
for (const n of PLAYER_COUNTS) boards[n] = buildBoard(n);

export function boardFor(players: PlayerCount): Board {
  const board = boards[players];
  if (!board) throw new Error(`no board for ${players} players`);
  return board;
}

export function isPlayerCount(n: unknown): n is PlayerCount {
  return n === 2 || n === 3 || n === 4;
}
