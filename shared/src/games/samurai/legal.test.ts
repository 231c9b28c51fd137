import { checkMove } from './apply';
import { boardFor, HEXES, SETTLEMENTS } from './board';
import { hasLegalPlay, legalMoves, legalPlacements, legalPlays } from './legal';
import { MoveError } from './errors';
import { checkPlay } from './plays';
import { formatMove, formatPosition, parsePosition } from './notation';
import { viewFor } from './projection';
import { Move, PieceAt, Play, PlaceTileName, Table } from './state';
import { after, ALL_OPTIONS, playKey, position, snapshots } from './test-helpers';
import { PIECES, TILES } from './tiles';

const keys = (plays: readonly Play[]) => plays.map(playKey).sort();

/**
 * Every play checkPlay accepts for the seat to act, found by trying every tile in hand on every
 * hex of the 4-player board, every ordered pair of (settlement, caste) for the switch, and every
 * (from, to) pair of hexes for the move tile.
 */
function bruteForcePlays(table: Table, refusals?: Set<MoveError>): string[] {
  const seat = table.seat;
  const accepted = new Set<string>();
  const tryPlay = (play: Play) => {
    const bad = checkPlay(table, seat, play);
    if (bad === null) accepted.add(playKey(play));
    else refusals?.add(bad.error);
  };
  const pieces: PieceAt[] = SETTLEMENTS.flatMap((s) => PIECES.map((piece) => ({ hex: HEXES[s.hex].name, piece })));
  for (const id of new Set(table.hands[seat])) {
    const tile = TILES[id];
    if (tile.target === 'pieces') {
      for (const a of pieces) for (const b of pieces) tryPlay({ tile: 'switch', swap: [a, b] });
    } else if (tile.target === 'tile') {
      for (const from of HEXES) for (const to of HEXES) tryPlay({ tile: 'move', from: from.name, to: to.name });
    } else {
      for (const hex of HEXES) tryPlay({ tile: tile.name as PlaceTileName, hex: hex.name });
    }
  }
  return [...accepted].sort();
}

describe('legal plays, by hand', () => {
  it('list identical tiles once, and ships on every empty sea hex in play', () => {
    const s = position('2p end-of-turn seat:0; tiles 14,6=1.ship1; pieces 14,13=brc; hand0 ship1 ship1');
    const plays = legalPlays(s);
    const seaInPlay = boardFor(2).seaHexes.length;
    expect(plays.length).toBe(seaInPlay - 1);
    expect(new Set(keys(plays)).size).toBe(plays.length);
    expect(plays.every((p) => p.tile === 'ship1' && p.hex !== '14,6')).toBe(true);
  });

  it('list every swap that changes something and breaks no settlement', () => {
    const s = position('2p end-of-turn seat:0; pieces 14,7=b 16,8=r 14,9=bc 14,13=brc; hand0 switch');
    expect(keys(legalPlays(s))).toEqual(
      keys([
        {
          tile: 'switch',
          swap: [
            { hex: '14,7', piece: 'buddha' },
            { hex: '16,8', piece: 'rice' },
          ],
        },
        {
          tile: 'switch',
          swap: [
            { hex: '14,9', piece: 'buddha' },
            { hex: '16,8', piece: 'rice' },
          ],
        },
        {
          tile: 'switch',
          swap: [
            { hex: '16,8', piece: 'rice' },
            { hex: '14,9', piece: 'castle' },
          ],
        },
      ]),
    );
  });

  it('list the move tile for own caste and samurai tiles only, onto every empty land hex', () => {
    const s = position('2p end-of-turn seat:0; tiles 15,7=0.samurai2 14,8=0.ronin1 15,8=1.rice2; pieces 14,13=brc; hand0 move');
    const emptyLand = boardFor(2).landHexes.length - 3;
    const plays = legalPlays(s);
    expect(plays.length).toBe(emptyLand);
    expect(plays.every((p) => p.tile === 'move' && p.from === '15,7')).toBe(true);
  });

  it('after the turn’s non-fast tile, list fast tiles, the end of the turn and the take-back', () => {
    const s = after(position('2p end-of-turn seat:0; pieces 14,13=brc; hand0 samurai1 rice2 ship2'), '0 rice2@15,7');
    const moves = legalMoves(s);
    expect(new Set(moves.filter((m) => m.type === 'play').map((m) => (m.type === 'play' ? m.play.tile : '')))).toEqual(new Set(['ship2']));
    expect(moves).toContainEqual({ type: 'endTurn', seat: 0 });
    expect(moves).toContainEqual({ type: 'undo', seat: 0 });
    expect(moves).not.toContainEqual({ type: 'pass', seat: 0 });
  });

  it('leave out the take-back once an immediate capture has happened', () => {
    const s = after(position('2p immediate seat:0; tiles 15,7=0.samurai1; pieces 14,7=b 14,13=brc; hand0 samurai2'), '0 samurai2@14,8');
    expect(legalMoves(s)).toEqual([{ type: 'endTurn', seat: 0 }]);
  });

  it('are empty for a seat not to act', () => {
    const s = position('2p end-of-turn seat:0; pieces 14,13=brc; hand0 samurai1; hand1 samurai1');
    expect(legalPlays(s, 1)).toEqual([]);
    expect(legalMoves(s, 1)).toEqual([]);
    expect(hasLegalPlay(s, 1)).toBe(false);
  });
});

