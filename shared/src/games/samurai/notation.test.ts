import fc from 'fast-check';
import { HEXES } from './board';
import { formatMove, formatPlay, formatPosition, parseHex, parseMove, parsePlay, parsePosition, parseTile } from './notation';
import { GameState, Move, PlaceTileName, Play } from './state';
import { playSeeded } from './test-helpers';
import { PIECES, TILE_NAMES } from './tiles';

describe('hexes and tiles', () => {
  it('parse every hex name back to itself', () => {
    for (const h of HEXES) expect(parseHex(h.name)).toBe(h.name);
  });

  it.each(['99,99', '0,0', '14', '14,13,1', '14;13', ' 14,13', '014,13', 'a,b', ''])('refuse the hex "%s"', (text) => {
    expect(parseHex(text)).toBeNull();
  });

  it('parse every tile name back to itself and refuse others', () => {
    for (const name of TILE_NAMES) expect(parseTile(name)).toBe(name);
    for (const text of ['samurai4', 'Ship1', 'ship', '', 'constructor']) expect(parseTile(text)).toBeNull();
  });
});

// Arbitrary plays over the whole board (legal or not: notation does not judge rules).
const hexName = fc.constantFrom(...HEXES.map((h) => h.name));
const pieceAt = fc.record({ hex: hexName, piece: fc.constantFrom(...PIECES) });
const placeTile = fc.constantFrom(...TILE_NAMES.filter((t) => t !== 'switch' && t !== 'move')) as fc.Arbitrary<PlaceTileName>;
const anyPlay: fc.Arbitrary<Play> = fc.oneof(
  fc.record({ tile: placeTile, hex: hexName }),
  fc.record({ tile: fc.constant('switch' as const), swap: fc.tuple(pieceAt, pieceAt) }),
  fc.record({ tile: fc.constant('move' as const), from: hexName, to: hexName }),
);
const seat = fc.integer({ min: 0, max: 3 });
const anyMove: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ type: fc.constant('play' as const), seat, play: anyPlay }),
  fc.record({ type: fc.constant('chooseHand' as const), seat, tiles: fc.array(fc.constantFrom(...TILE_NAMES), { minLength: 1, maxLength: 6 }) }),
  fc.record({ type: fc.constant('placePiece' as const), seat, hex: hexName, piece: fc.constantFrom(...PIECES) }),
  fc.record({ type: fc.constantFrom('undo' as const, 'endTurn' as const, 'pass' as const), seat }),
);

describe('plays and moves', () => {
  it('read the notation of the module comment', () => {
    expect(parsePlay('buddha2@14,12')).toEqual({ tile: 'buddha2', hex: '14,12' });
    expect(parsePlay('switch rice@14,9 castle@16,8')).toEqual({
      tile: 'switch',
      swap: [
        { hex: '14,9', piece: 'rice' },
        { hex: '16,8', piece: 'castle' },
      ],
    });
    expect(parsePlay('move 13,12>15,13')).toEqual({ tile: 'move', from: '13,12', to: '15,13' });
    expect(parseMove('0 undo')).toEqual({ type: 'undo', seat: 0 });
    expect(parseMove('2 end')).toEqual({ type: 'endTurn', seat: 2 });
    expect(parseMove('3 pass')).toEqual({ type: 'pass', seat: 3 });
    expect(parseMove('0 choose samurai3,ronin1,ship2,buddha4,move')).toEqual({
      type: 'chooseHand',
      seat: 0,
      tiles: ['samurai3', 'ronin1', 'ship2', 'buddha4', 'move'],
    });
    expect(parseMove('1 piece rice@14,9')).toEqual({ type: 'placePiece', seat: 1, hex: '14,9', piece: 'rice' });
    expect(parseMove('1 ship2@13,9')).toEqual({ type: 'play', seat: 1, play: { tile: 'ship2', hex: '13,9' } });
  });

  it.each([
    'buddha2@14,12',
    '0 buddha2@99,99',
    '0 buddha2 14,12',
    '0 switch@14,12',
    '0 move@14,12',
    '0 switch rice@14,9',
    '0 switch rice@14,9 castle@16,8 buddha@14,7',
    '0 switch gold@14,9 castle@16,8',
    '0 move 13,12',
    '0 move 13,12>15,13>14,12',
    '0 choose samurai3,dragon',
    '0 piece gold@14,9',
    '0 piece rice@14,9 extra',
    '0 undo now',
    'x pass',
    '',
  ])('refuse "%s"', (text) => {
    expect(parseMove(text)).toBeNull();
  });

  it('round-trip any play: parsePlay(formatPlay(p)) equals p', () => {
    fc.assert(fc.property(anyPlay, (p) => expect(parsePlay(formatPlay(p))).toEqual(p)));
  });

  it('round-trip any move: parseMove(formatMove(m)) equals m', () => {
    fc.assert(fc.property(anyMove, (m) => expect(parseMove(formatMove(m))).toEqual(m)));
  });

  it('round-trip every move of real games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (game) => {
        const moves: Move[] = [];
        playSeeded(game, (_, m) => moves.push(m));
        for (const m of moves) expect(parseMove(formatMove(m))).toEqual(m);
      }),
      { numRuns: 40 },
    );
  });
});

