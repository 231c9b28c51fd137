import { boardFor, HEXES, PLAYER_COUNTS, SETTLEMENTS } from './board';

// The counts for each player count (docs/rules/samurai.md § The board).
const EXPECTED = {
  2: { hexes: 91, land: 30, sea: 44, village: 14, city: 2, edo: 1, pieces: 7, edges: 229 },
  3: { hexes: 133, land: 43, sea: 64, village: 23, city: 2, edo: 1, pieces: 10, edges: 343 },
  4: { hexes: 174, land: 56, sea: 84, village: 30, city: 3, edo: 1, pieces: 13, edges: 450 },
} as const;

describe.each(PLAYER_COUNTS)('the %i-player board', (players) => {
  const board = boardFor(players);
  const expected = EXPECTED[players];
  const kinds = (kind: string) => board.hexes.filter((h) => HEXES[h].kind === kind).length;

  it('has the hexes of docs/rules/samurai.md § The board', () => {
    expect(board.hexes.length).toBe(expected.hexes);
    expect(kinds('land')).toBe(expected.land);
    expect(kinds('sea')).toBe(expected.sea);
    expect(kinds('village')).toBe(expected.village);
    expect(kinds('city')).toBe(expected.city);
    expect(kinds('edo')).toBe(expected.edo);
    expect(board.edgeCount).toBe(expected.edges);
  });

  it('has settlement slots for exactly 3 × the pieces of each kind', () => {
    const slots = board.settlements.reduce((n, s) => n + SETTLEMENTS[s].capacity, 0);
    expect(board.piecesPerCaste).toBe(expected.pieces);
    expect(slots).toBe(3 * expected.pieces);
  });

  it('gives every settlement at least two land neighbours and no settlement neighbour', () => {
    for (const s of board.settlements) {
      expect(board.settlementLand[s].length).toBeGreaterThanOrEqual(2);
      expect(board.neighbours[SETTLEMENTS[s].hex].every((n) => HEXES[n].settlement < 0)).toBe(true);
    }
  });
});

it('puts each island in play from its player count', () => {
  const islandsAt = (players: 2 | 3 | 4) =>
    [
      ...new Set(
        boardFor(players)
          .hexes.map((h) => HEXES[h].island)
          .filter(Boolean),
      ),
    ].sort();
  expect(islandsAt(2)).toEqual(['honshu']);
  expect(islandsAt(3)).toEqual(['honshu', 'kyushu', 'shikoku']);
  expect(islandsAt(4)).toEqual(['hokkaido', 'honshu', 'kyushu', 'shikoku']);
});

it('names Edo 14,13 and finds neighbours by the offsets of docs/rules/samurai.md § The board', () => {
  const edo = HEXES.find((h) => h.kind === 'edo')!;
  expect(edo.name).toBe('14,13');
  const names = boardFor(2)
    .neighbours[edo.index].map((n) => HEXES[n].name)
    .sort();
  // Even column: (0,-1) (1,-1) (1,0) (0,1) (-1,0) (-1,-1)
  expect(names).toEqual(['13,12', '13,13', '14,12', '14,14', '15,12', '15,13'].sort());
});

// Per island and kind, as the published map has them (sea by the player count it joins at; docs/rules/samurai.md § The board).
const ISLAND_KINDS = {
  honshu: { land: 30, village: 14, city: 2, edo: 1 },
  kyushu: { land: 7, village: 5 },
  shikoku: { land: 6, village: 4 },
  hokkaido: { land: 13, village: 7, city: 1 },
};
const SEA_FROM = { 2: 44, 3: 20, 4: 20 };

it('has the hexes of each island and kind, and sea by the player count it joins at (docs/rules/samurai.md § The board)', () => {
  const counts: Record<string, Record<string, number>> = {};
  for (const h of HEXES) {
    const group = h.island ?? `sea${h.minPlayers}`;
    counts[group] ??= {};
    counts[group][h.kind] = (counts[group][h.kind] ?? 0) + 1;
  }
  expect(counts).toEqual({
    ...ISLAND_KINDS,
    sea2: { sea: SEA_FROM[2] },
    sea3: { sea: SEA_FROM[3] },
    sea4: { sea: SEA_FROM[4] },
  });
});

it('names every hex uniquely and gives land an island, sea none', () => {
  expect(new Set(HEXES.map((h) => h.name)).size).toBe(HEXES.length);
  for (const h of HEXES) expect(h.island === null).toBe(h.kind === 'sea');
});

describe.each(PLAYER_COUNTS)('adjacency on the %i-player board', (players) => {
  const board = boardFor(players);

  it('is symmetric, at most six neighbours, all in play', () => {
    for (const h of board.hexes) {
      const ns = board.neighbours[h];
      expect(ns.length).toBeLessThanOrEqual(6);
      for (const n of ns) {
        expect(board.onBoard[n]).toBe(true);
        expect(board.neighbours[n]).toContain(h);
      }
    }
  });

  it('lists around each settlement its land and sea neighbours, and settlements beside a hex in board order', () => {
    for (const s of board.settlements) {
      const around = board.neighbours[SETTLEMENTS[s].hex];
      expect(board.settlementNeighbours[s].slice().sort()).toEqual(around.filter((n) => HEXES[n].kind === 'land' || HEXES[n].kind === 'sea').sort());
      expect(board.settlementLand[s].every((n) => HEXES[n].kind === 'land')).toBe(true);
    }
    for (const h of board.hexes) {
      const adjacent = board.adjacentSettlements[h];
      expect(adjacent).toEqual(adjacent.slice().sort((a, b) => a - b));
      for (const s of adjacent) expect(board.settlementNeighbours[s]).toContain(h);
    }
  });
});
