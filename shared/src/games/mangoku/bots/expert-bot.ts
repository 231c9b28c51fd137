/**
 * The expert bot: information-set Monte Carlo tree search (search/ismcts.ts) from the seat's own
 * view, over worlds drawn by determinize.ts, with the greedy bot playing every seat to the end of
 * each iteration's campaign (chance settled from the search's random source). Every legal move is
 * weighed: a seat never has more than a few (three cards, their targets, four answers).
 *
 * A game of Mangoku is several campaigns, each dealt afresh, and what a decision changes is the
 * campaign it is in: played out to the game's end, the later campaigns' luck drowned the
 * difference between moves. So an iteration ends with its campaign (or the game, if that ends
 * it), valued by campaignValue: each seat's chance of winning the game from the coins then.
 */
import { Rng } from '../../../random';
import { search, SearchBudget, SearchGame, winShares } from '../../../search/ismcts';
import { makeListedMove } from '../apply';
import { isChanceStep, settleOf } from '../chance';
import { ANSWER, askingOf, DEAL, EngineState, engineOf, NO_ANSWER, OVER, writeBack } from '../EngineState';
import { seatIndex } from '../hands';
import { firstSeatToAct, listMoves } from '../legal';
import { MoveList } from '../MoveList';
import { playOn } from '../simulate';
import { GameView } from '../projection';
import { GameState, Move, Table } from '../state';
import { Bot } from './bot';
import { worldSampler } from './determinize';
import { greedyBot, greedyMove } from './greedy-bot';

export interface ExpertOptions extends SearchBudget {
  /** Where the budget is time: an answer to a prompt's (a move of a seat's own turn has `timeMs`). */
  readonly promptTimeMs?: number;
}

type World = EngineState<GameState>;

/** Ties broken the same way every time: where a seat decides in the tree, the greedy bot's move is one move. */
const STEADY: Rng = { int: () => 0 };

/**
 * Each seat's chance of winning the game from the coins between two campaigns: e^(β coins),
 * normalised, β larger as the poorest seat nears 0 (the game ends when a seat has none). Fitted to
 * where greedy bots' games ended up from such points (3 and 6 players, 3,000 games each): coins
 * say little this far from the end, and β = 0.15–0.3 beat both larger and smaller ones.
 */
export function campaignValue(coins: readonly number[], rewards: Float64Array): void {
  let poorest = Infinity;
  for (const c of coins) poorest = Math.min(poorest, c);
  const beta = poorest <= 1 ? 0.3 : poorest === 2 ? 0.2 : 0.15;
  let sum = 0;
  for (let s = 0; s < coins.length; s++) sum += rewards[s] = Math.exp(beta * coins[s]);
  for (let s = 0; s < coins.length; s++) rewards[s] /= sum;
}

/** The search's view of Mangoku from `seat`, at `table` (its view, or a full state read as one). */
export function mangokuSearch(table: Table, seat: number): SearchGame<World> {
  const sample = worldSampler(table, seat);
  const list = new MoveList();
  const greedy = new Array(table.players).fill(greedyBot);
  return {
    players: table.players,
    determinize: (rng) => engineOf(sample(rng)),
    toAct(e) {
      // The search ends with the campaign (or the game).
      if (e.step === OVER || e.step === DEAL) return -1;
      if (isChanceStep(e.step)) throw new Error('expert bot: chance left unsettled in a world');
      // Answers are given together: the searching seat's first, so that the root is its own.
      if (e.step === ANSWER) {
        const i = seatIndex(e.prompt!.seats, seat);
        if (i >= 0 && e.answers[i] === NO_ANSWER) return seat;
      }
      return firstSeatToAct(e);
    },
    moves(e, s, out) {
      listMoves(e, s, list);
      for (let i = 0; i < list.length; i++) out[i] = list.key(i);
      if (list.length > 1) {
        // The greedy bot's move first: the search's model of how a seat plays.
        writeBack(e);
        const first = MoveList.keyOf(greedyMove(e.table, s, STEADY));
        let at = 0;
        while (out[at] !== first) at++;
        out[at] = out[0];
        out[0] = first;
      }
      return list.length;
    },
    play(e, s, key, rng) {
      listMoves(e, s, list);
      let i = 0;
      while (i < list.length && list.key(i) !== key) i++;
      if (i === list.length) throw new Error(`expert bot: move ${key} is not legal in a world`);
      makeListedMove(e, s, list, i);
      settleOf(e, rng, undefined, true);
    },
    rollout(e, rng, rewards, expired) {
      const campaigns = e.table.campaigns.length;
      const ended = (w: World) => w.step === DEAL || w.table.campaigns.length > campaigns;
      if (e.step !== DEAL) playOn(e, greedy, rng, rng, list, (w) => ended(w) || expired());
      if (e.step === OVER) winShares(e.table.result!.winners, rewards);
      else if (ended(e)) campaignValue(e.table.coins, rewards);
      else return false;
      return true;
    },
  };
}

/** The expert bot's move for `seat`, searched within `options`' budget. */
export function expertMove(table: Table, seat: number, rng: Rng, options: ExpertOptions): Move {
  const { key } = search(mangokuSearch(table, seat), seat, rng, options);
  const list = new MoveList();
  listMoves(askingOf(table), seat, list);
  for (let i = 0; i < list.length; i++) if (list.key(i) === key) return list.move(i, seat);
  throw new Error(`expert bot: the move searched (${key}) is not one of seat ${seat}'s`);
}

/**
 * The default budget, as work rather than iterations: about this many turns played out in all a
 * decision's rollouts at a 6-player table, and as much more at a smaller one as its turns are
 * quicker (fewer seats answer, hands are judged against fewer rivals). An iteration plays the rest
 * of the campaign, about as many turns as cards are left to draw (and a few more), so early in a
 * campaign it costs several times what it costs near its end; the same work is about the same
 * time (about a second of one core: see the README's bench figures) all through.
 */
export const EXPERT_WORK = 130_000;
/** Iterations a decision never goes below, nor above, whatever its work allows. */
export const EXPERT_ITERATIONS = { min: 2_000, max: 80_000 } as const;

/** The iterations EXPERT_WORK buys at `table`. */
export function expertIterations(table: Table): number {
  const view = table as Partial<GameView> & Partial<GameState>;
  const supply = view.supplyCount ?? view.supply?.length ?? 0;
  const work = (EXPERT_WORK * 6) / table.players;
  return Math.max(EXPERT_ITERATIONS.min, Math.min(EXPERT_ITERATIONS.max, Math.round(work / (supply + 4))));
}

/**
 * An expert bot searching `options.iterations` iterations a move (and no longer than its time, if
 * it has one: `promptTimeMs` for an answer to a prompt); without them, as many as EXPERT_WORK buys.
 */
export function makeExpertBot(options: Partial<ExpertOptions> = {}): Bot {
  const { promptTimeMs, ...budget } = options;
  return {
    name: 'expert',
    chooseMove: (table, seat, rng) =>
      expertMove(table, seat, rng, {
        iterations: expertIterations(table),
        ...budget,
        ...(promptTimeMs !== undefined && table.step.kind === 'answer' ? { timeMs: promptTimeMs } : {}),
      }),
  };
}

export const expertBot: Bot = makeExpertBot();
