/**
 * Ninja: the target's whole hand goes face up onto the discard pile; the hand refill rule then
 * has them draw 2 (or fewer, eliminated with none if the supply is empty).
 */
import { ask, Next } from '../prompts';
import { Answer, GameState, logEvent, PlayNode, Prompt } from '../state';

export function beginNinja(state: GameState, node: PlayNode): Next {
  return ask(state, 'ninja', node.targets as number[]);
}

export function resolveNinja(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  const [victim] = prompt.seats;
  if (answers[0] === 'accept') {
    logEvent(state, { type: 'discarded', seat: victim, cards: state.hands[victim].slice() });
    for (const card of state.hands[victim]) state.discard.push(card);
    state.hands[victim] = [];
  }
  return 'done';
}
