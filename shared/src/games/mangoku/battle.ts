/**
 * Battle: each defender of an attack has answered (a Monk, a coin paid before their first
 * turn, or their hand); then all outcomes apply together.
 */
import { handBtl } from './cards';
import { eliminate } from './hands';
import { Answer, GameState, logEvent, Prompt } from './state';

export const BATTLE_OUTCOMES = ['cancelled', 'paid', 'blocked', 'eliminated'] as const;
/** cancelled: a Monk; paid: a coin blocked it; blocked: the hand's BTL held; eliminated: it did not. */
export type BattleOutcome = (typeof BATTLE_OUTCOMES)[number];

/** What happens to one defender, judged on their hand as it is now. */
export function battleOutcome(state: GameState, seat: number, answer: Answer, btl: number): BattleOutcome {
  if (answer === 'monk') return 'cancelled';
  if (answer === 'pay') return 'paid';
  return handBtl(state.hands[seat]) >= btl ? 'blocked' : 'eliminated';
}

/**
 * Applies an attack's outcomes, in seat order from the active player: a coin into the centre
 * pile; a blocked defender's hand shown to the attacker only; an eliminated defender's hand face
 * up onto the discard pile. (A Monk has already gone onto the discard pile.)
 */
export function resolveBattle(state: GameState, prompt: Prompt, answers: readonly Answer[]): void {
  const outcomes = prompt.seats.map((seat, i) => battleOutcome(state, seat, answers[i], prompt.btl));
  const turn = state.campaigns[state.campaigns.length - 1].turns.length;
  prompt.seats.forEach((seat, i) => {
    switch (outcomes[i]) {
      case 'paid':
        state.coins[seat]--;
        state.centre++;
        logEvent(state, { type: 'paid', seat });
        break;
      case 'blocked':
        logEvent(state, { type: 'blocked', seat });
        state.shown.push({ to: prompt.by, from: seat, cards: state.hands[seat].slice(), why: 'blocked', turn });
        break;
      case 'eliminated':
        eliminate(state, seat);
        break;
      case 'cancelled':
        break;
    }
  });
}
