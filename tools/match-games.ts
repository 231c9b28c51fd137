/**
 * One game of a bench match (`npm run bench -- --match …`): seats at given bot levels, each bot
 * handed only its seat's view (as the server hands it), each move timed and checked against the
 * full state before it is made. A move the engine refuses is counted, and a random legal move is
 * made instead (as the server does), so the game and the count go on. The bots, views and check
 * are the game's contract's; the game's tools play it by the engine's own loop (`match.play`).
 */
import { Rng, seededRng, THINK_MS } from '@samurai/shared';
import { processCpuMs, threadCpuClock } from './bench-kit';
import type { AnyToolGame } from './games/tool-game';

export const CLOCKS = ['cpu', 'thread', 'wall'] as const;
/**
 * The expert's deadline's clock: the process's CPU time (every thread's: the collector's too, all
 * a core of its own would do; one bench thread only), the CPU time of the bench thread that plays
 * (its own work), or the wall clock (as the server's threads, slower on a loaded machine).
 */
export type Clock = (typeof CLOCKS)[number];

/**
 * The expert's budget: iterations, or a time, or both (it stops at whichever comes first): `ms`
 * for a move of its turn and `promptMs` for an answer to a prompt, by `clock`; its search's
 * exploration constant and policy bias.
 */
export interface ExpertBudget {
  readonly iterations?: number;
  readonly ms?: number;
  readonly promptMs?: number;
  readonly clock?: Clock;
  readonly exploration?: number;
  readonly policyBias?: number;
}

export interface MoveTiming {
  readonly level: string;
  /** Wall-clock time, and this process's CPU time (one core's work, whatever else loads the machine: read only with one thread). */
  readonly ms: number;
  readonly cpuMs: number;
  /** The CPU time of the thread that played it (its own work, with any number of threads). */
  readonly threadMs: number;
  readonly illegal: boolean;
}

export interface MatchGameResult {
  readonly game: number;
  /** The level of each seat in this game. */
  readonly seatLevels: readonly string[];
  readonly winners: readonly number[];
  readonly moves: readonly MoveTiming[];
}

/** Game g's seats: the match's levels rotated by g, so each level sits at each seat in turn. */
export function seatLevels(levels: readonly string[], g: number): string[] {
  return levels.map((_, s) => levels[(((s + g) % levels.length) + levels.length) % levels.length]);
}

export interface AnyBot<T, M> {
  chooseMove(table: T, seat: number, rng: Rng): M;
}

/** A bot that sees only its seat's view, timed and refereed. */
export function refereed<S, T, M>(
  level: string,
  bot: AnyBot<T, M>,
  view: (state: S, seat: number) => T,
  refused: (state: S, move: M) => unknown,
  fallback: AnyBot<T, M>,
  moves: MoveTiming[],
): AnyBot<S, M> {
  return {
    chooseMove(state, seat, rng) {
      const seen = view(state, seat);
      const cpu = CLOCK.cpu();
      const thread = threadCpu();
      const start = performance.now();
      const move = bot.chooseMove(seen, seat, rng);
      const ms = performance.now() - start;
      const threadMs = threadCpu() - thread;
      const cpuMs = CLOCK.cpu() - cpu;
      const illegal = refused(state, move) !== null;
      moves.push({ level, ms, cpuMs, threadMs, illegal });
      return illegal ? fallback.chooseMove(seen, seat, rng) : move;
    },
  };
}

/** This thread's CPU clock (a module is loaded once per thread: a bench thread has its own). */
const threadCpu = threadCpuClock();
const CLOCK: Readonly<Record<Clock, () => number>> = {
  cpu: processCpuMs,
  thread: threadCpu,
  wall: () => performance.now(),
};

/**
 * The expert's options given. With iterations alone, those (the same moves on every machine);
 * otherwise a time, by default the server's (THINK_MS), as a deadline.
 */
export function expertOptions(budget: ExpertBudget) {
  const timed = budget.iterations === undefined || budget.ms !== undefined || budget.promptMs !== undefined;
  return {
    iterations: budget.iterations ?? 1_000_000_000,
    ...(timed
      ? {
          timeMs: budget.ms ?? THINK_MS.turn,
          promptTimeMs: budget.promptMs ?? THINK_MS.prompt,
          now: CLOCK[budget.clock ?? 'cpu'],
        }
      : {}),
    ...(budget.exploration !== undefined ? { exploration: budget.exploration } : {}),
    ...(budget.policyBias !== undefined ? { policyBias: budget.policyBias } : {}),
  };
}

/** Game g's random sources: the deal's, and the bots' (a different region of the same seed). */
export function matchRngs(g: number, seed: number): { readonly gameRng: Rng; readonly botRng: Rng } {
  return { gameRng: seededRng(seed + g), botRng: seededRng(seed + g + 1_000_000_007) };
}

/**
 * Game number `g` of a match between `levels` (one per seat, rotated by g) from `seed`: each seat's
 * bot is its level's in the game's contract (a searching level at the match's budget), handed
 * only its seat's view and refereed by the contract's legal check, its fallback moving instead of
 * a refused move.
 */
export function playMatchGame(tools: AnyToolGame, levels: readonly string[], g: number, seed: number, budget: ExpertBudget): MatchGameResult {
  const { contract } = tools;
  const levelsNow = seatLevels(levels, g);
  const moves: MoveTiming[] = [];
  const { gameRng, botRng } = matchRngs(g, seed);
  const searching = tools.match.searchingBot(expertOptions(budget));
  const bots = levelsNow.map((level) =>
    refereed<unknown, unknown, unknown>(
      level,
      contract.searchingBots?.levels.includes(level) ? searching : contract.bots[level],
      (state, seat) => contract.view(tools.tableOf(state), seat),
      (state, move) => contract.legal(tools.tableOf(state), move),
      contract.fallbackBot,
      moves,
    ),
  );
  return { game: g, seatLevels: levelsNow, winners: tools.match.play(levels.length, bots, gameRng, botRng), moves };
}
