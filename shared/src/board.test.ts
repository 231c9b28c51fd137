import { boardFor, HEXES, PLAYER_COUNTS, SETTLEMENTS } from './board';

// The counts RULES.md gives for each player count.
const EXPECTED = {
  2: { hexes: 91, land: 30, sea: 44, village: 14, city: 2, edo: 1, pieces: 7, edges: 229 },
  3: { hexes: 133, land: 43, sea: 64, village: 23, city: 2, edo: 1, pieces: 10, edges: 343 },
  4: { hexes: 174, land: 56, sea: 84, village: 30, city: 3, edo: 1, pieces: 13, edges: 450 },
} as const;

describe.each(PLAYER_COUNTS)('the %i-player board', (players) => {
  const board = boardFor(players);
  const expected = EXPECTED[players];
  const kinds = (kind: string) => board.hexes.filter((h) => HEXES[h].kind === kind).length;

  it('has the hexes of RULES.md', () => {
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
    [...new Set(boardFor(players).hexes.map((h) => HEXES[h].island).filter(Boolean))].sort();
  expect(islandsAt(2)).toEqual(['honshu']);
  expect(islandsAt(3)).toEqual(['honshu', 'kyushu', 'shikoku']);
  expect(islandsAt(4)).toEqual(['hokkaido', 'honshu', 'kyushu', 'shikoku']);
});

it('names Edo 14,13 and neighbours hexes as board.json does', () => {
  const edo = HEXES.find((h) => h.kind === 'edo')!;
  expect(edo.name).toBe('14,13');
  const names = boardFor(2).neighbours[edo.index].map((n) => HEXES[n].name).sort();
  // Even column: (0,-1) (1,-1) (1,0) (0,1) (-1,0) (-1,-1)
  expect(names).toEqual(['13,12', '13,13', '14,12', '14,14', '15,12', '15,13'].sort());
});
