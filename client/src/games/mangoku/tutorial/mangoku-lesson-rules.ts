/**
 * The lesson runner's view of Mangoku's engine: moves through applyMove with chance settled after
 * each (a new campaign's deal, a Tea Master's pick, a draw-off), and after the script the greedy
 * bot for Ben (every answer of yours is yours to give: the lesson has no prompt clock).
 */
import { mangoku, seededRng } from '@samurai/shared';
import { LessonRules, sameJson } from '../../../tutorial/lesson';
import { BEN } from './mangoku-lesson';

export function mangokuLessonRules(seed = 1): LessonRules<mangoku.GameState, mangoku.Move> {
  const rng = seededRng(seed);
  return {
    apply: (state, move) => {
      const applied = mangoku.applyMove(state, move);
      if (!applied.ok) return applied;
      mangoku.settle(applied.state, rng);
      return applied;
    },
    same: sameJson,
    botMove: (state) => (mangoku.seatsToAct(state).includes(BEN) ? mangoku.greedyBot.chooseMove(mangoku.viewFor(state, BEN), BEN, rng) : null),
    over: (state) => state.step.kind === 'over',
  };
}
