/**
 * One game of a bench match (`npm run bench -- --match …`): seats at given bot levels, each bot
 * handed only its seat's view (as the server hands it), each move timed and checked against the
 * full state before it is made. A move the engine refuses is counted, and a random legal move is
 * made instead (as the server does), so the game and the count go on.
 */
import { Bot, BOTS, checkMove, GameState, makeExpertBot, mangoku, playGame, PlayerCount, randomBot, Rng, seededRng, viewFor } from '@samurai/shared';
import type { GameName } from './cli';

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

interface AnyBot<T, M> {
  chooseMove(table: T, seat: number, rng: Rng): M;
}

/** A bot that sees only its seat's view, timed and refereed. */
function refereed<S, T, M>(
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
function expertOptions(budget: ExpertBudget) {
  return {
    ...(budget.iterations !== undefined ? { iterations: budget.iterations } : budget.ms !== undefined ? { iterations: 1_000_000_000 } : {}),
    ...(budget.ms !== undefined ? { timeMs: budget.ms, now } : {}),
    ...(budget.exploration !== undefined ? { exploration: budget.exploration } : {}),
    ...(budget.policyBias !== undefined ? { policyBias: budget.policyBias } : {}),
  };
}

/** Plays game number `g` of a match between `levels` (one per seat) from `seed`. */
export function playMatchGame(game: GameName, levels: readonly string[], g: number, seed: number, budget: ExpertBudget): MatchGameResult {
  const levelsNow = seatLevels(levels, g);
  const moves: MoveTiming[] = [];
  const gameRng = seededRng(seed + g);
  const botRng = seededRng(seed + g + 1_000_000_007);
  if (game === 'mangoku') {
    const expert = mangoku.makeExpertBot(expertOptions(budget));
    const bots = levelsNow.map((level) => {
      const bot = level === 'expert' ? expert : mangoku.BOTS[level as mangoku.BotName];
      return refereed(level, bot, mangoku.viewFor, mangoku.checkMove, mangoku.randomBot, moves) as unknown as mangoku.Bot;
    });
    const state = mangoku.playGame({ players: levels.length as mangoku.PlayerCount }, bots, gameRng, botRng);
    return { game: g, seatLevels: levelsNow, winners: state.result!.winners, moves };
  }
  const expert = makeExpertBot(expertOptions(budget));
  const bots = levelsNow.map((level) => {
    const bot = level === 'expert' ? expert : BOTS[level as keyof typeof BOTS];
    return refereed(level, bot, (state: GameState, seat) => viewFor(state, seat), checkMove, randomBot, moves) as unknown as Bot;
  });
  const state = playGame({ players: levels.length as PlayerCount }, bots, gameRng, botRng);
  return { game: g, seatLevels: levelsNow, winners: state.result!.winners, moves };
}
