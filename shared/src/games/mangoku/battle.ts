/**
 * Battle: each defender of an attack has answered (a Monk, a coin paid before their first
 * turn, or their hand); then all outcomes apply together.
 */
import { btlOfIds, CardId, cardIds, cardNames } from './cards';
import { EngineState, MONK_ANSWER, PAY } from './EngineState';
import { eliminate } from './hands';
import { Answer, ANSWERS, GameState, logEvent, Prompt } from './state';

export const BATTLE_OUTCOMES = ['cancelled', 'paid', 'blocked', 'eliminated'] as const;
/** cancelled: a Monk; paid: a coin blocked it; blocked: the hand's BTL held; eliminated: it did not. */
export type BattleOutcome = (typeof BATTLE_OUTCOMES)[number];
const [CANCELLED, PAID, BLOCKED, ELIMINATED] = BATTLE_OUTCOMES.map((_, i) => i);

/** The outcome (a BATTLE_OUTCOMES index) for a defender who answered `answer` (an ANSWERS index) holding `hand`. */
function outcomeOf(answer: number, hand: readonly CardId[], btl: number): number {
  if (answer === MONK_ANSWER) return CANCELLED;
  if (answer === PAY) return PAID;
  return btlOfIds(hand) >= btl ? BLOCKED : ELIMINATED;
}

/** What happens to one defender, judged on their hand as it is now. */
export function battleOutcome(state: GameState, seat: number, answer: Answer, btl: number): BattleOutcome {
  const hand = state.hands[seat];
  return BATTLE_OUTCOMES[outcomeOf(ANSWERS.indexOf(answer), hand && cardIds(hand), btl)];
}

/**
 * Applies an attack's outcomes, in seat order from the active player: a coin into the centre
 * pile; a blocked defender's hand shown to the attacker only; an eliminated defender's hand face
 * up onto the discard pile. (A Monk has already gone onto the discard pile.)
 */
export function resolveBattle(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): void {
  const state = e.table;
  const turn = state.campaigns[state.campaigns.length - 1].turns.length;
  // Each outcome is judged on the defender's own hand, which no other outcome changes: all are
  // as they were judged together.
  for (let i = 0; i < prompt.seats.length; i++) {
    const seat = prompt.seats[i];
    switch (outcomeOf(answers[i], e.hands[seat]!, prompt.btl)) {
      case PAID:
        state.coins[seat]--;
        state.centre++;
        logEvent(state, { type: 'paid', seat, turn });
        break;
      case BLOCKED:
        logEvent(state, { type: 'blocked', seat, turn });
        state.shown.push({ to: prompt.by, from: seat, cards: cardNames(e.hands[seat]!), why: 'blocked', turn });
        break;
      case ELIMINATED:
        eliminate(e, seat);
        break;
    }
  }
}
