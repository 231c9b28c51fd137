/**
 * Every card's effect: what happens when it is played (beginEffect: ask the players it is
 * about to apply to, or apply it at once) and once everyone asked has answered (resolveEffect,
 * for the players who did not cancel it with a Monk).
 */
import { CARDS } from '../cards';
import { Next } from '../prompts';
import { Answer, GameState, PlayNode, Prompt } from '../state';
import { beginAttack, resolveAttack } from './attacks';
import { beginBandit, beginMerchant, beginPrincess, resolveBandit, resolveMerchant, resolvePrincess } from './coins';
import { beginNinja, resolveNinja } from './ninja';
import { beginShrineMaiden, resolveShrineMaiden } from './shrine-maiden';
import { beginKabuki, beginNobleman, beginTeaMaster, resolveNobleman, resolveTeaMaster } from './taking';

/**
 * The effect of `node`, the card just played by the active player. A card aimed at nobody that
 * needs a target (none was left to aim at) has no effect.
 */
export function beginEffect(state: GameState, node: PlayNode): Next {
  const aimless = CARDS[node.card].target !== 'none' && !node.targets;
  if (aimless) return 'done';
  switch (node.card) {
    case 'emperor':
      // Cannot be cancelled, so nobody is asked: the campaign ends at the end of this play.
      state.emperor = true;
      return 'done';
    case 'peasant':
      return node.ikki ? beginAttack(state, node) : 'done';
    case 'monk':
      // On your own turn (or taken and played at once), a Monk has no effect.
      return 'done';
    case 'captain':
    case 'commander':
    case 'warlord':
      return beginAttack(state, node);
    case 'bandit':
      return beginBandit(state, node);
    case 'merchant':
      return beginMerchant(state);
    case 'princess':
      return beginPrincess(state, node);
    case 'shrinemaiden':
      return beginShrineMaiden(state);
    case 'ninja':
      return beginNinja(state, node);
    case 'teamaster':
      return beginTeaMaster(state, node);
    case 'nobleman':
      return beginNobleman(state, node);
    case 'kabuki':
      return beginKabuki(state);
  }
}

/** Applies a prompt's effect once all have answered (a Monk's answer has already cancelled it). */
export function resolveEffect(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  if (prompt.attack) return resolveAttack(state, prompt, answers);
  switch (prompt.card) {
    case 'bandit':
      return resolveBandit(state, prompt, answers);
    case 'merchant':
      return resolveMerchant(state, prompt, answers);
    case 'princess':
      return resolvePrincess(state, prompt, answers);
    case 'shrinemaiden':
      return resolveShrineMaiden(state, prompt, answers);
    case 'ninja':
      return resolveNinja(state, prompt, answers);
    case 'teamaster':
      return resolveTeaMaster(state, prompt, answers);
    case 'nobleman':
      return resolveNobleman(state, prompt, answers);
    default:
      throw new Error(`resolveEffect: ${prompt.card} asks nobody`);
  }
}
