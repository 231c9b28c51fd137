/**
 * Properties of whole games, with fast-check drawing the seeds, the player count (2 to 6) and
 * which seats are greedy bots: every game ends; every state a player acts in keeps every card
 * and coin (coins leave only by the removal at each campaign's start) and the hand sizes of
 * the refill rule; every bot move is legal; applyMove leaves its input alone; every record
 * re-verifies; no view holds a key it must not. Checked at every step; failures are collected
 * and asserted once per game, because an expect per step would cost more than the games.
 */
import fc from 'fast-check';
import { seededRng } from '../../random';
import { applyMove, applyMoveInPlace } from './apply';
import { Bot } from './bots/bot';
import { greedyBot } from './bots/greedy-bot';
import { randomBot } from './bots/random-bot';
import { awaitsChance, settle } from './chance';
import { PlayerCount } from './cards';
import { legalMoves, seatsToAct } from './legal';
import { formatMove } from './notation';
import { viewFor, Viewer } from './projection';
import { exportRecord, verifyRecord } from './record';
import { createGame } from './setup';
import { GameState, Move } from './state';
import { brokenInvariants } from './test-helpers';

const HIDDEN_KEYS = /"(supply|bottom|deck|drawOffDecks|resultDrawOffDecks|ending|nextRevealId|emperor)":/;

interface GameRun {
  final: GameState;
  problems: string[];
  steps: number;
}

function run(seed: number, players: PlayerCount, greedy: readonly boolean[]): GameRun {
  const bots: Bot[] = greedy.slice(0, players).map((g) => (g ? greedyBot : randomBot));
  const gameRng = seededRng(seed);
  const botRng = seededRng(seed ^ 0x5bd1e995);
  const state = createGame({ players }, gameRng);
  const problems: string[] = [];
  const note = (step: number, what: string[]) => what.length && problems.length < 5 && problems.push(`step ${step}: ${what.join('; ')}`);
  let steps = 0;
  for (; state.step.kind !== 'over'; steps++) {
    if (steps > 20_000) {
      problems.push('the game does not end');
      break;
    }
    if (awaitsChance(state)) {
      settle(state, gameRng);
      continue;
    }
    note(steps, brokenInvariants(state));
    const seat = seatsToAct(state)[0];
    const move = bots[seat].chooseMove(state, seat, botRng);
    if (steps % 7 === 0) note(steps, deepChecks(state, move, seat));
    const bad = applyMoveInPlace(state, move);
    if (bad) {
      problems.push(`step ${steps}: ${bots[seat].name} chose an illegal move ${formatMove(move)}: ${bad.error}`);
      break;
    }
  }
  note(steps, brokenInvariants(state));
  return { final: state, problems, steps };
}

/** applyMove leaves its input alone and agrees with applyMoveInPlace; the move is listed; views keep their secrets. */
function deepChecks(state: GameState, move: Move, seat: number): string[] {
  const problems: string[] = [];
  const before = JSON.stringify(state);
  const result = applyMove(state, move);
  if (JSON.stringify(state) !== before) problems.push(`applyMove changed its input on ${formatMove(move)}`);
  if (!result.ok) return [...problems, `applyMove refused ${formatMove(move)}`];
  const inPlace = JSON.parse(before) as GameState;
  applyMoveInPlace(inPlace, move);
  if (JSON.stringify(inPlace) !== JSON.stringify(result.state)) problems.push('applyMove and applyMoveInPlace disagree');
  if (!legalMoves(state, seat).some((m) => formatMove(m) === formatMove(move))) problems.push(`${formatMove(move)} is not listed by legalMoves`);
  const viewers: Viewer[] = [...state.hands.map((_, s) => s), 'spectator'];
  for (const v of viewers) {
    const text = JSON.stringify(viewFor(state, v));
    if (HIDDEN_KEYS.test(text)) problems.push(`viewer ${v}: ${text.match(HIDDEN_KEYS)![0]}`);
    const view = JSON.parse(text);
    view.hands.forEach((h: unknown, s: number) => (h !== null) !== (s === v) && problems.push(`viewer ${v} sees hand ${s}`));
    view.shown.forEach((x: { to: number }) => x.to !== v && problems.push(`viewer ${v} sees a showing to ${x.to}`));
  }
  return problems;
}

