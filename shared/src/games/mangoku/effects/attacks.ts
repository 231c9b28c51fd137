/**
 * Captain (3 BTL on one player), Commander (4 BTL on one or two), Warlord (5 BTL on one) and the
 * Ikki (5 BTL on every other player still in the campaign).
 */
import { resolveBattle } from '../battle';
import { rivals } from '../hands';
import { ask, attackBtl, Next } from '../prompts';
import { Answer, GameState, PlayNode, Prompt } from '../state';

export function beginAttack(state: GameState, node: PlayNode): Next {
  const defenders = node.ikki ? rivals(state, state.active) : ((node.targets ?? []) as number[]);
  return ask(state, node.card, defenders, attackBtl(node.card, node.ikki === true));
}

export function resolveAttack(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  resolveBattle(state, prompt, answers);
  return 'done';
}
