/**
 * A finished game stepped through again, for the replay viewer: every position of a record, from
 * the first deal to the ranking, kept while verifyRecord replays it through the engine (so a record
 * the rules refuse shows nothing). Stepping and jumping only look positions up.
 */
import { GameView, viewFor, Viewer } from './projection';
import { GameRecord, RecordCheck, RecordStep, verifyRecord } from './record';
import { cloneState, GameState } from './state';

/** Whose eyes the replay shows the game through: a seat, a spectator, or everything at once. */
export type ReplayPerspective = Viewer | 'everything';

export interface ReplayStep extends RecordStep {
  /** The position after this step: the whole truth. */
  readonly state: GameState;
}

export interface Replay {
  readonly record: GameRecord;
  /** Step 0 is the first campaign dealt; the last, the game's end. */
  readonly steps: readonly ReplayStep[];
  /** Per turn, campaign after campaign: the step whose position that turn starts from. */
  readonly turnStarts: readonly number[];
}

export type ReplayOpening = { readonly ok: true; readonly replay: Replay } | Extract<RecordCheck, { ok: false }>;

/**
 * Reads and verifies a record, keeping every position on the way. A Shrine Maiden's reveal,
 * which a room hides after REVEAL_SECONDS, is hidden here once the next turn begins.
 */
export function openReplay(json: unknown): ReplayOpening {
  const steps: ReplayStep[] = [];
  const turnStarts: number[] = [];
  const hidden = new Set<string>();
  const revealKey = (r: { campaign: number; id: number }) => `${r.campaign}:${r.id}`;
  let lastTurn = '';
  const check = verifyRecord(json, (live, step) => {
    const turn = step.turn === null ? '' : `${step.campaign}:${step.turn}`;
    if (step.kind === 'play' && turn !== lastTurn) {
      turnStarts.push(steps.length - 1);
      for (const r of steps[steps.length - 1]?.state.reveals ?? []) hidden.add(revealKey(r));
    }
    if (turn) lastTurn = turn;
    const state = cloneState(live);
    state.reveals = state.reveals.filter((r) => !hidden.has(revealKey(r)));
    steps.push({ ...step, state });
  });
  return check.ok ? { ok: true, replay: { record: check.record, steps, turnStarts } } : check;
}

/**
 * The position at `step` as `perspective` saw it then: the engine's own projection for a seat
 * or a spectator, or, for 'everything', every hand, every answer and everything shown to anyone.
 */
export function viewAt(replay: Replay, step: number, perspective: ReplayPerspective): GameView {
  const state = replay.steps[clampStep(replay, step)].state;
  if (perspective !== 'everything') return viewFor(state, perspective);
  const view = viewFor(state, 'spectator');
  return {
    ...view,
    hands: state.hands.map((h) => h.slice()),
    answers: state.answers.slice(),
    taken: state.taken,
    shown: state.shown.map((s) => ({ ...s, cards: s.cards.slice() })),
  };
}

/**
 * The step one turn on (`direction` 1) or back (-1) from `step`: the next turn's starting
 * position (the end of the game after the last), or the start of this turn, or of the one before.
 */
export function turnStep(replay: Replay, step: number, direction: 1 | -1): number {
  const starts = replay.turnStarts;
  if (direction === 1) {
    for (const start of starts) if (start > step) return start;
    return replay.steps.length - 1;
  }
  for (let i = starts.length - 1; i >= 0; i--) if (starts[i] < step) return starts[i];
  return 0;
}

/** The step at which turn `turn` of campaign `campaign` was played (its first play), or null. */
export function stepOfTurn(replay: Replay, campaign: number, turn: number): number | null {
  const found = replay.steps.findIndex((s) => s.kind === 'play' && s.campaign === campaign && s.turn === turn);
  return found < 0 ? null : found;
}

/** The last step of campaign `campaign` (its end, and any draw-off), or null. */
export function lastStepOfCampaign(replay: Replay, campaign: number): number | null {
  for (let i = replay.steps.length - 1; i >= 0; i--) if (replay.steps[i].campaign === campaign) return i;
  return null;
}

function clampStep(replay: Replay, step: number): number {
  if (!Number.isInteger(step)) throw new Error(`replay: step ${step} is not a whole number`);
  return Math.max(0, Math.min(replay.steps.length - 1, step));
}
