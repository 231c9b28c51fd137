/**
 * Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, "Information Set Monte
 * Carlo Tree Search", IEEE TCIAIG 2012), the single-observer kind: the expert bots of both games.
 *
 * The searching seat cannot see the others' hands, so it cannot search the game it is in. Each
 * iteration draws instead a whole world it cannot tell from its own (a determinization: hidden
 * cards dealt at random, consistent with everything the seat has seen), and walks one tree shared
 * by every world: a node is a sequence of moves, whichever world they were made in. A move is
 * legal in some worlds and not in others (an opponent's card it may not hold), so selection weighs
 * each child by how often it was available rather than by its parent's visits (UCB1 with
 * availability counts). Each node keeps a reward per seat, and each seat, choosing, looks at its
 * own: any number of players, none of them assumed to play against the searcher alone.
 *
 * Pure and deterministic: given the same game, random source and iteration budget, the same move.
 * A time budget is the caller's (a clock passed in: the engines read none of their own), and a
 * deadline: the clock is read before every iteration and every few moves of a rollout, and an
 * iteration the deadline cuts short is dropped (half a game says nothing of who wins it), so a
 * decision overruns its time by at most a few moves and the choosing.
 */
import { Rng } from '../random';

/** What the search asks of a game, from the searching seat's point of view. */
export interface SearchGame<S> {
  readonly players: number;
  /**
   * A world the searching seat cannot tell from the one it is in, its hidden parts drawn from
   * `rng`: a new state, which the search then changes.
   */
  determinize(rng: Rng): S;
  /** The seat that decides now (chance already settled), or -1 once the game is over. */
  toAct(state: S): number;
  /**
   * Fills `out` with the moves `seat` weighs now and returns how many: keys (integers from 0 to
   * 2^40), the same move the same key in every world, the most promising first (tried first). A
   * game may leave out moves not worth a look; at the root, the searching seat's moves must be
   * the same in every world (it knows its own hand).
   */
  moves(state: S, seat: number, out: number[]): number;
  /** Makes the move of `key` for `seat`, then settles any chance it leads to. */
  play(state: S, seat: number, key: number, rng: Rng): void;
  /**
   * Plays on to the end by the rollout policy and writes each seat's reward (from 0 to 1) into
   * `rewards`; asks `expired` before each move (it is cheap: the clock is read every few asks)
   * and, once it says so, stops at once and returns false (the iteration is then not counted).
   */
  rollout(state: S, rng: Rng, rewards: Float64Array, expired: () => boolean): boolean;
}

export interface SearchBudget {
  /** At most this many iterations (tests and benchmarks: the same move on every machine). */
  readonly iterations: number;
  /** And at most this long, by `now` (both or neither): a deadline, read inside rollouts too. */
  readonly timeMs?: number;
  readonly now?: () => number;
  /** UCB1's exploration constant (rewards run from 0 to 1). */
  readonly exploration?: number;
  /**
   * How strongly a seat in the tree follows the move the game lists first where it decides (its
   * model of how a seat plays: the greedy bot's move, in the expert bots): a bonus of
   * `policyBias / (1 + visits)` to that child's score. 0 searches every seat's moves alike.
   */
  readonly policyBias?: number;
}

export interface SearchResult {
  /** The key of the move chosen: the root's most visited. */
  readonly key: number;
  readonly iterations: number;
  /** Per move weighed at the root: its key, visits, and the searching seat's mean reward after it. */
  readonly root: readonly { readonly key: number; readonly visits: number; readonly mean: number }[];
}

export const DEFAULT_EXPLORATION = 0.7;

/** Rewards of a finished game: each winner's share of the win (1 / winners), 0 for the others. */
export function winShares(winners: readonly number[], rewards: Float64Array): void {
  rewards.fill(0);
  for (const w of winners) rewards[w] = 1 / winners.length;
}

/**
 * The default time of a decision where the budget is time (the server's, by BOT_THINK_MS and
 * BOT_PROMPT_THINK_MS; the bench's): a move of a seat's own turn, and an answer to a prompt.
 * The bench's p99 a move then stays under a second of one core (docs/bots.md).
 */
export const THINK_MS = { turn: 800, prompt: 250 } as const;

/** How many of a rollout's asks (a move each) between looks at the clock. */
const CLOCK_EVERY_MOVES = 4;

const NEVER = () => false;

/**
 * Whether `budget`'s time has run out, read from its clock at most every CLOCK_EVERY_MOVES asks
 * (the clock may be a system call); once out, always out. Never, for a budget without time.
 */
