import { applyMoveInPlace } from './apply';
import { Bot } from './bots/bot';
import { formatMove } from './notation';
import { Rng } from '../../random';
import { createGame, GameConfig, GameState, Table } from './state';

/** Seats that must act now: every seat still choosing its hand, or the seat to play. */
export function seatsToAct(table: Table): number[] {
  if (table.phase === 'hands') return table.handChosen.flatMap((chosen, s) => (chosen ? [] : [s]));
  if (table.phase === 'pieces' || table.phase === 'play') return [table.seat];
  return [];
}

/**
 * Plays a whole game between bots (one per seat) and returns the final state. `gameRng` deals
 * the game, `botRng` drives the bots' choices; the same two seeds always give the same game.
 */
export function playGame(config: GameConfig, bots: readonly Bot[], gameRng: Rng, botRng: Rng): GameState {
  const state = createGame(config, gameRng);
  // A game has at most 20 tiles, a few setup steps and a pass per seat per round: this bound
  // only catches a broken engine or bot, never a real game.
  for (let steps = 0; state.phase !== 'over'; steps++) {
    if (steps > 10_000) throw new Error('playGame: the game does not end');
    // seatsToAct(state)[0], without building the list on every move.
    const seat = state.phase === 'hands' ? state.handChosen.indexOf(false) : state.seat;
    const move = bots[seat].chooseMove(state, seat, botRng);
    const bad = applyMoveInPlace(state, move);
    if (bad) throw new Error(`playGame: bot ${bots[seat].name} chose an illegal move ${formatMove(move)}: ${bad.error} ${bad.detail}`);
  }
  return state;
}
