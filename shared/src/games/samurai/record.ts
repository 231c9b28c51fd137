import { z } from 'zod';
import { RecordSeat, recordSeatsSchema } from '../../record-seats';
import { applyMoveInPlace } from './apply';
import { isPlayerCount, PlayerCount } from './board';
import { MoveError, MoveFailure } from './errors';
import { formatPlay } from './notation';
import { checkPlacement } from './setup';
import { CAPTURE_TIMINGS, Capture, CaptureTiming, createGameWithPools, GameState, Placement, Play, putPiece, startPlay, TurnRecord } from './state';
import { Piece, PieceCounts, PIECES, TILE_ID, TILE_NAMES, TILE_SET, TileName } from './tiles';

export const RECORD_FORMAT = 'samurai-record/1';

type PerPiece<T> = Record<Piece, T>;

/** A whole game, as docs/rules/samurai-record.md specifies: everything needed to replay it exactly. */
export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly players: PlayerCount;
  readonly options: { readonly captureTiming: CaptureTiming };
  readonly setup: {
    readonly hands: readonly (readonly TileName[])[];
    /** Next draw first. */
    readonly stacks: readonly (readonly TileName[])[];
    readonly pieces: readonly Placement[];
  };
  readonly turns: readonly TurnRecord[];
  readonly result: {
    readonly captured: readonly PerPiece<number>[];
    readonly aside: PerPiece<number>;
    readonly leaders: PerPiece<number | null>;
    readonly winners: readonly number[];
  };
  /** Who sat where (optional, informative: see record-seats.ts). */
  readonly seats?: readonly RecordSeat[];
}

const perPiece = (counts: readonly number[]) => Object.fromEntries(PIECES.map((p, c) => [p, counts[c]])) as PerPiece<number>;

/** The record of a finished game. */
export function exportRecord(state: GameState): GameRecord {
  if (!state.result) throw new Error('exportRecord: the game has not ended');
  const names = (ids: readonly number[]) => ids.map((id) => TILE_NAMES[id]);
  const { result } = state;
  return {
    format: RECORD_FORMAT,
    players: state.players,
    options: { captureTiming: state.options.captureTiming },
    setup: {
      hands: state.startHands.map(names),
      stacks: state.startStacks.map(names),
      pieces: state.placements.map((p) => ({ ...p })),
    },
    turns: state.turns.map((t) => ({ seat: t.seat, plays: t.plays.slice(), captures: t.captures.slice() })),
    result: {
      captured: result.captured.map(perPiece),
      aside: perPiece(result.aside),
      leaders: Object.fromEntries(PIECES.map((p, c) => [p, result.leaders[c]])) as PerPiece<number | null>,
      winners: result.winners.slice(),
    },
  };
}

// ---- reading ---------------------------------------------------------------------------------

const hex = z.string().regex(/^\d{1,2},\d{1,2}$/, 'a hex is "col,row"');
const piece = z.enum(PIECES);
const tile = z.enum(TILE_NAMES);
const seat = z.number().int().min(0).max(3);
const pieceAt = z.strictObject({ hex, piece });
const play = z.union([
  z.strictObject({ tile: z.literal('switch'), swap: z.tuple([pieceAt, pieceAt]) }),
  z.strictObject({ tile: z.literal('move'), from: hex, to: hex }),
  z.strictObject({ tile: tile.exclude(['switch', 'move']), hex }),
]);
const counts = z.strictObject({ buddha: z.number().int().min(0), rice: z.number().int().min(0), castle: z.number().int().min(0) });
const recordSchema = z.strictObject({
  format: z.literal(RECORD_FORMAT),
  players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  options: z.strictObject({ captureTiming: z.enum(CAPTURE_TIMINGS) }),
  setup: z.strictObject({
    hands: z.array(z.array(tile)),
    stacks: z.array(z.array(tile)),
    pieces: z.array(z.strictObject({ seat: seat.nullable(), hex, piece })),
  }),
  turns: z.array(
    z.strictObject({
      seat,
      plays: z.array(play),
      captures: z.array(z.strictObject({ hex, piece, seat: seat.nullable() })),
    }),
  ),
  result: z.strictObject({
    captured: z.array(counts),
    aside: counts,
    leaders: z.strictObject({ buddha: seat.nullable(), rice: seat.nullable(), castle: seat.nullable() }),
    winners: z.array(seat),
  }),
  seats: recordSeatsSchema.optional(),
});