function deadline(budget: SearchBudget): { readonly expired: () => boolean; readonly now: () => boolean } {
  const { timeMs, now } = budget;
  if (timeMs === undefined || !now) return { expired: NEVER, now: NEVER };
  const end = now() + timeMs;
  let out = false;
  let asks = 0;
  const read = () => (out ||= now() >= end);
  return { expired: () => out || (++asks % CLOCK_EVERY_MOVES === 0 && read()), now: read };
}

class Node {
  readonly children: Node[] = [];
  visits = 0;
  /** Iterations in which this node's move was legal where its parent was reached. */
  available = 0;
  /** Per seat, the sum of rewards of the iterations through this node. */
  readonly rewards: Float64Array;

  constructor(
    /** The move that led here, and the seat that made it (-1 for the root). */
    readonly key: number,
    readonly seat: number,
    players: number,
  ) {
    this.rewards = new Float64Array(players);
  }

  child(key: number, seat: number): Node | null {
    for (const c of this.children) if (c.key === key && c.seat === seat) return c;
    return null;
  }

  /** UCB1 over availability: the mover's mean reward, plus a bonus for moves seldom chosen when they could be. */
  score(exploration: number): number {
    return this.rewards[this.seat] / this.visits + exploration * Math.sqrt(Math.log(this.available) / this.visits);
  }
}

/**
 * Searches from the root for `seat` (the one to decide in every world `game` draws) and returns
 * the move most visited. With a single move to weigh there is nothing to search.
 */
export function search<S>(game: SearchGame<S>, seat: number, rng: Rng, budget: SearchBudget): SearchResult {
  const exploration = budget.exploration ?? DEFAULT_EXPLORATION;
  const bias = budget.policyBias ?? 0;
  const root = new Node(-1, -1, game.players);
  const keys: number[] = [];
  const untried: number[] = [];
  const rewards = new Float64Array(game.players);
  const path: Node[] = [];
  const time = deadline(budget);

  const first = game.determinize(rng);
  if (game.toAct(first) !== seat) throw new Error(`search: seat ${seat} is not to act`);
  const rootMoves = game.moves(first, seat, keys);
  if (rootMoves === 0) throw new Error(`search: seat ${seat} has no move`);
  const listedFirst = keys[0];
  if (rootMoves === 1) return { key: listedFirst, iterations: 0, root: [{ key: listedFirst, visits: 0, mean: 0 }] };

  let iterations = 0;
  iterating: while (iterations < budget.iterations && !time.now()) {
    const state = iterations === 0 ? first : game.determinize(rng);
    path.length = 0;
    path.push(root);
    let node = root;
    for (;;) {
      const mover = game.toAct(state);
      if (mover < 0) break;
      const n = game.moves(state, mover, keys);
      let open = 0;
      let best: Node | null = null;
      let bestScore = -Infinity;
      for (let i = 0; i < n; i++) {
        const c = node.child(keys[i], mover);
        if (!c) {
          untried[open++] = keys[i];
          continue;
        }
        c.available++;
        if (open === 0) {
          const score = c.score(exploration) + (i === 0 ? bias / (1 + c.visits) : 0);
          if (score > bestScore) {
            bestScore = score;
            best = c;
          }
        }
      }
      // Past the deadline: this iteration is dropped.
      if (time.expired()) break iterating;
      if (open > 0) {
        // Expand the first move not yet tried (the game lists the most promising first).
        const c = new Node(untried[0], mover, game.players);
        c.available = 1;
        node.children.push(c);
        game.play(state, mover, c.key, rng);
        path.push(c);
        break;
      }
      if (!best) throw new Error('search: a seat to act with no move');
      game.play(state, mover, best.key, rng);
      path.push(best);
      node = best;
    }
    // Cut short by the deadline: not counted (the node expanded stays, unvisited, and is never chosen).
    if (!game.rollout(state, rng, rewards, time.expired)) break;
    iterations++;
    for (const p of path) {
      p.visits++;
      for (let s = 0; s < rewards.length; s++) p.rewards[s] += rewards[s];
    }
  }

  // With no iteration finished in time, the move the game lists first (the greedy bot's, in the expert bots).
  if (iterations === 0) return { key: listedFirst, iterations, root: [] };
  let chosen = root.children[0];
  for (const c of root.children) {
    if (c.visits > chosen.visits || (c.visits === chosen.visits && c.rewards[seat] > chosen.rewards[seat])) chosen = c;
  }
  return {
    key: chosen.key,
    iterations,
    root: root.children.map((c) => ({ key: c.key, visits: c.visits, mean: c.visits ? c.rewards[seat] / c.visits : 0 })),
  };
}