/** The parts of a state a position describes. */
function described(s: GameState) {
  const { players, seat, hexOwner, hexTile, pieces, hands, stacks, captured, aside, passes, supply, phase } = s;
  return { players, timing: s.options.captureTiming, seat, hexOwner, hexTile, pieces, hands, stacks, captured, aside, passes, supply, phase };
}

describe('positions', () => {
  it.each([
    '2p end-of-turn seat:0',
    '3p immediate seat:2; tiles 14,6=0.ship2 15,7=1.samurai1; pieces 14,7=b 14,9=rc 14,13=brc; hand0 buddha2 ronin1; hand2 move; stack0 rice2 buddha3; captured1 0/2/1; aside 1/0/0; passes 2',
    '4p end-of-turn seat:3; pieces 15,4=br; hand3 switch',
  ])('read and write "%s" unchanged', (text) => {
    expect(formatPosition(parsePosition(text))).toBe(text);
  });

  it.each([
    ['a bad head', '5p end-of-turn seat:0'],
    ['an unknown timing', '2p sometimes seat:0'],
    ['a seat not at the table', '2p end-of-turn seat:2'],
    ['a hex not in play', '2p end-of-turn seat:0; tiles 15,1=0.samurai1'],
    ['a tile of no seat', '2p end-of-turn seat:0; tiles 15,7=2.samurai1'],
    ['pieces off a settlement', '2p end-of-turn seat:0; pieces 15,7=b'],
    ['an unknown tile in hand', '2p end-of-turn seat:0; hand0 dragon'],
    ['a bad count', '2p end-of-turn seat:0; aside 1/2'],
    ['an unknown section', '2p end-of-turn seat:0; weather fine'],
    ['a pass count that is not a number', '2p end-of-turn seat:0; passes abc'],
    ['a missing pass count', '2p end-of-turn seat:0; passes'],
    ['a negative pass count', '2p end-of-turn seat:0; passes -1'],
    ['two pass counts', '2p end-of-turn seat:0; passes 1 2'],
  ])('refuse %s', (_, text) => {
    expect(() => parsePosition(text)).toThrow(/position/);
  });

  it('round-trip every position between turns of real games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (game) => {
        const check = (s: GameState) => {
          if (s.phase !== 'play' || s.turnPlays.length > 0) return;
          const text = formatPosition(s);
          expect(described(parsePosition(text))).toEqual(described(s));
          expect(formatPosition(parsePosition(text))).toBe(text);
        };
        check(playSeeded(game, check));
      }),
      { numRuns: 30 },
    );
  });
});
