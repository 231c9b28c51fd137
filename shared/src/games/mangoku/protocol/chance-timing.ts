/**
 * When a room settles chance. A Tea Master's pick and a draw-off's decks are drawn at once, with
 * the move that calls for them; a new campaign's deal waits for a change of its own, so that the
 * end of a campaign (and anything its last turn showed one player, such as a blocked defender's
 * hand) reaches everyone before the next deal clears it.
 */
import { Rng } from '../../../random';
import { applyChanceInPlace, rollChance } from '../chance';
import { Chance, GameState } from '../state';

/** Rolls and applies every chance outcome the game waits for now, but a deal; returns them in order. */
export function settleUntilDeal(state: GameState, rng: Rng): Chance[] {
  const applied: Chance[] = [];
  while (state.step.kind !== 'deal') {
    const chance = rollChance(state, rng);
    if (!chance) break;
    const bad = applyChanceInPlace(state, chance);
    if (bad) throw new Error(`settleUntilDeal: rolled a refused ${chance.type}: ${bad.detail}`);
    applied.push(chance);
  }
  return applied;
}

/** Deals the campaign the game waits for (then it waits for a player); null when no deal is due. */
export function dealDue(state: GameState, rng: Rng): Chance | null {
  if (state.step.kind !== 'deal') return null;
  const deal = rollChance(state, rng)!;
  const bad = applyChanceInPlace(state, deal);
  if (bad) throw new Error(`dealDue: rolled a refused deal: ${bad.detail}`);
  return deal;
}
