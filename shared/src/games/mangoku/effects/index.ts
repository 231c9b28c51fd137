/**
 * Every card's effect: what happens when it is played (beginEffect: ask the players it is
 * about to apply to, or apply it at once) and once everyone asked has answered (resolveEffect,
 * for the players who did not cancel it with a Monk).
 */
import {
  BANDIT,
  CAPTAIN,
  CARD_NAMES,
  CardId,
  COMMANDER,
  EMPEROR,
  KABUKI,
  KIND_NONE,
  MERCHANT,
  MONK,
  NINJA,
  NOBLEMAN,
  PEASANT,
  PRINCESS,
  SHRINE_MAIDEN,
  TARGET_OF,
  TEA_MASTER,
  WARLORD,
} from '../cards';
import { EngineState } from '../EngineState';
import { Next } from '../prompts';
import { GameState, PlayNode, Prompt } from '../state';
import { beginAttack, resolveAttack } from './attacks';
import { beginBandit, beginMerchant, beginPrincess, resolveBandit, resolveMerchant, resolvePrincess } from './coins';
import { beginNinja, resolveNinja } from './ninja';
import { beginShrineMaiden, resolveShrineMaiden } from './shrine-maiden';
import { beginKabuki, beginNobleman, beginTeaMaster, resolveNobleman, resolveTeaMaster } from './taking';

/**
 * The effect of `card`, just played by the active player as `node`. A card aimed at nobody that
 * needs a target (none was left to aim at) has no effect.
 */
export function beginEffect(e: EngineState<GameState>, card: CardId, node: PlayNode): Next {
  const aimless = TARGET_OF[card] !== KIND_NONE && !node.targets;
  if (aimless) return 'done';
  switch (card) {
    case EMPEROR:
      // Cannot be cancelled, so nobody is asked: the campaign ends at the end of this play.
      e.table.emperor = true;
      return 'done';
    case PEASANT:
      return node.ikki ? beginAttack(e, card, node) : 'done';
    case MONK:
      // On your own turn (or taken and played at once), a Monk has no effect.
      return 'done';
    case CAPTAIN:
    case COMMANDER:
    case WARLORD:
      return beginAttack(e, card, node);
    case BANDIT:
      return beginBandit(e, node);
    case MERCHANT:
      return beginMerchant(e);
    case PRINCESS:
      return beginPrincess(e, node);
    case SHRINE_MAIDEN:
      return beginShrineMaiden(e);
    case NINJA:
      return beginNinja(e, node);
    case TEA_MASTER:
      return beginTeaMaster(e, node);
    case NOBLEMAN:
      return beginNobleman(e, node);
    case KABUKI:
      return beginKabuki(e);
    default:
      throw new Error(`beginEffect: no card ${card}`);
  }
}

/**
 * Applies a prompt's effect once all have answered (`answers`: ANSWERS indexes; a Monk's answer
 * has already cancelled it).
 */
export function resolveEffect(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  if (prompt.attack) return resolveAttack(e, prompt, answers);
  switch (e.promptCard) {
    case BANDIT:
      return resolveBandit(e, prompt, answers);
    case MERCHANT:
      return resolveMerchant(e, prompt, answers);
    case PRINCESS:
      return resolvePrincess(e, prompt, answers);
    case SHRINE_MAIDEN:
      return resolveShrineMaiden(e, prompt, answers);
    case NINJA:
      return resolveNinja(e, prompt, answers);
    case TEA_MASTER:
      return resolveTeaMaster(e, prompt, answers);
    case NOBLEMAN:
      return resolveNobleman(e, prompt, answers);
    default:
      throw new Error(`resolveEffect: ${CARD_NAMES[e.promptCard]} asks nobody`);
  }
}
