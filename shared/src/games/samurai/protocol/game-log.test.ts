import fc from 'fast-check';
import { seededRng } from '../../../random';
import { applyMoveInPlace } from '../apply';
import { HEX_COUNT, HEXES } from '../board';
import { BOTS } from '../bots';
import { viewFor } from '../projection';
import { seatsToAct } from '../simulate';
import { cloneState, createGame, Move } from '../state';
import { botGame, entriesOf } from './bot-game';
import { decodeLogEntry, encodeLogEntry, LogEntry, startEvents, summariseLog, updateLog } from './game-log';

describe('the board from the log', () => {
  it('is the engine board after every move, take-backs included, and a take-back leaves the log as it was before its play', () => {
    for (const players of [2, 3, 4] as const) {
      for (const seed of [1, 2]) {
        const rng = seededRng(seed * 10 + players);
        const state = createGame({ players, options: { captureTiming: seed % 2 ? 'immediate' : 'end-of-turn' } }, rng);
        const log = startEvents(state).map(encodeLogEntry);
        const apply = (move: Move) => {
          const before = cloneState(state);
          const bad = applyMoveInPlace(state, move);
          if (bad) return false;
          updateLog(log, before, move, state);
          expect(summariseLog(log).board).toEqual({ hexOwner: state.hexOwner, hexTile: state.hexTile });
          return true;
        };
        let takeBacks = 0;
        while (state.phase !== 'over') {
          const seat = seatsToAct(state)[0];
          const move = BOTS.random.chooseMove(viewFor(state, seat), seat, rng);
          const logBefore = log.slice();
          expect(apply(move)).toBe(true);
          // Every other play is taken back (when the rules allow) and played again.
          if (move.type === 'play' && rng.int(2) === 0 && apply({ type: 'undo', seat })) {
            takeBacks++;
            expect(log).toEqual(logBefore);
            expect(apply(move)).toBe(true);
          }
        }
        expect(takeBacks).toBeGreaterThan(5);
      }
    }
  });
});

describe('the game log', () => {
  it('round-trips every kind of entry', () => {
    const samples: LogEntry[] = [
      { kind: 'hand', seat: 3 },
      { kind: 'dealt' },
      { kind: 'piece', seat: 0, hex: '14,9', piece: 'rice' },
      { kind: 'play', seat: 1, play: { tile: 'buddha2', hex: '14,12' } },
      {
        kind: 'play',
        seat: 2,
        play: {
          tile: 'switch',
          swap: [
            { hex: '14,9', piece: 'rice' },
            { hex: '16,8', piece: 'castle' },
          ],
        },
      },
      { kind: 'play', seat: 3, play: { tile: 'move', from: '13,12', to: '15,13' } },
      { kind: 'end', seat: 1 },
      { kind: 'pass', seat: 2 },
      { kind: 'capture', seat: null, hex: '14,11', piece: 'buddha' },
      { kind: 'capture', seat: 3, hex: '14,11', piece: 'castle' },
    ];
    for (const entry of samples) expect(decodeLogEntry(encodeLogEntry(entry))).toEqual(entry);
  });

  it('packs into 31 bits, events without payload into 7', () => {
    const last = HEXES[HEX_COUNT - 1].name;
    const big = encodeLogEntry({
      kind: 'play',
      seat: 3,
      play: {
        tile: 'switch',
        swap: [
          { hex: last, piece: 'castle' },
          { hex: last, piece: 'castle' },
        ],
      },
    });
    expect(big).toBeLessThan(2 ** 31);
    for (const kind of ['hand', 'end', 'pass'] as const) expect(encodeLogEntry({ kind, seat: 3 })).toBeLessThan(128);
  });

  it('summarises into the turns the engine recorded', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4) as fc.Arbitrary<2 | 3 | 4>, fc.integer(), (players, seed) => {
        const { state } = botGame(players, seed);
        const summary = summariseLog(entriesOf(state).map(encodeLogEntry));
        expect(summary.turns).toEqual(state.turns);
        expect(summary.placements).toEqual(state.placements);
        expect(summary.turnPlays).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('is what updateLog publishes: replaying it gives the engine turns', () => {
    for (const setup of ['players', 'random'] as const) {
      for (const players of [2, 3, 4] as const) {
        const { state, moves, initial } = botGame(players, players + (setup === 'random' ? 50 : 0), setup);
        const entries = [...initial, ...moves.flatMap((m) => m.events)];
        expect(entries.some((e) => e.kind === 'dealt')).toBe(setup === 'random');
        expect(entries.filter((e) => e.kind === 'hand')).toHaveLength(players);
        const summary = summariseLog(entries.map(encodeLogEntry));
        expect(summary.turns).toEqual(state.turns);
        expect(summary.passes).toBe(state.passes);
      }
    }
  });

  it('loses its last play to a take-back, and only to a take-back of a play', () => {
    const state = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(3));
    const seat = state.seat;
    const log = [encodeLogEntry({ kind: 'dealt' })];
    const play = BOTS.random.chooseMove(viewFor(state, seat), seat, seededRng(4));
    expect(play.type).toBe('play');
    const before = cloneState(state);
    expect(applyMoveInPlace(state, play)).toBeNull();
    updateLog(log, before, play, state);
    expect(log.map(decodeLogEntry)).toEqual([{ kind: 'dealt' }, { kind: 'play', seat, play: (play as Extract<Move, { type: 'play' }>).play }]);
    const undo: Move = { type: 'undo', seat };
    const played = cloneState(state);
    expect(applyMoveInPlace(state, undo)).toBeNull();
    updateLog(log, played, undo, state);
    expect(log.map(decodeLogEntry)).toEqual([{ kind: 'dealt' }]);
    // A log whose last entry is not a play cannot be what the engine took back: a bug, not a move.
    expect(() => updateLog(log, played, undo, state)).toThrow(/take-back/);
    expect(log).toHaveLength(1);
  });
});
