/**
 * The expert bot: information-set Monte Carlo tree search (search/ismcts.ts) from the seat's own
 * view, over worlds drawn by determinize.ts, with the greedy bot playing every seat to the end of
 * each iteration's game (chance settled from the search's random source). Every legal move is
 * weighed: a seat never has more than a few (three cards, their targets, four answers).
 */
import { Rng } from '../../../random';
import { search, SearchBudget, SearchGame, winShares } from '../../../search/ismcts';
import { makeListedMove } from '../apply';
import { isChanceStep, settleOf } from '../chance';
import { ANSWER, askingOf, EngineState, engineOf, NO_ANSWER, OVER } from '../EngineState';
import { seatIndex } from '../hands';
import { firstSeatToAct, listMoves } from '../legal';
import { MoveList } from '../MoveList';
import { playOn } from '../simulate';
import { GameState, Move, Table } from '../state';
import { Bot } from './bot';
import { worldSampler } from './determinize';
import { greedyBot } from './greedy-bot';

export type ExpertOptions = SearchBudget;

type World = EngineState<GameState>;

/** The search's view of Mangoku from `seat`, at `table` (its view, or a full state read as one). */
export function mangokuSearch(table: Table, seat: number): SearchGame<World> {
  const sample = worldSampler(table, seat);
  const list = new MoveList();
  const greedy = new Array(table.players).fill(greedyBot);
  return {
    players: table.players,
    determinize: (rng) => engineOf(sample(rng)),
    toAct(e) {
      if (isChanceStep(e.step)) throw new Error('expert bot: chance left unsettled in a world');
      if (e.step === OVER) return -1;
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
      return list.length;
    },
    play(e, s, key, rng) {
      listMoves(e, s, list);
      let i = 0;
      while (i < list.length && list.key(i) !== key) i++;
      if (i === list.length) throw new Error(`expert bot: move ${key} is not legal in a world`);
      makeListedMove(e, s, list, i);
      settleOf(e, rng);
    },
    rollout(e, rng, rewards) {
      playOn(e, greedy, rng, rng, list);
      winShares(e.table.result!.winners, rewards);
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

/** An expert bot searching `options.iterations` iterations a move (and no longer than its time, if it has one). */
export function makeExpertBot(options: ExpertOptions): Bot {
  return { name: 'expert', chooseMove: (table, seat, rng) => expertMove(table, seat, rng, options) };
}

/** Iterations a move that fit in about a second of one core (see the README's bench figures). */
export const EXPERT_ITERATIONS = 400;

export const expertBot: Bot = makeExpertBot({ iterations: EXPERT_ITERATIONS });