const players = fc.constantFrom<PlayerCount>(2, 3, 4, 5, 6);
const greedySeats = fc.array(fc.boolean(), { minLength: 6, maxLength: 6 });

describe('whole bot games', () => {
  it('with 2 to 6 players, random and greedy, always end legal, conserving cards and coins, and re-verify from their records', () => {
    let games = 0;
    const counts = new Map<number, number>();
    fc.assert(
      fc.property(fc.integer(), players, greedySeats, (seed, n, greedy) => {
        const { final, problems } = run(seed, n, greedy);
        games++;
        counts.set(n, (counts.get(n) ?? 0) + 1);
        const check = verifyRecord(JSON.parse(JSON.stringify(exportRecord(final))));
        if (!check.ok) problems.push(`record refused: ${check.message}`);
        else if (JSON.stringify(check.state.result) !== JSON.stringify(final.result)) problems.push('the record gives another result');
        expect(problems).toEqual([]);
        expect(final.result!.winners).toHaveLength(1);
        expect(final.coins.some((c) => c === 0)).toBe(true);
      }),
      { numRuns: 1000, seed: 20_170_901 },
    );
    expect(games).toBe(1000);
    for (const n of [2, 3, 4, 5, 6]) expect(counts.get(n)).toBeGreaterThan(100);
  });

  it('refuse anything that is not a legal move with a code, and never throw or change the state', () => {
    // States of a few games, at every kind of step, and moves from garbage to nearly legal.
    const states: GameState[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const { final } = run(seed, ((seed % 5) + 2) as PlayerCount, [true, false, true, false, true, false]);
      states.push(final);
    }
    const sampled: GameState[] = [];
    for (const seed of [7, 8, 9]) {
      const gameRng = seededRng(seed);
      const state = createGame({ players: (seed - 4) as PlayerCount }, gameRng);
      const rng = seededRng(seed + 1);
      for (let k = 0; state.step.kind !== 'over'; k++) {
        if (awaitsChance(state)) settle(state, gameRng);
        else {
          if (k % 3 === 0) sampled.push(JSON.parse(JSON.stringify(state)));
          const seat = seatsToAct(state)[0];
          applyMoveInPlace(state, randomBot.chooseMove(state, seat, rng));
        }
      }
    }
    const all = [...states, ...sampled];
    const nearMove = fc.record(
      {
        type: fc.constantFrom('play', 'answer', 'take', 'pass', 42),
        seat: fc.oneof(fc.integer({ min: -1, max: 7 }), fc.constant('0')),
        play: fc.oneof(
          fc.anything(),
          fc.record(
            { card: fc.constantFrom('captain', 'peasant', 'princess', 'dragon'), targets: fc.anything(), ikki: fc.anything() },
            { requiredKeys: ['card'] },
          ),
        ),
        answer: fc.oneof(fc.constantFrom('monk', 'pay', 'defend', 'accept'), fc.anything()),
        card: fc.oneof(fc.constantFrom('kabuki', 'captain', 'monk'), fc.anything()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.oneof(nearMove, fc.anything()), (i, m) => {
        const state = all[i];
        const before = JSON.stringify(state);
        const r = applyMove(state, m as Move);
        expect(JSON.stringify(state)).toBe(before);
        if (!r.ok) expect(typeof r.error).toBe('string');
        else expect(brokenInvariants(r.state)).toEqual([]);
      }),
      { numRuns: 3000, seed: 1998 },
    );
  });

  it('are the same game, move for move, from the same seeds', () => {
    const a = run(42, 5, [true, false, true, false, true, false]).final;
    const b = run(42, 5, [true, false, true, false, true, false]).final;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(run(43, 5, [true, false, true, false, true, false]).final.campaigns)).not.toBe(JSON.stringify(a.campaigns));
  });
});
