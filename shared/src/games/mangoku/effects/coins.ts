/**
 * The cards that move coins: Bandit (1 coin from any other player, eliminated ones included),
 * Merchant (1 coin from every other player into the centre pile), Princess (half, rounded
 * down, of the centre pile or of one other player's coins). A player with no coins has nothing
 * to give, but is asked all the same.
 */
import { others } from '../hands';
import { ask, Next } from '../prompts';
import { Answer, GameState, PlayNode, Prompt } from '../state';

export function beginBandit(state: GameState, node: PlayNode): Next {
  return ask(state, 'bandit', node.targets as number[]);
}

export function resolveBandit(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  const [victim] = prompt.seats;
  if (answers[0] === 'accept' && state.coins[victim] > 0) {
    state.coins[victim]--;
    state.coins[prompt.by]++;
  }
  return 'done';
}

export function beginMerchant(state: GameState): Next {
  return ask(state, 'merchant', others(state, state.active));
}

export function resolveMerchant(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  prompt.seats.forEach((seat, i) => {
    if (answers[i] === 'accept' && state.coins[seat] > 0) {
      state.coins[seat]--;
      state.centre++;
    }
  });
  return 'done';
}

export function beginPrincess(state: GameState, node: PlayNode): Next {
  const target = node.targets![0];
  if (target === 'centre') {
    // The centre pile is nobody: nobody is asked.
    const half = Math.floor(state.centre / 2);
    state.centre -= half;
    state.coins[state.active] += half;
    return 'done';
  }
  return ask(state, 'princess', [target]);
}

export function resolvePrincess(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  const [victim] = prompt.seats;
  if (answers[0] === 'accept') {
    const half = Math.floor(state.coins[victim] / 2);
    state.coins[victim] -= half;
    state.coins[prompt.by] += half;
  }
  return 'done';
}
