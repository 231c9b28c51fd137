/**
 * One move of a bot level that searches (the expert), as a bot thread makes it: the task names the
 * game, the seat, the seat's own view (the same a browser gets: the search reads nothing else)
 * and the budget; the seed makes the search's draws (a room's rng gives it). The game's contract
 * (its `searchingBots`) makes the move.
 */
import { AnyGameContract, GAME_CONTRACTS, seededRng } from '@samurai/shared';

/**
 * The contracts a thread can think for, by name: a task crosses to the thread as data, so it names
 * its game. Only the engines are loaded in a thread (not the server's game modules and schemas).
 */
const CONTRACTS: ReadonlyMap<string, AnyGameContract> = new Map(GAME_CONTRACTS.map((c) => [c.name, c]));

export interface ThinkTask {
  /** The contract's name. */
  readonly game: string;
  readonly seat: number;
  /** The contract's view(state, seat) (structured-cloned to the thread). */
  readonly view: unknown;
  readonly seed: number;
  /** The search stops at whichever comes first. */
  readonly timeMs: number;
  readonly iterations: number;
}

/** The move, as the game's engine takes it. */
export function think(task: ThinkTask, now: () => number): unknown {
  const searching = CONTRACTS.get(task.game)?.searchingBots;
  // The session then moves by the quick level, and logs this: a game to add to GAME_CONTRACTS.
  if (!searching) throw new Error(`no bot of ${task.game} thinks on a thread`);
  return searching.think(task.view, task.seat, seededRng(task.seed), { iterations: task.iterations, timeMs: task.timeMs, now });
}