describe('legal moves on positions from real games', () => {
  // Two games of every player count and option mix; every third state of each.
  const games = Array.from({ length: 2 * 3 * ALL_OPTIONS.length }, (_, i) => i);
  const states = games.flatMap((g) => snapshots(g).filter((s, i) => i % 3 === 0 && (s.phase === 'play' || s.phase === 'pieces')));

  it('sample enough positions of both phases', () => {
    expect(states.filter((s) => s.phase === 'play').length).toBeGreaterThan(500);
    expect(states.filter((s) => s.phase === 'pieces').length).toBeGreaterThan(50);
  });

  it('every listed move passes checkMove', () => {
    // Failures are collected and asserted once: an expect per move would dominate the run time.
    const refused: string[] = [];
    for (const s of states) {
      const moves = legalMoves(s);
      if (moves.length === 0) refused.push(`nothing listed at ${formatPosition(s)}`);
      for (const m of moves) {
        const bad = checkMove(s, m);
        if (bad) refused.push(`${formatMove(m)}: ${bad.error}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('every play checkPlay accepts is listed, each once; hasLegalPlay agrees', () => {
    let positions = 0;
    const refusals = new Set<MoveError>();
    for (const s of states.filter((x, i) => x.phase === 'play' && i % 2 === 0)) {
      const listed = keys(legalPlays(s));
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed).toEqual(bruteForcePlays(s, refusals));
      expect(hasLegalPlay(s)).toBe(listed.length > 0);
      positions++;
    }
    expect(positions).toBeGreaterThan(250);
    // Every refusal of a tile in hand occurs in real games, not only in hand-made positions.
    expect([...refusals].sort()).toEqual(
      [
        MoveError.OffBoard,
        MoveError.OneNonFast,
        MoveError.OnSettlement,
        MoveError.NeedsLand,
        MoveError.NeedsSea,
        MoveError.Occupied,
        MoveError.SwitchNoPiece,
        MoveError.SwitchSameSettlement,
        MoveError.SwitchSameCaste,
        MoveError.SwitchDuplicateCaste,
        MoveError.MoveNoTile,
        MoveError.MoveNotYours,
        MoveError.MoveFastTile,
      ].sort(),
    );
  });

  it('every setup placement checkMove accepts is listed', () => {
    for (const s of states.filter((x) => x.phase === 'pieces')) {
      const accepted = SETTLEMENTS.flatMap((st) => PIECES.map((piece): Move => ({ type: 'placePiece', seat: s.seat, hex: HEXES[st.hex].name, piece }))).filter(
        (m) => checkMove(s, m) === null,
      );
      expect(legalPlacements(s).map(formatMove).sort()).toEqual(accepted.map(formatMove).sort());
    }
  });
});

describe('on a view that hides the acting seat’s hand', () => {
  // A spectator's view while seat 0 is to play: nothing about seat 0's options is known.
  const state = parsePosition('2p end-of-turn seat:0; pieces 14,11=b 14,9=rc 14,13=brc; hand0 samurai1; hand1 samurai3');
  const spectator = viewFor(state, 'spectator');

  it('lists no moves, rather than claiming the seat must pass', () => {
    expect(legalMoves(spectator, 0)).toEqual([]);
    expect(legalPlays(spectator, 0)).toEqual([]);
  });

  it('refuses to judge a play or a pass it cannot see (a caller’s mistake, so it throws)', () => {
    expect(() => checkMove(spectator, { type: 'play', seat: 0, play: { tile: 'samurai1', hex: '13,12' } })).toThrow(/not visible/);
    expect(() => checkMove(spectator, { type: 'pass', seat: 0 })).toThrow(/not visible/);
  });
});
