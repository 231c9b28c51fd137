import { seededRng } from '../../../random';
import { applyMoveInPlace } from '../apply';
import { awaitsChance, settle } from '../chance';
import { PlayerCount } from '../cards';
import { seatsToAct } from '../legal';
import { formatMove } from '../notation';
import { viewFor } from '../projection';
import { createGame } from '../setup';
import { playGame } from '../simulate';
import { after, position } from '../test-helpers';
import { greedyBot } from './greedy-bot';
import { randomBot } from './random-bot';

/** Greedy's share of the wins against random bots, greedy taking every seat in turn. */
function greedyShare(players: PlayerCount, games: number): number {
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const greedySeat = g % players;
    const bots = Array.from({ length: players }, (_, s) => (s === greedySeat ? greedyBot : randomBot));
    const result = playGame({ players }, bots, seededRng(g), seededRng(g + 1_000_000)).result!;
    if (result.winners.includes(greedySeat)) wins++;
  }
  return wins / games;
}

describe('the greedy bot', () => {
  it('beats the random bot in at least 70% of 1,000 seeded 2-player games', () => {
    expect(greedyShare(2, 1000)).toBeGreaterThanOrEqual(0.7);
  });

  it('wins at least 40% of 1,000 4-player games against three random bots (a fair share is 25%)', () => {
    expect(greedyShare(4, 1000)).toBeGreaterThanOrEqual(0.4);
  });

  it('decides from what its seat may see: the same move from its view as from the full state', () => {
    for (const players of [2, 4, 6] as const) {
      const state = createGame({ players }, seededRng(players));
      const rng = seededRng(1);
      for (let step = 0; state.step.kind !== 'over' && step < 400; step++) {
        if (awaitsChance(state)) {
          settle(state, rng);
          continue;
        }
        const seat = seatsToAct(state)[0];
        const fromState = greedyBot.chooseMove(state, seat, seededRng(step));
        expect(formatMove(greedyBot.chooseMove(viewFor(state, seat), seat, seededRng(step)))).toBe(formatMove(fromState));
        applyMoveInPlace(state, fromState);
      }
    }
  });

  it('defends with a hand strong enough, and spends a Monk only when it is not', () => {
    const strong = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 captain monk peasant; hand1 monk warlord; hand2 peasant merchant; supply ninja'),
      '0 captain>1',
    );
    expect(greedyBot.chooseMove(strong, 1, seededRng(1))).toEqual({ type: 'answer', seat: 1, answer: 'defend' });
    const weak = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 warlord monk peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja'),
      '0 warlord>1',
    );
    expect(greedyBot.chooseMove(weak, 1, seededRng(1))).toEqual({ type: 'answer', seat: 1, answer: 'monk' });
  });

  it('robs the richest player, and takes the bigger half with a Princess', () => {
    const bandit = position('3p; turn 0; coins 1 1 6; centre 2; hand0 bandit peasant peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja');
    expect(formatMove(greedyBot.chooseMove(bandit, 0, seededRng(1)))).toBe('0 bandit>2');
    const princess = position('3p; turn 0; coins 2 1 1; centre 8; hand0 princess peasant peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja');
    expect(formatMove(greedyBot.chooseMove(princess, 0, seededRng(1)))).toBe('0 princess>centre');
  });

  it('plays only legal moves in whole games at every table size', () => {
    for (const players of [2, 3, 4, 5, 6] as const) {
      for (let g = 0; g < 20; g++) {
        expect(playGame({ players }, Array(players).fill(greedyBot), seededRng(g), seededRng(g + 5)).result).not.toBeNull();
      }
    }
  });
});
