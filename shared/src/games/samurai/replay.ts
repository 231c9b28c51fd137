/**
 * A finished game stepped through again, for the replay viewer: every position of a verified
 * record, from the moment play can begin (hands fixed, a dealt setup on the board) to the
 * scoring, each with the public log as the room published it then. Positions are computed once,
 * through the engine (applyMove), so stepping and jumping only look them up.
 */
import { applyMoveInPlace } from './apply';
import { GameView, viewFor, Viewer } from './projection';
import { decodeLogEntry, encodeLogEntry, LogEntry, startEvents, updateLog } from './protocol/game-log';
import { GameRecord, RecordCheck, verifyRecord } from './record';
import { cloneState, createGameWithPools, GameState, Move, Placement } from './state';
import { PieceCounts, TILE_ID } from './tiles';

export const REPLAY_STEP_KINDS = ['start', 'piece', 'play', 'end', 'pass'] as const;
/**
 * start: hands fixed (a dealt setup on the board); piece: a setup piece placed; play: a tile
 * played (with any immediate captures); end: a turn ended (end-of-turn captures, tiles drawn);
 * pass: a turn passed.
 */
export type ReplayStepKind = (typeof REPLAY_STEP_KINDS)[number];

/** Whose eyes the replay shows the game through: a seat, a spectator, or everything at once. */
export type ReplayPerspective = Viewer | 'everything';

export interface ReplayStep {
  readonly kind: ReplayStepKind;
  /** The turn this step belongs to (index into the record's turns); -1 during setup. */
  readonly turn: number;
  /** The position after this step: the whole truth (hands, stacks, tallies). */
  readonly state: GameState;
  /** The public log at this step is its first `logLength` entries. */
  readonly logLength: number;
}

export interface Replay {
  readonly record: GameRecord;
  readonly steps: readonly ReplayStep[];
  /** The whole public log of the game, as the room published it (hands chosen left out). */
  readonly log: readonly LogEntry[];
  /** Per turn of the record: the step whose position that turn starts from. */
  readonly turnStarts: readonly number[];
}

export type ReplayOpening = { readonly ok: true; readonly replay: Replay } | Extract<RecordCheck, { ok: false }>;

/**
 * Reads a record (as parsed from its JSON) and verifies it through the engine before anything is
 * shown: a record the rules refuse is answered with verifyRecord's refusal (turn, play, rule).
 */
export function openReplay(json: unknown): ReplayOpening {
  const check = verifyRecord(json);
  return check.ok ? { ok: true, replay: replayRecord(check.record) } : check;
}

/**
 * The positions of a record verifyRecord accepted. The hands' choosing is not replayed (which
 * tiles each seat chose is what the record gives; the choices themselves show nothing): the
 * first position is the game with its hands in place. Throws on a record that does not replay.
 */
export function replayRecord(record: GameRecord): Replay {
  const dealt = record.setup.pieces.length > 0 && record.setup.pieces.every((p) => p.seat === null);
  // A random starting hand is the first 5 of the seat's 20 and the stack the other 15, in
  // order: exactly the record's hand and stack, so the game starts with them in place.
  const pools = record.setup.hands.map((hand, s) => [...hand, ...record.setup.stacks[s]].map((t) => TILE_ID[t]));
  const state = createGameWithPools(
    { players: record.players, options: { captureTiming: record.options.captureTiming, startingHands: 'random', setup: dealt ? 'random' : 'players' } },
    pools,
    dealt ? (record.setup.pieces as Placement[]) : null,
  );
  const log = startEvents(state).map(encodeLogEntry);
  const steps: ReplayStep[] = [{ kind: 'start', turn: -1, state: cloneState(state), logLength: log.length }];
  const turnStarts: number[] = [];
  const step = (move: Move, kind: ReplayStepKind, turn: number) => {
    const before = cloneState(state);
    const bad = applyMoveInPlace(state, move);
    if (bad) throw new Error(`replayRecord: step ${steps.length} (${kind}) is refused: ${bad.error}: ${bad.detail}`);
    updateLog(log, before, move, state);
    steps.push({ kind, turn, state: cloneState(state), logLength: log.length });
  };
  if (!dealt) record.setup.pieces.forEach((p) => step({ type: 'placePiece', seat: p.seat!, hex: p.hex, piece: p.piece }, 'piece', -1));
  record.turns.forEach((turn, t) => {
    turnStarts.push(steps.length - 1);
    if (turn.plays.length === 0) return step({ type: 'pass', seat: turn.seat }, 'pass', t);
    for (const play of turn.plays) step({ type: 'play', seat: turn.seat, play }, 'play', t);
    step({ type: 'endTurn', seat: turn.seat }, 'end', t);
  });
  return { record, steps, log: log.map(decodeLogEntry), turnStarts };
}

/**
 * The position at `step` as `perspective` saw it then: the engine's own projection for a seat
 * or a spectator (that seat's hand, what it knew), or every hand and tally for 'everything'.
 */
export function viewAt(replay: Replay, step: number, perspective: ReplayPerspective): GameView {
  const state = replay.steps[clampStep(replay, step)].state;
  if (perspective !== 'everything') return viewFor(state, perspective);
  const view = viewFor(state, 'spectator');
  return { ...view, hands: state.hands.map((h) => h.slice()), captured: state.captured.map((c) => c.slice() as PieceCounts) };
}

/** The public log at `step`. */
export function logAt(replay: Replay, step: number): LogEntry[] {
  return replay.log.slice(0, replay.steps[clampStep(replay, step)].logLength);
}

/** The step at which log entry `entry` appeared (jumping there from the log). */
export function stepOfLogEntry(replay: Replay, entry: number): number {
  // logLength never falls: the first step whose log holds the entry, by bisection.
  let low = 0;
  let high = replay.steps.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (replay.steps[mid].logLength > entry) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The step one turn on (`direction` 1) or back (-1) from `step`: the next turn's starting
 * position (the end of the game after the last), or the start of this turn, or of the one before.
 */
export function turnStep(replay: Replay, step: number, direction: 1 | -1): number {
  const starts = replay.turnStarts;
  const last = replay.steps.length - 1;
  if (direction === 1) {
    for (const start of starts) if (start > step) return start;
    return last;
  }
  for (let i = starts.length - 1; i >= 0; i--) if (starts[i] < step) return starts[i];
  return 0;
}

function clampStep(replay: Replay, step: number): number {
  if (!Number.isInteger(step)) throw new Error(`replay: step ${step} is not a whole number`);
  return Math.max(0, Math.min(replay.steps.length - 1, step));
}
