import { Rng } from '../../random';
import { applyMoveInPlace } from './apply';
import { Bot } from './bots/bot';
import { awaitsChance, settle } from './chance';
import { seatsToAct } from './legal';
import { formatMove } from './notation';
import { createGame } from './setup';
import { GameConfig, GameState } from './state';

/** A bound no real game comes near: it only catches a broken engine or bot. */
const MAX_STEPS = 100_000;

/**
 * Plays a whole game between bots (one per seat) and returns the final state. `gameRng` deals
 * and draws every chance outcome, `botRng` drives the bots' choices; the same two seeds always
 * give the same game. When several seats are asked at once, they answer in seat order.
 */
export function playGame(config: GameConfig, bots: readonly Bot[], gameRng: Rng, botRng: Rng): GameState {
  const state = createGame(config, gameRng);
  for (let steps = 0; state.step.kind !== 'over'; steps++) {
    if (steps > MAX_STEPS) throw new Error('playGame: the game does not end');
    if (awaitsChance(state)) {
      settle(state, gameRng);
      continue;
    }
    const seat = seatsToAct(state)[0];
    const move = bots[seat].chooseMove(state, seat, botRng);
    const bad = applyMoveInPlace(state, move);
    if (bad) throw new Error(`playGame: bot ${bots[seat].name} chose an illegal move ${formatMove(move)}: ${bad.error} ${bad.detail}`);
  }
  return state;
}
