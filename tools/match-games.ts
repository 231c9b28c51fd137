/**
 * One game of a bench match (`npm run bench -- --match …`): seats at given bot levels, each bot
 * handed only its seat's view (as the server hands it), each move timed and checked against the
 * full state before it is made. A move the engine refuses is counted, and a random legal move is
 * made instead (as the server does), so the game and the count go on. The bots, views and check
 * are the game's contract's; the game's tools play it by the engine's own loop (`match.play`).
 */
import { Rng, seededRng } from '@samurai/shared';
import type { AnyToolGame } from './games/tool-game';

/** The expert's budget: iterations, and a time (ms) it stops at if that comes first; its search's exploration constant and policy bias. */
export interface ExpertBudget {
  readonly iterations?: number;
  readonly ms?: number;
  readonly exploration?: number;
  readonly policyBias?: number;
}

export interface MoveTiming {
  readonly level: string;
  /** Wall-clock time, and this process's CPU time (one core's work, whatever else loads the machine: read only with one thread). */
  readonly ms: number;
  readonly cpuMs: number;
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
      const cpu = process.cpuUsage();
      const start = performance.now();
      const move = bot.chooseMove(seen, seat, rng);
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const illegal = refused(state, move) !== null;
      moves.push({ level, ms, cpuMs: (used.user + used.system) / 1000, illegal });
      return illegal ? fallback.chooseMove(seen, seat, rng) : move;
    },
  };
}

const now = () => performance.now();

/** The expert's options given; the level's own budget (work) for what is not. */
export function expertOptions(budget: ExpertBudget) {
  return {
    ...(budget.iterations !== undefined ? { iterations: budget.iterations } : budget.ms !== undefined ? { iterations: 1_000_000_000 } : {}),
    ...(budget.ms !== undefined ? { timeMs: budget.ms, now } : {}),
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
