import { Rng, seededRng } from '../../random';
import { applyMoveInPlace } from './apply';
import { Bot } from './bots/bot';
import { greedyBot } from './bots/greedy-bot';
import { randomBot } from './bots/random-bot';
import { awaitsChance, settle } from './chance';
import { PLAYER_COUNTS } from './cards';
import { seatsToAct } from './legal';
import { playGame } from './simulate';
import { createGame } from './setup';
import { GameConfig, GameState } from './state';

/** The game playGame plays, played move by move through the public API, whose every step writes the whole state back. */
function playedThroughTheApi(config: GameConfig, bots: readonly Bot[], gameRng: Rng, botRng: Rng): GameState {
  const state = createGame(config, gameRng);
  while (state.step.kind !== 'over') {
    if (awaitsChance(state)) {
      settle(state, gameRng);
      continue;
    }
    const seat = seatsToAct(state)[0];
    const bad = applyMoveInPlace(state, bots[seat].chooseMove(state, seat, botRng));
    if (bad) throw new Error(`${bad.error} ${bad.detail}`);
  }
  return state;
}

describe('playGame', () => {
  it('ends in exactly the state the API reaches from the same seeds: every record, event, coin and card', () => {
    // playGame works on one state it writes back only at the end (and for bots that look at it);
    // whatever it keeps in its own form in between must come out as the API's step-by-step state.
    for (const players of PLAYER_COUNTS) {
      for (let g = 0; g < 40; g++) {
        const bots = Array.from({ length: players }, (_, s) => (g % 3 === 0 && s === 1 ? greedyBot : randomBot));
        const fast = playGame({ players }, bots, seededRng(g), seededRng(~g));
        const api = playedThroughTheApi({ players }, bots, seededRng(g), seededRng(~g));
        expect(JSON.stringify(fast)).toBe(JSON.stringify(api));
      }
    }
  });
});
