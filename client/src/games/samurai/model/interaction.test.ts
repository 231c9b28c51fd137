import {
  boardFor,
  checkMove,
  formatPlay,
  GameView,
  hexIndex,
  HEXES,
  legalPlacements,
  legalPlays,
  Move,
  Play,
  PIECES,
  TILE_NAMES,
  TileName,
  viewFor,
} from '@samurai/shared';
import { back, choose, matchTap, NO_SELECTION, prompt, revalidate, selectedTile, selectTile, Selection, targets, tileBlocked } from './interaction';
import { fixtureGame } from '@samurai/shared/src/games/samurai/room-fixture';

/** A play's identity, with a switch's two pieces in either order counting as one. */
function key(play: Play): string {
  if (play.tile === 'switch')
    return `switch ${play.swap
      .map((p) => `${p.piece}@${p.hex}`)
      .sort()
      .join(' ')}`;
  return formatPlay(play);
}

/** Every move reachable by choosing targets from `selection` onward. */
function reachable(view: GameView, seat: number, selection: Selection): Move[] {
  const moves: Move[] = [];
  for (const target of targets(view, seat, selection)) {
    const step = choose(view, seat, selection, target);
    expect(step).not.toBeNull();
    if (step!.move) moves.push(step!.move);
    else moves.push(...reachable(view, seat, step!.selection));
  }
  return moves;
}

const game2 = fixtureGame(2, 11);
const game4 = fixtureGame(4, 12, { captureTiming: 'immediate' });
const playStates = [...game2.steps, ...game4.steps].map((s) => s.before).filter((s, i) => s.phase === 'play' && i % 2 === 0);

describe('targets and choices during play', () => {
  it('offer exactly the legal plays, each accepted by the engine', () => {
    expect(playStates.length).toBeGreaterThan(20);
    for (const state of playStates) {
      const seat = state.seat;
      const view = viewFor(state, seat);
      const distinct = [...new Set(view.hands[seat]!)].map((t) => TILE_NAMES[t]);
      const offered = new Set<string>();
      for (const tile of distinct) {
        const moves = reachable(view, seat, selectTile(tile));
        for (const m of moves) {
          expect(checkMove(view, m)).toBeNull();
          if (m.type === 'play') offered.add(key(m.play));
        }
        expect(tileBlocked(view, seat, tile) === null).toBe(moves.length > 0);
      }
      expect([...offered].sort()).toEqual([...new Set(legalPlays(view, seat).map(key))].sort());
    }
  });

  it('offer nothing to a seat whose turn it is not, and say why its tiles wait', () => {
    const state = playStates[0];
    const other = (state.seat + 1) % state.players;
    const view = viewFor(state, other);
    for (const t of new Set(view.hands[other]!)) {
      expect(targets(view, other, selectTile(TILE_NAMES[t]))).toEqual([]);
      expect(tileBlocked(view, other, TILE_NAMES[t])).toBe('Wait for your turn.');
    }
  });

  it('refuse a target that is not offered, changing nothing', () => {
    const state = playStates.find((s) => s.hands[s.seat].some((t) => TILE_NAMES[t] !== 'switch' && TILE_NAMES[t] !== 'move'))!;
    const view = viewFor(state, state.seat);
    const tile = TILE_NAMES[view.hands[state.seat]!.find((t) => TILE_NAMES[t] !== 'switch' && TILE_NAMES[t] !== 'move')!];
    const selection = selectTile(tile);
    const offered = new Set(targets(view, state.seat, selection).map((t) => t.hex));
    const board = boardFor(state.players);
    const refused = board.hexes.find((h) => !offered.has(h))!;
    expect(choose(view, state.seat, selection, { hex: refused, caste: -1 })).toBeNull();
    expect(choose(view, state.seat, NO_SELECTION, { hex: refused, caste: -1 })).toBeNull();
  });

  it('takes a switch and a move in two steps, and steps back one at a time', () => {
    const withSwitch = playStates.find((s) => s.hands[s.seat].includes(TILE_NAMES.indexOf('switch')))!;
    const view = viewFor(withSwitch, withSwitch.seat);
    const first = targets(view, withSwitch.seat, selectTile('switch'))[0];
    const half = choose(view, withSwitch.seat, selectTile('switch'), first)!;
    expect(half.move).toBeNull();
    expect(half.selection).toEqual({ kind: 'switch', first: { settlement: HEXES[first.hex].settlement, caste: first.caste } });
    // The second piece is never of the first piece's caste nor in its settlement.
    for (const t of targets(view, withSwitch.seat, half.selection)) {
      expect(t.caste).not.toBe(first.caste);
      expect(t.hex).not.toBe(first.hex);
    }
    expect(back(half.selection)).toEqual({ kind: 'switch', first: null });
    expect(back(back(half.selection))).toEqual(NO_SELECTION);
    expect(back({ kind: 'move', from: 5 })).toEqual({ kind: 'move', from: -1 });
  });
});

