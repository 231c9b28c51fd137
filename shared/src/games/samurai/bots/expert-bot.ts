/**
 * The expert bot: information-set Monte Carlo tree search (search/ismcts.ts) from the seat's own
 * view, over worlds drawn by determinize.ts, with the greedy bot playing every seat to the end
 * of each iteration's game. The tree weighs, at each decision, the greedy bot's best few plays
 * (by its own one-tile measure) and ending the turn: the search then finds which of them wins
 * games, a few turns deep, where the greedy bot sees one tile.
 *
 * The starting hand is the greedy bot's (a search from before the first tile is placed would
 * reach few games deep enough to tell hands apart).
 */
import { Rng } from '../../../random';
import { search, SearchBudget, SearchGame, winShares } from '../../../search/ismcts';
import { applyMoveInPlace } from '../apply';
import { legalPlacements } from '../legal';
import { GameView } from '../projection';
import { GameState, Move, Table } from '../state';
import { Bot } from './bot';
import { worldSampler } from './determinize';
import { forEachPlay, greedyMove, worthPlaying } from './greedy-bot';
import { END_TURN_KEY, keyOfMove, moveOfKey, PASS_KEY } from './move-keys';

export interface ExpertOptions extends SearchBudget {
  /** How many of the greedy bot's best plays the tree weighs at a decision (besides ending the turn). */
  readonly candidates?: number;
}

/**
 * The default budget, as work rather than iterations: about this many moves played out in all
 * a decision's rollouts. An iteration plays the rest of the game, so early on it costs several
 * times what it costs near the end; the same work is about the same time (about a second of one
 * core: see the README's bench figures) at every point of the game.
 */
export const EXPERT_WORK = 90_000;
/** Iterations a decision never goes below, nor above, whatever its work allows. */
export const EXPERT_ITERATIONS = { min: 200, max: 4_000 } as const;

/** Moves still to come at most, as the table shows them: every tile in a hand or stack, every piece to place. */
function movesLeft(table: Table): number {
  const view = table as Partial<GameView> & Partial<GameState>;
  let tiles = 0;
  for (let s = 0; s < table.players; s++)
    tiles += view.handCounts ? view.handCounts[s] + view.stackCounts![s] : view.hands![s]!.length + view.stacks![s].length;
  return tiles + table.supply[0] + table.supply[1] + table.supply[2];
}

/** The iterations EXPERT_WORK buys at `table`. */
export function expertIterations(table: Table): number {
  return Math.max(EXPERT_ITERATIONS.min, Math.min(EXPERT_ITERATIONS.max, Math.round(EXPERT_WORK / (movesLeft(table) + 1))));
}

export const DEFAULT_CANDIDATES = 8;

function seatToAct(state: Table): number {
  if (state.phase === 'over') return -1;
  return state.phase === 'hands' ? state.handChosen.indexOf(false) : state.seat;
}

/**
 * The keys of the plays the tree weighs for `seat`: the greedy bot's `k` best by its gain (ties by
 * key, so the same in every world where the seat's hand is the same), and ending the turn once a
 * tile is down (first when the greedy bot would end it), or passing when nothing can be played.
 */
export function candidateKeys(state: Table, seat: number, k: number, out: number[]): number {
  if (state.phase === 'pieces') {
    const moves = legalPlacements(state, seat);
    for (let i = 0; i < moves.length; i++) out[i] = keyOfMove(moves[i]);
    return moves.length;
  }
  const gains: number[] = [];
  const keys: number[] = [];
  forEachPlay(state, seat, (gain, key) => {
    // Insertion into the k best so far, best first.
    let i = keys.length;
    if (i === k && !(gain > gains[k - 1] || (gain === gains[k - 1] && key < keys[k - 1]))) return;
    if (i === k) i--;
    while (i > 0 && (gain > gains[i - 1] || (gain === gains[i - 1] && key < keys[i - 1]))) {
      gains[i] = gains[i - 1];
      keys[i] = keys[i - 1];
      i--;
    }
    gains[i] = gain;
    keys[i] = key;
  });
  let n = 0;
  const played = state.turnPlays.length > 0;
  const endFirst = played && (keys.length === 0 || !worthPlaying(gains[0]));
  if (endFirst) out[n++] = END_TURN_KEY;
  for (const key of keys) out[n++] = key;
  if (played && !endFirst) out[n++] = END_TURN_KEY;
  if (n === 0) out[n++] = PASS_KEY;
  return n;
}

function apply(state: GameState, move: Move): void {
  const bad = applyMoveInPlace(state, move);
  if (bad) throw new Error(`expert bot: ${move.type} refused in a world (${bad.error}: ${bad.detail})`);
}

/** The search's view of Samurai from `seat`, at `table` (its view, or a full state read as one). */
export function samuraiSearch(table: Table, seat: number, candidates = DEFAULT_CANDIDATES): SearchGame<GameState> {
  return {
    players: table.players,
    determinize: worldSampler(table, seat),
    toAct: seatToAct,
    moves: (state, s, out) => candidateKeys(state, s, candidates, out),
    play: (state, s, key) => apply(state, moveOfKey(key, s)),
    rollout(state, rng, rewards, expired) {
      while (state.phase !== 'over') {
        if (expired()) return false;
        const s = seatToAct(state);
        apply(state, greedyMove(state, s, rng));
      }
      winShares(state.result!.winners, rewards);
      return true;
    },
  };
}

/** The expert bot's move for `seat`, searched within `options`' budget. */
export function expertMove(table: Table, seat: number, rng: Rng, options: ExpertOptions): Move {
  if (table.phase === 'hands') return greedyMove(table, seat, rng);
  const result = search(samuraiSearch(table, seat, options.candidates), seat, rng, options);
  return moveOfKey(result.key, seat);
}

/**
 * An expert bot searching `options.iterations` iterations a move (and no longer than its time, if
 * it has one); without them, as many as EXPERT_WORK buys.
 */
export function makeExpertBot(options: Partial<ExpertOptions> = {}): Bot {
  return { name: 'expert', chooseMove: (table, seat, rng) => expertMove(table, seat, rng, { iterations: expertIterations(table), ...options }) };
}

export const expertBot: Bot = makeExpertBot();
