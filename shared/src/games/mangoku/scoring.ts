/**
 * The end of the game: the most coins wins; a tie for first place is broken by a draw-off, whose
 * losers share the next place; ties lower down stay shared.
 */
import { EngineState } from './EngineState';
import { GameState } from './state';

/** Groups of seats by coins, most first; equal coins share a group (ascending seats). */
export function rankByCoins(coins: readonly number[]): number[][] {
  // Plain loops, groups made at their size: Set, sort and flatMap cost microseconds here, a good
  // share of a whole simulated game.
  const groups: number[][] = [];
  for (let below = Infinity; ;) {
    let top = -Infinity;
    let count = 0;
    for (let s = 0; s < coins.length; s++) {
      const c = coins[s];
      if (c >= below) continue;
      if (c > top) {
        top = c;
        count = 1;
      } else if (c === top) count++;
    }
    if (count === 0) return groups;
    const group = new Array<number>(count);
    for (let s = 0, n = 0; n < count; s++) if (coins[s] === top) group[n++] = s;
    groups.push(group);
    below = top;
  }
}

/** The ranking once `winner` has won first place (by coins alone, or by the draw-off). */
export function ranking(coins: readonly number[], winner: number): number[][] {
  const groups = rankByCoins(coins);
  const first = groups[0];
  if (!first.includes(winner)) throw new Error(`ranking: seat ${winner} is not among the first`);
  const result: number[][] = [[winner]];
  if (first.length > 1) {
    const losers = new Array<number>(first.length - 1);
    for (let i = 0, n = 0; i < first.length; i++) if (first[i] !== winner) losers[n++] = first[i];
    result.push(losers);
  }
  for (let i = 1; i < groups.length; i++) result.push(groups[i]);
  return result;
}

export function finishGame(e: EngineState<GameState>, winner: number): void {
  const state = e.table;
  state.result = {
    coins: state.coins.slice(),
    ranking: ranking(state.coins, winner),
    winners: [winner],
    drawOff: state.resultDrawOff.slice(),
  };
  e.toOver();
}
