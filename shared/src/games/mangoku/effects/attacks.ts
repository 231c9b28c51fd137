/**
 * Captain (3 BTL on one player), Commander (4 BTL on one or two), Warlord (5 BTL on one) and the
 * Ikki (5 BTL on every other player still in the campaign).
 */
import { resolveBattle } from '../battle';
import { CardId } from '../cards';
import { EngineState } from '../EngineState';
import { rivals } from '../hands';
import { ask, attackBtl, Next } from '../prompts';
import { GameState, PlayNode, Prompt } from '../state';

export function beginAttack(e: EngineState<GameState>, card: CardId, node: PlayNode): Next {
  const defenders = node.ikki ? rivals(e.table, e.table.active) : ((node.targets ?? []) as number[]);
  return ask(e, card, defenders, attackBtl(card, node.ikki === true));
}

export function resolveAttack(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  resolveBattle(e, prompt, answers);
  return 'done';
}
