/**
 * The cards that move coins: Bandit (1 coin from any other player, eliminated ones included),
 * Merchant (1 coin from every other player into the centre pile), Princess (half, rounded
 * down, of the centre pile or of one other player's coins). A player with no coins has nothing
 * to give, but is asked all the same.
 */
import { BANDIT, MERCHANT, PRINCESS } from '../cards';
import { ACCEPT, EngineState } from '../EngineState';
import { others } from '../hands';
import { ask, Next } from '../prompts';
import { eventTurn, GameState, logEvent, PlayNode, Prompt, Target } from '../state';

/** Moves `count` coins (none is no event). */
function pay(state: GameState, from: Target, to: Target, count: number): void {
  if (count === 0) return;
  if (from === 'centre') state.centre -= count;
  else state.coins[from] -= count;
  if (to === 'centre') state.centre += count;
  else state.coins[to] += count;
  logEvent(state, { type: 'coins', from, to, count, turn: eventTurn(state) });
}

export function beginBandit(e: EngineState<GameState>, node: PlayNode): Next {
  return ask(e, BANDIT, node.targets as number[]);
}

export function resolveBandit(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  const state = e.table;
  const [victim] = prompt.seats;
  if (answers[0] === ACCEPT && state.coins[victim] > 0) pay(state, victim, prompt.by, 1);
  return 'done';
}

export function beginMerchant(e: EngineState<GameState>): Next {
  return ask(e, MERCHANT, others(e.table, e.table.active));
}

export function resolveMerchant(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  const state = e.table;
  for (let i = 0; i < prompt.seats.length; i++) {
    const seat = prompt.seats[i];
    if (answers[i] === ACCEPT && state.coins[seat] > 0) pay(state, seat, 'centre', 1);
  }
  return 'done';
}

export function beginPrincess(e: EngineState<GameState>, node: PlayNode): Next {
  const state = e.table;
  const target = node.targets![0];
  if (target === 'centre') {
    // The centre pile is nobody: nobody is asked.
    pay(state, 'centre', state.active, Math.floor(state.centre / 2));
    return 'done';
  }
  return ask(e, PRINCESS, [target]);
}

export function resolvePrincess(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  const state = e.table;
  const [victim] = prompt.seats;
  if (answers[0] === ACCEPT) pay(state, victim, prompt.by, Math.floor(state.coins[victim] / 2));
  return 'done';
}
