import { Rng } from '../../random';
import { applyMoveOf, makeListedMove } from './apply';
import { Bot } from './bots/bot';
import { drawRandomMove, randomBot } from './bots/random-bot';
import { isChanceStep, settleOf } from './chance';
import { EngineState, OVER, writeBack } from './EngineState';
import { firstSeatToAct } from './legal';
import { MoveList } from './MoveList';
import { formatMove } from './notation';
import { createEngine } from './setup';
import { GameConfig, GameState } from './state';

/** A bound no real game comes near: it only catches a broken engine or bot. */
const MAX_STEPS = 100_000;

/**
 * Plays a whole game between bots (one per seat) and returns the final state. `gameRng` deals
 * and draws every chance outcome, `botRng` drives the bots' choices; the same two seeds always
 * give the same game. When several seats are asked at once, they answer in seat order.
 *
 * The game is played on one working state (EngineState.ts) throughout, every move made by the
 * same rules code as applyMoveInPlace; the state is written back only for a bot other than the
 * random one to look at, and at the end. A bot's move is checked as applyMoveInPlace checks it;
 * the random bot's are drawn from the engine's own list of legal moves (drawRandomMove), made
 * without building each move object and without checking them again (makeListedMove).
 */
export function playGame(config: GameConfig, bots: readonly Bot[], gameRng: Rng, botRng: Rng): GameState {
  const e = createEngine(config, gameRng);
  const state = e.table;
  // The list kept from the last game (a new one costs a typed array, a good share of a short
  // game); a game played while another is under way (by a bot, say) makes its own.
  const list = spareList ?? new MoveList();
  spareList = null;
  try {
    playOn(e, bots, gameRng, botRng, list);
  } finally {
    spareList = list;
  }
  writeBack(e);
  return state;
}

let spareList: MoveList | null = null;

/**
 * playGame's loop, on its working state, until the game is over, or until `stop` says so before a
 * step (the expert bot's rollouts end with the campaign).
 */
export function playOn(
  e: EngineState<GameState>,
  bots: readonly Bot[],
  gameRng: Rng,
  botRng: Rng,
  list: MoveList,
  stop?: (e: EngineState<GameState>) => boolean,
): void {
  const state = e.table;
  for (let steps = 0; e.step !== OVER; steps++) {
    if (steps > MAX_STEPS) throw new Error('playGame: the game does not end');
    if (stop?.(e)) return;
    if (isChanceStep(e.step)) {
      settleOf(e, gameRng);
      continue;
    }
    const seat = firstSeatToAct(e);
    const bot = bots[seat];
    if (bot === randomBot) {
      makeListedMove(e, seat, list, drawRandomMove(e, seat, botRng, list));
      continue;
    }
    writeBack(e);
    const move = bot.chooseMove(state, seat, botRng);
    const bad = applyMoveOf(e, move);
    if (bad) throw new Error(`playGame: bot ${bot.name} chose an illegal move ${formatMove(move)}: ${bad.error} ${bad.detail}`);
  }
}
