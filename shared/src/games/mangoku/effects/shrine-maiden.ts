/**
 * Shrine Maiden: the other players still in the campaign who do not cancel it show their hands
 * to everyone, spectators included, as a snapshot taken when it resolves. The room hides the
 * reveal after REVEAL_SECONDS (hideReveal); play goes on meanwhile.
 */
import { cardNames, SHRINE_MAIDEN } from '../cards';
import { ACCEPT, EngineState } from '../EngineState';
import { rivals } from '../hands';
import { ask, Next } from '../prompts';
import { eventTurn, GameState, logEvent, Prompt } from '../state';

export function beginShrineMaiden(e: EngineState<GameState>): Next {
  return ask(e, SHRINE_MAIDEN, rivals(e.table, e.table.active));
}

export function resolveShrineMaiden(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  const state = e.table;
  const seats = prompt.seats.filter((_, i) => answers[i] === ACCEPT);
  if (seats.length > 0) {
    logEvent(state, { type: 'revealed', seats, turn: eventTurn(state) });
    state.reveals.push({
      id: state.nextRevealId++,
      campaign: state.campaigns.length - 1,
      seats,
      hands: seats.map((s) => cardNames(e.hands[s]!)),
    });
  }
  return 'done';
}
