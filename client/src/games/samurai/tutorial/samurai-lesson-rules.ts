/**
 * The lesson runner's view of Samurai's engine: moves through applyMove, and after the script the
 * table's own moves (the greedy bot for Ben, the pass the server makes for a seat that can only pass).
 */
import { applyMove, checkMove, GameState, greedyBot, Move, seatsToAct, seededRng, viewFor } from '@samurai/shared';
import { LessonRules, sameJson } from '../../../tutorial/lesson';
import { BEN } from './samurai-lesson';

export function samuraiLessonRules(seed = 1): LessonRules<GameState, Move> {
  const rng = seededRng(seed);
  return {
    apply: (state, move) => applyMove(state, move),
    // Any starting hand will do: the lesson goes on from there the same way.
    same: (a, b) => (a.type === 'chooseHand' && b.type === 'chooseHand' ? a.seat === b.seat : sameJson(a, b)),
    botMove: (state) => {
      if (state.phase === 'over') return null;
      for (const seat of seatsToAct(state)) {
        if (seat === BEN) return greedyBot.chooseMove(viewFor(state, BEN), BEN, rng);
        // As the server does: a seat whose only move is to pass is passed for.
        if (checkMove(state, { type: 'pass', seat }) === null) return { type: 'pass', seat };
      }
      return null;
    },
    over: (state) => state.phase === 'over',
  };
}
