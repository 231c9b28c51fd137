import fc from 'fast-check';
import { HEX_COUNT, HEXES, SETTLEMENT_COUNT } from './board';
import { BOTS } from './bots';
import { viewFor } from './projection';
import { legalMoves } from './legal';
import {
  CLIENT_MESSAGES,
  COLOUR_IDS,
  createOptionsSchema,
  decodeLogEntry,
  encodeLogEntry,
  intentToMove,
  isRoomCode,
  joinErrorMessage,
  joinOptionsSchema,
  LogEntry,
  moveToIntent,
  nameSchema,
  normaliseRoomCode,
  packCounts,
  packHand,
  packPieces,
  parseJoinError,
  ROOM_CODE_ALPHABET,
  RoomError,
  SEAT_COLOURS,
  startEvents,
  moveEvents,
  summariseLog,
  tableFromRoomState,
  unpackCounts,
  unpackHand,
  unpackPieces,
} from './protocol';
import { HAND_SIZE } from './tiles';
import { seededRng } from './random';
import { seatsToAct } from './simulate';
import { cloneState, createGame, GameState, Move } from './state';
import { applyMoveInPlace } from './apply';
import { MoveError } from './errors';
import { fixtureGame, roomStateFor } from './room-fixture';

describe('room codes', () => {
  it('use no look-alike characters', () => {
    for (const c of '0O1IL') expect(ROOM_CODE_ALPHABET).not.toContain(c);
    expect(new Set(ROOM_CODE_ALPHABET).size).toBe(ROOM_CODE_ALPHABET.length);
  });

  it('accept exactly five alphabet characters', () => {
    expect(isRoomCode('ABC23')).toBe(true);
    expect(isRoomCode('ABC2')).toBe(false);
    expect(isRoomCode('ABC234')).toBe(false);
    expect(isRoomCode('ABCO2')).toBe(false);
    expect(isRoomCode('abc23')).toBe(false);
  });

  it('normalise what people type', () => {
    expect(normaliseRoomCode(' abc-23 ')).toBe('ABC23');
    expect(normaliseRoomCode('ab c2 3')).toBe('ABC23');
    expect(normaliseRoomCode('ABC1I')).toBeNull();
  });
});

describe('names', () => {
  it('are trimmed, collapsed and stripped of control characters', () => {
    expect(nameSchema.parse('  Ann   \t Lee  ')).toBe('Ann Lee');
    expect(nameSchema.parse('Bo\u0000b\u200b')).toBe('Bob');
  });

  it('are 1 to 20 characters', () => {
    expect(nameSchema.safeParse('   ').success).toBe(false);
    expect(nameSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(nameSchema.safeParse('x'.repeat(21)).success).toBe(false);
    expect(nameSchema.safeParse(42).success).toBe(false);
  });
});

describe('seat colours', () => {
  it('have distinct ids, colours and marks, enough for four players', () => {
    expect(SEAT_COLOURS.length).toBeGreaterThanOrEqual(4);
    for (const key of ['id', 'hex', 'mark', 'name'] as const) {
      expect(new Set(SEAT_COLOURS.map((c) => c[key])).size).toBe(SEAT_COLOURS.length);
    }
    for (const c of SEAT_COLOURS) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
    expect(COLOUR_IDS).toEqual(SEAT_COLOURS.map((c) => c.id));
  });
});

describe('join and create options', () => {
  it('accept the three ways in', () => {
    expect(joinOptionsSchema.safeParse({ role: 'player', name: 'Ann', colour: 'sky' }).success).toBe(true);
    expect(joinOptionsSchema.safeParse({ role: 'spectator' }).success).toBe(true);
    expect(joinOptionsSchema.safeParse({ seatToken: 'a'.repeat(32) }).success).toBe(true);
  });

  it('refuse anything else', () => {
    expect(joinOptionsSchema.safeParse({ role: 'player' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ role: 'player', name: 'Ann', colour: 'red' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ role: 'host', name: 'Ann' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ seatToken: 'short' }).success).toBe(false);
    expect(joinOptionsSchema.safeParse({ role: 'spectator', extra: 1 }).success).toBe(false);
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { players: 5 } }).success).toBe(false);
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { botDelayMs: -1 } }).success).toBe(false);
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { players: 3, setup: 'random' } }).success).toBe(true);
  });
});

