/**
 * Ninja: the target's whole hand goes face up onto the discard pile; the hand refill rule then
 * has them draw 2 (or fewer, eliminated with none if the supply is empty).
 */
import { cardNames, NINJA } from '../cards';
import { ACCEPT, EngineState } from '../EngineState';
import { ask, Next } from '../prompts';
import { eventTurn, GameState, logEvent, PlayNode, Prompt } from '../state';

export function beginNinja(e: EngineState<GameState>, node: PlayNode): Next {
  return ask(e, NINJA, node.targets as number[]);
}

export function resolveNinja(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  const [victim] = prompt.seats;
  if (answers[0] === ACCEPT) {
    const hand = e.hands[victim]!;
    logEvent(e.table, { type: 'discarded', seat: victim, cards: cardNames(hand), turn: eventTurn(e.table) });
    for (let i = 0; i < hand.length; i++) e.discard.push(hand[i]);
    e.hands[victim] = [];
  }
  return 'done';
}
