/**
 * One move of a bot level that searches (the expert), as a bot thread makes it: the task names the
 * game, the seat, the seat's own view (the same a browser gets: the search reads nothing else)
 * and the budget; the seed makes the search's draws (a room's rng gives it).
 */
import { expertMove, GameView, mangoku, seededRng } from '@samurai/shared';

export const SEARCHING_GAMES = ['samurai', 'mangoku'] as const;
export type SearchingGame = (typeof SEARCHING_GAMES)[number];

export interface ThinkTask {
  readonly game: SearchingGame;
  readonly seat: number;
  /** viewFor(state, seat) of the game (structured-cloned to the thread). */
  readonly view: unknown;
  readonly seed: number;
  /** The search stops at whichever comes first. */
  readonly timeMs: number;
  readonly iterations: number;
}

/** The move, as the game's engine takes it. */
export function think(task: ThinkTask, now: () => number): unknown {
  const rng = seededRng(task.seed);
  const budget = { iterations: task.iterations, timeMs: task.timeMs, now };
  if (task.game === 'mangoku') return mangoku.expertMove(task.view as mangoku.GameView, task.seat, rng, budget);
  return expertMove(task.view as GameView, task.seat, rng, budget);
}