describe('refused joins', () => {
  it('carry our error code in the message', () => {
    const message = joinErrorMessage(RoomError.NameTaken, 'Ann: taken');
    expect(parseJoinError(message)).toEqual({ code: RoomError.NameTaken, text: 'Ann: taken' });
    expect(parseJoinError('room "X" not found')).toBeNull();
  });
});

describe('packed numbers', () => {
  it('round-trip every hand of up to five tiles', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 16 }), { maxLength: HAND_SIZE }), (tiles) => {
        const hand = tiles.sort((a, b) => a - b);
        const packed = packHand(hand);
        expect(packed).toBeLessThan(2 ** 32); // fits a uint32
        expect(unpackHand(packed)).toEqual(hand);
      }),
    );
  });

  it('round-trip the castes present at every settlement, five to a uint16 entry', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(7), { minLength: SETTLEMENT_COUNT, maxLength: SETTLEMENT_COUNT }), (pieces) => {
        const packed = packPieces(pieces);
        expect(packed).toHaveLength(Math.ceil(SETTLEMENT_COUNT / 5));
        expect(Math.max(...packed)).toBeLessThan(2 ** 16);
        expect(unpackPieces(packed)).toEqual(pieces);
      }),
    );
  });

  it('round-trip counts of up to 13 pieces per caste', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(13), fc.nat(13), fc.nat(13)), (counts) => {
        const packed = packCounts(counts);
        expect(packed).toBeLessThan(2 ** 15); // fits an int16
        expect(unpackCounts(packed)).toEqual(counts);
      }),
    );
  });
});

/** A whole bot game, every move kept, with the log entries the server would publish. */
function botGame(players: 2 | 3 | 4, seed: number, setup: 'players' | 'random' = 'players') {
  const game = fixtureGame(players, seed, { setup, captureTiming: seed % 2 ? 'immediate' : 'end-of-turn' });
  let logBefore = game.initialLog;
  const moves = game.steps.map(({ move, before, log }) => {
    const events = log.slice(logBefore.length).map(decodeLogEntry);
    logBefore = log;
    return { move, before, events };
  });
  return { state: game.steps[game.steps.length - 1].after, moves, initial: game.initialLog.map(decodeLogEntry) };
}

/** The log entries of a finished game, built from its turns (a pass is a turn without plays). */
function entriesOf(state: GameState): LogEntry[] {
  const entries: LogEntry[] = [];
  state.placements.forEach((p) => p.seat !== null && entries.push({ kind: 'piece', seat: p.seat, hex: p.hex, piece: p.piece }));
  for (const turn of state.turns) {
    for (const play of turn.plays) entries.push({ kind: 'play', seat: turn.seat, play });
    for (const c of turn.captures) entries.push({ kind: 'capture', seat: c.seat, hex: c.hex, piece: c.piece });
    entries.push({ kind: turn.plays.length ? 'end' : 'pass', seat: turn.seat });
  }
  return entries;
}

