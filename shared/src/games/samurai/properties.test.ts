/**
 * Properties of whole games: over 1,200 seeded bot games (2, 3 and 4 players, both capture
 * timings, chosen and random hands, placed and dealt setups), checked at every step.
 * Failures are collected and asserted once per game, because an expect per step would cost
 * more than the games themselves.
 */
import { applyMove, applyMoveInPlace } from './apply';
import { boardFor } from './board';
import { BOTS } from './bots';
import { legalMoves } from './legal';
import { formatMove } from './notation';
import { viewFor, Viewer } from './projection';
import { exportRecord, verifyRecord } from './record';
import { seededRng } from '../../random';
import { score } from './scoring';
import { playGame } from './simulate';
import { createGame, GameState, Move } from './state';
import { ALL_OPTIONS, brokenInvariants, playKey, playSeeded, seriesConfig, VIEW_KEYS } from './test-helpers';

const GAMES = 1200;
const HIDDEN_KEYS = /"(stacks|startHands|startStacks|pendingPieces|seed|pools)"/;

/** What is wrong with `viewer`'s view of `state`, judged on its JSON as a client would receive it. */
function viewProblems(state: GameState, viewer: Viewer): string[] {
  const text = JSON.stringify(viewFor(state, viewer));
  const view = JSON.parse(text);
  const problems: string[] = [];
  const keys = Object.keys(view).sort();
  if (keys.join() !== VIEW_KEYS.join()) problems.push(`keys ${keys.join()}`);
  if (HIDDEN_KEYS.test(text)) problems.push(`hidden key in ${text.match(HIDDEN_KEYS)![0]}`);
  const open = state.players === 2 || state.phase === 'over';
  for (let s = 0; s < state.players; s++) {
    const handShown = view.hands[s] !== null;
    if (handShown !== (s === viewer)) problems.push(`hand of seat ${s} ${handShown ? 'shown' : 'hidden'}`);
    if (handShown && JSON.stringify(view.hands[s]) !== JSON.stringify(state.hands[s])) problems.push(`hand of seat ${s} wrong`);
    const tallyShown = view.captured[s] !== null;
    if (tallyShown !== (open || s === viewer)) problems.push(`tally of seat ${s} ${tallyShown ? 'shown' : 'hidden'}`);
    if (view.handCounts[s] !== state.hands[s].length || view.stackCounts[s] !== state.stacks[s].length) problems.push('sizes wrong');
  }
  if ((view.result !== null) !== (state.phase === 'over')) problems.push('result shown before the end');
  return problems;
}

/** The end conditions of docs/rules/samurai.md § End of the game, judged independently of the engine after a completed turn. */
function shouldHaveEnded(state: GameState): boolean {
  const board = boardFor(state.players);
  const casteGone = [0, 1, 2].some((c) => board.settlements.every((s) => !(state.pieces[s] & (1 << c))));
  const fourAside = state.aside[0] + state.aside[1] + state.aside[2] >= 4;
  const lastRound = state.turns.slice(-state.players);
  const roundOfPasses = lastRound.length === state.players && lastRound.every((t) => t.plays.length === 0);
  return casteGone || fourAside || roundOfPasses;
}

interface GameCheck {
  problems: string[];
  steps: number;
}

/** Plays game i, checking every step; `deep` adds the costlier checks at a sample of steps. */
function checkGame(i: number, deep: boolean): GameCheck {
  const problems: string[] = [];
  let steps = 0;
  let turnsBefore = 0;
  const note = (step: number, what: string[]) => {
    if (what.length && problems.length < 10) problems.push(`game ${i} step ${step}: ${what.join('; ')}`);
  };
  const final = playSeeded(i, (state, move) => {
    // The state reached by the previous move (the game's start on the first call).
    note(steps, brokenInvariants(state));
    // A turn has just been completed: had it met an end condition, the game would be over.
    if (state.turns.length > turnsBefore) {
      turnsBefore = state.turns.length;
      if (shouldHaveEnded(state)) note(steps, ['the game went on past an end condition']);
    }
    // Every third step, the next viewer in turn (serialising a view costs more than a move).
    if (steps % 3 === 0) {
      const viewers: Viewer[] = [...state.hands.map((_, s) => s), 'spectator'];
      note(steps, viewProblems(state, viewers[(steps / 3) % viewers.length]));
    }
    if (deep && steps % 5 === 0) note(steps, deepChecks(state, move));
    if (deep && move.type === 'play') note(steps, takeBackProblems(state, move));
    steps++;
  });
  note(steps, brokenInvariants(final));
  if (!shouldHaveEnded(final)) note(steps, ['the game ended with no end condition']);
  for (const v of [...final.hands.map((_, s) => s), 'spectator' as const]) note(steps, viewProblems(final, v));
  const result = final.result!;
  const scoring = score(final.captured);
  if (JSON.stringify([result.leaders, result.winners]) !== JSON.stringify([scoring.leaders, scoring.winners])) note(steps, ['result differs from scoring']);
  const check = verifyRecord(JSON.parse(JSON.stringify(exportRecord(final))));
  if (!check.ok) note(steps, [`record refused: ${check.message}`]);
  return { problems, steps };
}

