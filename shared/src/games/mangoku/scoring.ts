/**
 * The end of the game: the most coins wins; a tie for first place is broken by a draw-off, whose
 * losers share the next place; ties lower down stay shared.
 */
import { EngineState } from './EngineState';
import { GameState } from './state';

/** Groups of seats by coins, most first; equal coins share a group (ascending seats). */
export function rankByCoins(coins: readonly number[]): number[][] {
  // Plain loops: Set, sort and flatMap cost microseconds here, a good share of a whole simulated game.
  const groups: number[][] = [];
  for (let below = Infinity; ; ) {
    let top = -Infinity;
    for (const c of coins) if (c < below && c > top) top = c;
    if (top === -Infinity) return groups;
    const group: number[] = [];
    for (let s = 0; s < coins.length; s++) if (coins[s] === top) group.push(s);
    groups.push(group);
    below = top;
  }
}

/** The ranking once `winner` has won first place (by coins alone, or by the draw-off). */
export function ranking(coins: readonly number[], winner: number): number[][] {
  const groups = rankByCoins(coins);
  if (!groups[0].includes(winner)) throw new Error(`ranking: seat ${winner} is not among the first`);
  const losers = groups[0].filter((s) => s !== winner);
  return [[winner], ...(losers.length ? [losers] : []), ...groups.slice(1)];
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