export const RECORD_ERRORS = [
  'record/shape',
  'record/tiles',
  'record/setup',
  'record/seat_order',
  'record/captures_differ',
  'record/ended_early',
  'record/not_ended',
  'record/result_differs',
] as const;
/**
 * Why a record is not a valid game, beyond the engine's own move errors:
 * shape: not the JSON shape of docs/rules/samurai-record.md; tiles: a seat's hand and stack are not its 20 tiles;
 * setup: setup pieces wrong or incomplete; seat_order: a turn by a seat not to play;
 * captures_differ / result_differs: informative parts disagree with the recomputation;
 * ended_early: turns after the game ended; not_ended: the last turn does not end the game.
 */
export type RecordError = (typeof RECORD_ERRORS)[number];

export type RecordCheck =
  | { readonly ok: true; readonly record: GameRecord; readonly state: GameState }
  | {
      readonly ok: false;
      /** Index into `turns`, when a turn is at fault. */
      readonly turn: number | null;
      /** Index into that turn's `plays`, when a play is at fault. */
      readonly play: number | null;
      readonly rule: MoveError | RecordError;
      readonly message: string;
    };

function refuse(rule: MoveError | RecordError, message: string, turn: number | null = null, play: number | null = null): RecordCheck {
  return { ok: false, turn, play, rule, message };
}

function captureKey(c: Capture): string {
  return `${c.hex}/${c.piece}/${c.seat}`;
}

function sameCaptures(a: readonly Capture[], b: readonly Capture[]): boolean {
  const ka = a.map(captureKey).sort();
  const kb = b.map(captureKey).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

function formatCaptures(captures: readonly Capture[]): string {
  return captures.length ? captures.map((c) => `${c.piece}@${c.hex}→${c.seat ?? 'aside'}`).join(', ') : 'none';
}

/**
 * Reads a record and verifies it by replaying every step through the engine: recomputes the
 * captures and the result, and names the turn, the play and the rule of the first illegal step.
 */
export function verifyRecord(json: unknown): RecordCheck {
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse('record/shape', `${issue.path.join('.') || 'record'}: ${issue.message}`);
  }
  const record = parsed.data as GameRecord;
  const { players } = record;
  if (!isPlayerCount(players)) return refuse('record/shape', 'players must be 2, 3 or 4');
  if (record.seats && record.seats.length !== players) return refuse('record/shape', `seats has ${record.seats.length} entries for ${players} players`);
  for (const key of ['hands', 'stacks'] as const) {
    if (record.setup[key].length !== players) {
      return refuse('record/shape', `setup.${key} has ${record.setup[key].length} entries for ${players} players`);
    }
  }
  const set = TILE_SET.slice()
    .sort((a, b) => a - b)
    .join();
  for (let s = 0; s < players; s++) {
    const hand = record.setup.hands[s];
    const all = [...hand, ...record.setup.stacks[s]].map((t) => TILE_ID[t]).sort((a, b) => a - b);
    if (hand.length !== 5 || all.join() !== set) {
      return refuse('record/tiles', `setup: seat ${s}'s hand (${hand.length} tiles) and stack are not exactly its 20 tiles`);
    }
  }

  const dealt = record.setup.pieces.length > 0 && record.setup.pieces.every((p) => p.seat === null);
  const pools = record.setup.hands.map((h, s) => [...h, ...record.setup.stacks[s]].map((t) => TILE_ID[t]));
  const state = createGameWithPools(
    { players, options: { captureTiming: record.options.captureTiming, startingHands: 'chosen', setup: 'players' } },
    pools,
    null,
  );
  record.setup.hands.forEach((hand, s) => applyMoveInPlace(state, { type: 'chooseHand', seat: s, tiles: hand }));

  const setupCheck = dealt ? replayDealtPieces(state, record) : replayPlacedPieces(state, record);
  if (setupCheck) return setupCheck;

  for (let t = 0; t < record.turns.length; t++) {
    const turn = record.turns[t];
    if (state.phase === 'over') return refuse('record/ended_early', `turns[${t}]: the game already ended after turns[${t - 1}]`, t);
    if (turn.seat !== state.seat) {
      return refuse('record/seat_order', `turns[${t}]: seat ${turn.seat} plays, but seat ${state.seat} is to play`, t);
    }
    if (turn.plays.length === 0) {
      const bad = applyMoveInPlace(state, { type: 'pass', seat: turn.seat });
      if (bad) return refuse(bad.error, `turns[${t}] (seat ${turn.seat}) passes: ${bad.error}: ${bad.detail}`, t);
    }
    for (let p = 0; p < turn.plays.length; p++) {
      const bad = applyMoveInPlace(state, { type: 'play', seat: turn.seat, play: turn.plays[p] as Play });
      if (bad) return refuseStep(bad, t, p, turn.seat, turn.plays[p] as Play);
    }
    if (turn.plays.length > 0) applyMoveInPlace(state, { type: 'endTurn', seat: turn.seat });
    const done = state.turns[state.turns.length - 1];
    if (!sameCaptures(done.captures, turn.captures)) {
      return refuse(
        'record/captures_differ',
        `turns[${t}]: the record lists captures ${formatCaptures(turn.captures)}, the rules give ${formatCaptures(done.captures)}`,
        t,
      );
    }
  }
  if (!state.result) return refuse('record/not_ended', 'the game has not ended after the last turn');
  const expected = exportRecord(state).result;
  // Winners are a set, in no order (docs/rules/samurai-record.md § result): compare them as one.
  const normal = (r: GameRecord['result']) => JSON.stringify({ ...r, winners: [...r.winners].sort((a, b) => a - b) });
  if (normal(expected) !== normal(record.result)) {
    return refuse('record/result_differs', `result: the record says ${JSON.stringify(record.result)}, the rules give ${JSON.stringify(expected)}`);
  }
  return { ok: true, record, state };
}

