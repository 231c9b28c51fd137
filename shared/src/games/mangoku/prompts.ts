/**
 * Putting a question to the players an effect is about to apply to. Everyone asked gets the same
 * prompt, whatever they hold: what each may answer follows from their own hand, coins and turn,
 * which only they (and the server) know.
 */
import { ATTACK_OF, CARD_NAMES, CardId, IKKI_BTL } from './cards';
import { EngineState, NO_ANSWER } from './EngineState';
import { inSeatOrderFrom } from './hands';
import { GameState, Prompt } from './state';

/** What an operation left the turn waiting for: more from a player or chance, or nothing. */
export type Next = 'wait' | 'done';

/**
 * Asks `seats` (other players than the active one) about `card`'s effect: an attack of `btl`,
 * or another effect when `btl` is 0. Nobody to ask: nothing to wait for.
 */
export function ask(e: EngineState<GameState>, card: CardId, seats: readonly number[], btl = 0): Next {
  if (seats.length === 0) return 'done';
  const state = e.table;
  const prompt: Prompt = {
    card: CARD_NAMES[card],
    by: state.active,
    attack: btl > 0,
    btl,
    seats: inSeatOrderFrom(seats, state.active, state.players),
  };
  e.toAnswer(prompt, card);
  // Made at its size (an empty array's first push allocates room for 17).
  const answers = new Array<number>(prompt.seats.length);
  for (let i = 0; i < answers.length; i++) answers[i] = NO_ANSWER;
  e.answers = answers;
  return 'wait';
}

/** The attack's BTL of a card played (5 for an Ikki); 0 when it does not attack. */
export function attackBtl(card: CardId, ikki: boolean): number {
  return ikki ? IKKI_BTL : ATTACK_OF[card];
}
