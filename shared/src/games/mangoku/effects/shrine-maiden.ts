/**
 * Shrine Maiden: the other players still in the campaign who do not cancel it show their hands
 * to everyone, spectators included, as a snapshot taken when it resolves. The room hides the
 * reveal after REVEAL_SECONDS (hideReveal); play goes on meanwhile.
 */
import { rivals } from '../hands';
import { ask, Next } from '../prompts';
import { Answer, GameState, logEvent, Prompt } from '../state';

export function beginShrineMaiden(state: GameState): Next {
  return ask(state, 'shrinemaiden', rivals(state, state.active));
}

export function resolveShrineMaiden(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  const seats = prompt.seats.filter((_, i) => answers[i] === 'accept');
  if (seats.length > 0) {
    logEvent(state, { type: 'revealed', seats });
    state.reveals.push({
      id: state.nextRevealId++,
      campaign: state.campaigns.length - 1,
      seats,
      hands: seats.map((s) => state.hands[s].slice()),
    });
  }
  return 'done';
}
