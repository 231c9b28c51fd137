import { seededRng } from '../../../random';
import { legalMoves } from '../legal';
import { formatMove } from '../notation';
import { playGame } from '../simulate';
import { after, position } from '../test-helpers';
import { GameState } from '../state';
import { randomBot } from './random-bot';

/**
 * Draws `perMove` × |legal| moves and checks they are exactly the legal ones, each about equally
 * often: Pearson's chi-square against the uniform distribution, with a bound far in the tail
 * (the draws are seeded, so this is a fixed check, not a flaky one).
 */
function expectUniformOverLegal(state: GameState, seat: number, perMove = 60): string[] {
  const legal = legalMoves(state, seat).map(formatMove);
  const counts = new Map(legal.map((m) => [m, 0]));
  const rng = seededRng(99);
  for (let i = 0; i < perMove * legal.length; i++) {
    const m = formatMove(randomBot.chooseMove(state, seat, rng));
    expect(counts.has(m)).toBe(true);
    counts.set(m, counts.get(m)! + 1);
  }
  const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - perMove) ** 2 / perMove, 0);
  const df = legal.length - 1;
  expect(chiSquare).toBeLessThan(df + 6 * Math.sqrt(2 * df));
  return legal;
}

describe('the random bot', () => {
  it('draws uniformly over plays and their targets', () => {
    const s = position(
      '4p; turn 0; coins 4 4 4 4; centre 3; hand0 commander peasant peasant; hand1 monk bandit; hand2 peasant merchant; hand3 captain ninja; supply warlord',
    );
    const legal = expectUniformOverLegal(s, 0);
    expect(legal).toEqual(['0 peasant', '0 ikki', '0 commander>1', '0 commander>2', '0 commander>3', '0 commander>1,2', '0 commander>1,3', '0 commander>2,3']);
  });

  it('draws uniformly over the answers open to it', () => {
    const s = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 captain monk peasant; hand1 monk bandit; hand2 peasant merchant; supply warlord'),
      '0 captain>1',
    );
    expect(expectUniformOverLegal(s, 1)).toEqual(['1 answer monk', '1 answer pay', '1 answer defend']);
  });

  it('plays whole games legally at every table size', () => {
    for (const players of [2, 3, 4, 5, 6] as const) {
      for (let g = 0; g < 20; g++) {
        // playGame throws, naming the move, if a bot ever chooses an illegal one.
        expect(playGame({ players }, Array(players).fill(randomBot), seededRng(g), seededRng(g + 5)).result).not.toBeNull();
      }
    }
  });
});
