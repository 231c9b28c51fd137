/**
 * The cards that move coins: Bandit (1 coin from any other player, eliminated ones included),
 * Merchant (1 coin from every other player into the centre pile), Princess (half, rounded
 * down, of the centre pile or of one other player's coins). A player with no coins has nothing
 * to give, but is asked all the same.
 */
import { others } from '../hands';
import { ask, Next } from '../prompts';
import { Answer, GameState, logEvent, PlayNode, Prompt, Target } from '../state';

/** Moves `count` coins (none is no event). */
function pay(state: GameState, from: Target, to: Target, count: number): void {
  if (count === 0) return;
  if (from === 'centre') state.centre -= count;
  else state.coins[from] -= count;
  if (to === 'centre') state.centre += count;
  else state.coins[to] += count;
  logEvent(state, { type: 'coins', from, to, count });
}

export function beginBandit(state: GameState, node: PlayNode): Next {
  return ask(state, 'bandit', node.targets as number[]);
}

export function resolveBandit(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  const [victim] = prompt.seats;
  if (answers[0] === 'accept' && state.coins[victim] > 0) pay(state, victim, prompt.by, 1);
  return 'done';
}

export function beginMerchant(state: GameState): Next {
  return ask(state, 'merchant', others(state, state.active));
}

export function resolveMerchant(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  prompt.seats.forEach((seat, i) => {
    if (answers[i] === 'accept' && state.coins[seat] > 0) pay(state, seat, 'centre', 1);
  });
  return 'done';
}

export function beginPrincess(state: GameState, node: PlayNode): Next {
  const target = node.targets![0];
  if (target === 'centre') {
    // The centre pile is nobody: nobody is asked.
    pay(state, 'centre', state.active, Math.floor(state.centre / 2));
    return 'done';
  }
  return ask(state, 'princess', [target]);
}

export function resolvePrincess(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  const [victim] = prompt.seats;
  if (answers[0] === 'accept') pay(state, victim, prompt.by, Math.floor(state.coins[victim] / 2));
  return 'done';
}