function refuseStep(bad: MoveFailure, turn: number, play: number, seat: number, p: Play): RecordCheck {
  return refuse(bad.error, `turns[${turn}] (seat ${seat}), plays[${play}] ${formatPlay(p)}: ${bad.error}: ${bad.detail}`, turn, play);
}

function replayPlacedPieces(state: GameState, record: GameRecord): RecordCheck | null {
  for (let i = 0; i < record.setup.pieces.length; i++) {
    const p = record.setup.pieces[i];
    if (p.seat !== i % record.players) {
      return refuse('record/setup', `setup.pieces[${i}]: placed by seat ${p.seat}, but seat ${i % record.players} places it`);
    }
    const bad = applyMoveInPlace(state, { type: 'placePiece', seat: p.seat, hex: p.hex, piece: p.piece });
    if (bad) return refuse(bad.error, `setup.pieces[${i}] ${p.piece}@${p.hex}: ${bad.error}: ${bad.detail}`);
  }
  return state.phase === 'play' ? null : refuse('record/setup', `setup.pieces: ${sumSupply(state.supply)} pieces were never placed`);
}

function replayDealtPieces(state: GameState, record: GameRecord): RecordCheck | null {
  for (let i = 0; i < record.setup.pieces.length; i++) {
    const p = record.setup.pieces[i];
    const bad = checkPlacement(state, p.hex, p.piece);
    if ('ok' in bad) return refuse(bad.error, `setup.pieces[${i}] ${p.piece}@${p.hex}: ${bad.error}: ${bad.detail}`);
    putPiece(state, p);
  }
  if (sumSupply(state.supply) > 0) return refuse('record/setup', `setup.pieces: ${sumSupply(state.supply)} pieces were never placed`);
  startPlay(state);
  return null;
}

function sumSupply(supply: PieceCounts): number {
  return supply[0] + supply[1] + supply[2];
}
