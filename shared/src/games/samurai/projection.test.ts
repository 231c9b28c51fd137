import { checkMove } from './apply';
import { legalMoves } from './legal';
import { canSeeCaptures, roomViewFor, viewFor, Viewer } from './projection';
import { seededRng } from '../../random';
import { cloneState, createGame, GameState } from './state';
import { after, position, seriesConfig, snapshots, VIEW_KEYS } from './test-helpers';

const viewersOf = (s: GameState): Viewer[] => [...s.hands.map((_, seat) => seat), 'spectator'];
const json = (s: GameState, viewer: Viewer) => JSON.stringify(viewFor(s, viewer));

// Game numbers whose series config has the given player count (see seriesConfig).
const gameWith = (players: number, k = 0) => players - 2 + 3 * k;

describe('a view', () => {
  it('as a room shows it, is the view without the board: the same hands, tallies and counts, and only its own draw', () => {
    for (const players of [2, 3, 4]) {
      for (const s of snapshots(gameWith(players)).filter((_, i) => i % 10 === 0)) {
        const drawn = s.hands.map((_, seat) => 100 + seat);
        for (const v of viewersOf(s)) {
          const view = viewFor(s, v);
          const room = roomViewFor(s, v, [7], drawn);
          for (const key of [
            'viewer',
            'players',
            'phase',
            'seat',
            'pieces',
            'supply',
            'aside',
            'handChosen',
            'hands',
            'captured',
            'handCounts',
            'stackCounts',
            'result',
          ] as const) {
            expect({ key, value: room[key] }).toEqual({ key, value: view[key] });
          }
          expect(room.drawn).toBe(v === 'spectator' ? 0 : 100 + v);
          expect(room.log).toEqual([7]);
        }
      }
    }
  });

  it('has exactly the documented keys, in every phase, for seats and spectators', () => {
    const states = [
      createGame({ players: 3 }, seededRng(1)),
      createGame({ players: 3, options: { startingHands: 'random' } }, seededRng(1)),
      ...snapshots(gameWith(3)).filter((_, i) => i % 25 === 0),
    ];
    for (const s of states) for (const v of viewersOf(s)) expect(Object.keys(JSON.parse(json(s, v))).sort()).toEqual(VIEW_KEYS);
  });

  it('shows a hand to its owner only, and hand and stack sizes to everyone', () => {
    const s = snapshots(gameWith(4))[40];
    expect(s.phase).toBe('play');
    for (const v of viewersOf(s)) {
      const view = viewFor(s, v);
      view.hands.forEach((hand, seat) => expect(hand).toEqual(seat === v ? s.hands[seat] : null));
      expect(view.handCounts).toEqual(s.hands.map((h) => h.length));
      expect(view.stackCounts).toEqual(s.stacks.map((st) => st.length));
    }
  });

  it('is a copy: changing it leaves the state alone', () => {
    const s = snapshots(gameWith(2))[30];
    const before = JSON.stringify(s);
    const view = viewFor(s, 0);
    view.hexOwner.fill(3);
    view.hands[0]!.push(1);
    view.captured[0]![0] = 99;
    view.pieces.fill(0);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('is enough for a seat to judge its own moves as the server would', () => {
    for (const s of snapshots(gameWith(3, 1)).filter((x) => x.phase === 'play')) {
      const view = viewFor(s, s.seat);
      for (const m of legalMoves(view)) expect(checkMove(s, m)).toBeNull();
      expect(legalMoves(view)).toEqual(legalMoves(s));
    }
  });
});

describe('capture tallies', () => {
  it('lie open with 2 players, to seats and spectators alike', () => {
    const s = position('2p end-of-turn seat:0; pieces 14,13=brc; captured0 1/0/2; captured1 0/3/0');
    for (const v of viewersOf(s))
      expect(viewFor(s, v).captured).toEqual([
        [1, 0, 2],
        [0, 3, 0],
      ]);
  });

  it.each([3, 4])('with %i players, are shown to their owner only until the game ends; spectators see none', (players) => {
    const s = position(`${players}p end-of-turn seat:0; pieces 14,7=b 14,13=brc; captured1 0/1/0; captured2 2/0/0`);
    expect(viewFor(s, 1).captured).toEqual([null, [0, 1, 0], null, ...(players === 4 ? [null] : [])]);
    expect(viewFor(s, 2).captured).toEqual([null, null, [2, 0, 0], ...(players === 4 ? [null] : [])]);
    expect(viewFor(s, 'spectator').captured.every((c) => c === null)).toBe(true);
    expect(canSeeCaptures(s, 0, 1)).toBe(false);
    // A full round of passes ends the game: then every tally is revealed to everyone.
    const over = after(s, ...Array.from({ length: players }, (_, seat) => `${seat} pass`));
    expect(over.phase).toBe('over');
    for (const v of viewersOf(over)) expect(viewFor(over, v).captured).toEqual(over.captured);
  });

  it('hide nothing that the public capture events show: who won which piece is open to all', () => {
    const s = after(position('3p end-of-turn seat:0; tiles 15,7=0.buddha3; pieces 14,7=b 14,13=brc; hand0 ronin1'), '0 ronin1@14,8', '0 end');
    for (const v of viewersOf(s)) expect(viewFor(s, v).turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
    expect(viewFor(s, 1).captured[0]).toBeNull();
  });
});

describe('what a view may not depend on', () => {
  /** States equal in everything `viewer` may know, different in what it may not. */
  function hiddenVariants(s: GameState, viewer: Viewer): GameState[] {
    const variants: GameState[] = [];
    const copy = () => cloneState(s);
    // Stack order is known to nobody.
    const reversed = copy();
    reversed.stacks.forEach((st) => st.reverse());
    variants.push(reversed);
    // Another seat's hand: trade its tiles with its stack, keeping both sizes.
    for (let seat = 0; seat < s.players; seat++) {
      if (seat === viewer || s.hands[seat].length === 0 || s.stacks[seat].length === 0) continue;
      const traded = copy();
      const k = Math.min(traded.hands[seat].length, traded.stacks[seat].length);
      const fromHand = traded.hands[seat].splice(0, k);
      const fromStack = traded.stacks[seat].splice(0, k, ...fromHand);
      traded.hands[seat] = [...traded.hands[seat], ...fromStack].sort((a, b) => a - b);
      variants.push(traded);
    }
    // With 3–4 players and the game on, another seat's tally.
    if (s.players > 2 && s.phase !== 'over') {
      for (let seat = 0; seat < s.players; seat++) {
        if (seat === viewer) continue;
        const moved = copy();
        moved.captured[seat] = [moved.captured[seat][0] + 1, 0, 7];
        variants.push(moved);
      }
    }
    return variants;
  }

  it('for any seat or spectator, at many points of real games of every size', () => {
    let compared = 0;
    for (const game of [0, 1, 2, 4, 5, 7, 8]) {
      const states = snapshots(game);
      for (const s of states.filter((_, i) => i % 7 === 0 || i === states.length - 1)) {
        for (const v of viewersOf(s)) {
          for (const variant of hiddenVariants(s, v)) {
            // Count only variants that really differ from the state (a reversed 1-tile stack does not).
            if (JSON.stringify(variant) === JSON.stringify(s)) continue;
            expect(json(variant, v)).toBe(json(s, v));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('leaks no random setup before it is dealt', () => {
    const config = seriesConfig(0);
    const a = createGame({ players: 3, options: { ...config.options, setup: 'random', startingHands: 'chosen' } }, seededRng(1));
    const b = cloneState(a);
    b.pendingPieces = createGame({ players: 3, options: { setup: 'random' } }, seededRng(2)).pendingPieces;
    expect(b.pendingPieces).not.toEqual(a.pendingPieces);
    for (const v of viewersOf(a)) expect(json(a, v)).toBe(json(b, v));
  });
});