/** applyMove leaves its input alone and agrees with applyMoveInPlace; the bot's move is listed. */
function deepChecks(state: GameState, move: Move): string[] {
  const problems: string[] = [];
  const before = JSON.stringify(state);
  const result = applyMove(state, move);
  if (JSON.stringify(state) !== before) problems.push(`applyMove changed its input on ${formatMove(move)}`);
  if (!result.ok) return [...problems, `applyMove refused ${formatMove(move)}`];
  const inPlace = JSON.parse(before) as GameState;
  applyMoveInPlace(inPlace, move);
  if (JSON.stringify(inPlace) !== JSON.stringify(result.state)) problems.push('applyMove and applyMoveInPlace disagree');
  if (state.phase === 'play' || state.phase === 'pieces') {
    const key = (m: Move) => (m.type === 'play' ? `${m.seat} ${playKey(m.play)}` : formatMove(m));
    if (!legalMoves(state).some((m) => key(m) === key(move))) problems.push(`${formatMove(move)} is not listed by legalMoves`);
  }
  return problems;
}

/** Bots never take back, so every play of the deep games is made and taken back here. */
function takeBackProblems(state: GameState, move: Move): string[] {
  const made = applyMove(state, move);
  if (!made.ok) return [`${formatMove(move)} refused`];
  const undo: Move = { type: 'undo', seat: move.seat };
  // Allowed until a capture has happened this turn (only immediate captures happen mid-turn).
  const allowed = made.state.turnCaptures.length === 0;
  const undone = applyMove(made.state, undo);
  if (undone.ok !== allowed) return [`take-back of ${formatMove(move)} ${allowed ? 'refused' : 'allowed after a capture'}`];
  if (undone.ok && JSON.stringify(undone.state) !== JSON.stringify(state)) return [`take-back of ${formatMove(move)} did not restore the state`];
  return [];
}

describe(`${GAMES} seeded random-bot games`, () => {
  let checks: GameCheck[] = [];
  beforeAll(() => {
    checks = Array.from({ length: GAMES }, (_, i) => checkGame(i, i % 5 === 0));
  });

  it('cover every player count and option mix', () => {
    const mixes = new Set(checks.map((_, i) => JSON.stringify(seriesConfig(i))));
    expect(mixes.size).toBe(3 * ALL_OPTIONS.length);
    expect(checks.reduce((n, c) => n + c.steps, 0)).toBeGreaterThan(GAMES * 50);
  });

  it('all end, conserve every tile and piece, end exactly on an end condition, re-verify from their records, and leak nothing to any viewer', () => {
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
  });
});

describe('seeded determinism', () => {
  it.each([2, 3, 4] as const)('%i players: the same seeds give the same game, move for move', (players) => {
    const bots = [BOTS.random, BOTS.greedy, BOTS.random, BOTS.greedy];
    // A different mix of hands and setup for each player count.
    const config = { players, options: { ...ALL_OPTIONS[players], captureTiming: 'immediate' as const } };
    const a = playGame(config, bots, seededRng(42), seededRng(43));
    const b = playGame(config, bots, seededRng(42), seededRng(43));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = playGame(config, bots, seededRng(44), seededRng(43));
    expect(JSON.stringify(c.turns)).not.toBe(JSON.stringify(a.turns));
  });

  it('the same deal and the same moves give the same state', () => {
    const moves: Move[] = [];
    const first = playSeeded(17, (_, m) => moves.push(m));
    const replay = createGame(seriesConfig(17), seededRng(17));
    for (const m of moves) expect(applyMoveInPlace(replay, m)).toBeNull();
    expect(JSON.stringify(replay)).toBe(JSON.stringify(first));
  });
});

describe('games with the greedy bot', () => {
  it('stay legal and conserved, and re-verify', () => {
    const problems: string[] = [];
    for (let i = 0; i < 48; i++) {
      const bots = i % 2 ? [BOTS.greedy, BOTS.random, BOTS.greedy, BOTS.random] : [BOTS.greedy, BOTS.greedy, BOTS.greedy, BOTS.greedy];
      const final = playSeeded(i, (state) => problems.push(...brokenInvariants(state)), bots);
      const check = verifyRecord(JSON.parse(JSON.stringify(exportRecord(final))));
      if (!check.ok) problems.push(check.message);
    }
    expect(problems).toEqual([]);
  });
});