describe('setup placements', () => {
  it('offer exactly the legal placements, caste by caste', () => {
    const states = game4.steps.map((s) => s.before).filter((s) => s.phase === 'pieces');
    expect(states.length).toBeGreaterThan(10);
    for (const state of states) {
      const view = viewFor(state, state.seat);
      const offered: string[] = [];
      PIECES.forEach((piece, caste) => {
        for (const m of reachable(view, state.seat, { kind: 'caste', caste })) {
          expect(checkMove(view, m)).toBeNull();
          offered.push(`${piece}@${(m as { hex: string }).hex}`);
        }
      });
      const legal = legalPlacements(view, state.seat).map((m) => `${(m as { piece: string }).piece}@${(m as { hex: string }).hex}`);
      expect(offered.sort()).toEqual(legal.sort());
    }
  });
});

describe('taps', () => {
  const options = [
    { hex: 10, caste: -1 },
    { hex: 20, caste: 0 },
    { hex: 20, caste: 2 },
    { hex: 30, caste: 1 },
  ];

  it('match a hex target, the piece under the finger, or the only piece there', () => {
    expect(matchTap(options, 10, -1)).toEqual(options[0]);
    expect(matchTap(options, 20, 2)).toEqual(options[2]);
    expect(matchTap(options, 30, 0)).toEqual(options[3]);
  });

  it('match nothing off the targets, or between two pieces of one settlement', () => {
    expect(matchTap(options, 11, -1)).toBeNull();
    expect(matchTap(options, 20, 1)).toBeNull();
  });
});

describe('keeping a selection', () => {
  it('keeps it while it still has targets and drops it when they are gone', () => {
    const state = playStates[0];
    const view = viewFor(state, state.seat);
    const tile = TILE_NAMES[view.hands[state.seat]![0]] as TileName;
    const selection = selectTile(tile);
    const expected = targets(view, state.seat, selection).length > 0 ? selection : NO_SELECTION;
    expect(revalidate(view, state.seat, selection)).toEqual(expected);
    const notMine = viewFor(state, (state.seat + 1) % state.players);
    expect(revalidate(notMine, (state.seat + 1) % state.players, selection)).toEqual(NO_SELECTION);
  });

  it('names the tile a selection belongs to, and what to do next', () => {
    expect(selectedTile(selectTile('ship1'))).toBe('ship1');
    expect(selectedTile({ kind: 'switch', first: null })).toBe('switch');
    expect(selectedTile({ kind: 'caste', caste: 1 })).toBeNull();
    expect(prompt(selectTile('ship2'))).toMatch(/sea/);
    expect(prompt(selectTile('castle3'))).toMatch(/land/);
    expect(prompt({ kind: 'move', from: hexIndex('14,12') })).toMatch(/moves to/);
    expect(prompt(NO_SELECTION)).toBe('');
  });
});