describe('the board from the log', () => {
  it('is the engine board after every move, take-backs included', () => {
    for (const players of [2, 3, 4] as const) {
      for (const seed of [1, 2]) {
        const rng = seededRng(seed * 10 + players);
        const state = createGame({ players, options: { captureTiming: seed % 2 ? 'immediate' : 'end-of-turn' } }, rng);
        const log = startEvents(state).map(encodeLogEntry);
        const apply = (move: Move) => {
          const before = cloneState(state);
          const bad = applyMoveInPlace(state, move);
          if (bad) return false;
          log.push(...moveEvents(before, move, state).map(encodeLogEntry));
          expect(summariseLog(log).board).toEqual({ hexOwner: state.hexOwner, hexTile: state.hexTile });
          return true;
        };
        let takeBacks = 0;
        while (state.phase !== 'over') {
          const seat = seatsToAct(state)[0];
          const move = BOTS.random.chooseMove(viewFor(state, seat), seat, rng);
          expect(apply(move)).toBe(true);
          // Every other play is taken back (when the rules allow) and played again.
          if (move.type === 'play' && rng.int(2) === 0 && apply({ type: 'undo', seat })) {
            takeBacks++;
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
      { kind: 'play', seat: 2, play: { tile: 'switch', swap: [{ hex: '14,9', piece: 'rice' }, { hex: '16,8', piece: 'castle' }] } },
      { kind: 'play', seat: 3, play: { tile: 'move', from: '13,12', to: '15,13' } },
      { kind: 'undo', seat: 0 },
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
      play: { tile: 'switch', swap: [{ hex: last, piece: 'castle' }, { hex: last, piece: 'castle' }] },
    });
    expect(big).toBeLessThan(2 ** 31);
    for (const kind of ['hand', 'undo', 'end', 'pass'] as const) expect(encodeLogEntry({ kind, seat: 3 })).toBeLessThan(128);
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

  it('is what moveEvents publish: replaying it gives the engine turns', () => {
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

  it('applies take-backs to the current turn', () => {
    const play = { tile: 'ronin1', hex: '14,12' } as const;
    const log = [
      encodeLogEntry({ kind: 'play', seat: 0, play }),
      encodeLogEntry({ kind: 'play', seat: 0, play: { tile: 'ship1', hex: '13,13' } }),
      encodeLogEntry({ kind: 'undo', seat: 0 }),
    ];
    expect(summariseLog(log).turnPlays).toEqual([play]);
  });
});

describe('client messages', () => {
  it('turn every engine move into an intent that validates and turns back into the move', () => {
    for (const players of [2, 3, 4] as const) {
      const { moves } = botGame(players, players * 7);
      for (const { move } of moves) {
        const { type, payload } = moveToIntent(move);
        const parsed = CLIENT_MESSAGES[type].safeParse(payload);
        expect(parsed.success).toBe(true);
        expect(intentToMove(type, parsed.data, move.seat)).toEqual(move);
      }
    }
  });

  it('refuse extra fields, wrong types and unknown names', () => {
    expect(CLIENT_MESSAGES.play.safeParse({ play: { tile: 'buddha2', hex: '14,12', seat: 1 } }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ play: { tile: 'dragon', hex: '14,12' } }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ play: { tile: 'switch', hex: '14,12' } }).success).toBe(false);
    expect(CLIENT_MESSAGES.placePiece.safeParse({ hex: 14, piece: 'rice' }).success).toBe(false);
    expect(CLIENT_MESSAGES.undo.safeParse({ seat: 0 }).success).toBe(false);
    expect(CLIENT_MESSAGES.undo.safeParse(undefined).success).toBe(true);
    expect(CLIENT_MESSAGES.chooseHand.safeParse({ tiles: Array(21).fill('move') }).success).toBe(false);
    expect(CLIENT_MESSAGES.removeSeat.safeParse({ seat: 4 }).success).toBe(false);
    expect(CLIENT_MESSAGES.setOptions.safeParse({ players: 1 }).success).toBe(false);
  });
});

describe('tableFromRoomState', () => {
  it('gives a viewer the same legal moves as its engine view, all game long', () => {
    for (const players of [2, 3, 4] as const) {
      const { moves } = botGame(players, 100 + players);
      const log: number[] = [];
      for (const { move, before, events } of moves) {
        if (before.phase === 'play' || before.phase === 'pieces') {
          const table = tableFromRoomState(roomStateFor(before, move.seat, log), move.seat);
          expect(legalMoves(table, move.seat)).toEqual(legalMoves(viewFor(before, move.seat), move.seat));
          expect(table.hands.filter(Boolean)).toHaveLength(1);
        }
        log.push(...events.map(encodeLogEntry));
      }
    }
  });

  it('shows a spectator no hand, and other tallies only when they are public', () => {
    const { state } = botGame(3, 5);
    const table = tableFromRoomState(roomStateFor(state, 'spectator', []), 'spectator');
    expect(table.hands).toEqual([null, null, null]);
    expect(table.captured).toEqual(state.captured); // the game is over: every tally is public
  });
});

describe('error codes', () => {
  it('are distinct from the engine codes', () => {
    for (const code of Object.values(RoomError)) expect(Object.values(MoveError)).not.toContain(code);
  });
});
