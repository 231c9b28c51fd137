import { applyMoveInPlace } from '../apply';
import { legalMoves, legalPlacements } from '../legal';
import { formatMove, parsePosition } from '../notation';
import { seededRng } from '../../../random';
import { seatsToAct } from '../simulate';
import { createGame, GameState } from '../state';
import { TILE_ID } from '../tiles';
import { randomBot } from './random-bot';

/** A real 3-player position some turns in, with the seat to act holding `hand`. */
function midGame(turns: number, hand: (keyof typeof TILE_ID)[]): GameState {
  const state = createGame({ players: 3, options: { startingHands: 'random', setup: 'random' } }, seededRng(11));
  const rng = seededRng(12);
  while (state.turns.length < turns) applyMoveInPlace(state, randomBot.chooseMove(state, state.seat, rng));
  state.hands[state.seat] = hand.map((t) => TILE_ID[t]).sort((a, b) => a - b);
  return state;
}

/**
 * Draws `perMove` × |legal| moves and checks they are exactly the legal ones, each about equally
 * often: Pearson's chi-square against the uniform distribution, with a bound far in the tail
 * (the draws are seeded, so this is a fixed check, not a flaky one).
 */
function expectUniformOverLegal(state: GameState, perMove = 40) {
  const seat = seatsToAct(state)[0];
  const legal = legalMoves(state, seat)
    .filter((m) => m.type !== 'undo') // taking back is not a play
    .map(formatMove);
  const counts = new Map(legal.map((m) => [m, 0]));
  const rng = seededRng(99);
  const draws = perMove * legal.length;
  for (let i = 0; i < draws; i++) {
    const move = formatMove(randomBot.chooseMove(state, seat, rng));
    expect(counts.has(move)).toBe(true);
    counts.set(move, counts.get(move)! + 1);
  }
  const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - perMove) ** 2 / perMove, 0);
  const df = legal.length - 1;
  // Mean df, sd sqrt(2 df): six standard deviations above the mean.
  expect(chiSquare).toBeLessThan(df + 6 * Math.sqrt(2 * df));
  expect(Math.min(...counts.values())).toBeGreaterThan(0);
  return legal;
}

describe('the random bot', () => {
  it('draws uniformly over placements, moves and switches', () => {
    const legal = expectUniformOverLegal(midGame(9, ['switch', 'move', 'ship2', 'samurai2', 'ronin1']));
    expect(legal.some((m) => m.includes('switch'))).toBe(true);
    expect(legal.some((m) => m.includes(' move '))).toBe(true);
  });

  it('counts ending the turn as one choice once a tile is down', () => {
    const state = midGame(12, ['ronin1', 'ship1', 'castle3', 'rice3', 'switch']);
    applyMoveInPlace(state, randomBot.chooseMove(state, state.seat, seededRng(3)));
    const legal = expectUniformOverLegal(state);
    expect(legal).toContain(`${state.seat} end`);
  });

  it('draws uniformly over setup placements', () => {
    const state = createGame({ players: 2, options: { startingHands: 'random' } }, seededRng(5));
    const rng = seededRng(6);
    for (let i = 0; i < 5; i++) applyMoveInPlace(state, randomBot.chooseMove(state, state.seat, rng)); // a city or two filled
    expect(legalPlacements(state).length).toBeGreaterThan(1);
    expectUniformOverLegal(state, 200);
  });

  it('passes when no tile can be played, and only then', () => {
    // The move tile alone, with no tile of one's own on the board to move: nothing to play.
    const state = parsePosition('2p end-of-turn seat:0; pieces 14,11=b 14,9=rc 14,13=brc; hand0 move; hand1 samurai3');
    expect(randomBot.chooseMove(state, 0, seededRng(1))).toEqual({ type: 'pass', seat: 0 });
    const playable = parsePosition('2p end-of-turn seat:0; pieces 14,11=b 14,9=rc 14,13=brc; hand0 move ronin1; hand1 samurai3');
    expect(randomBot.chooseMove(playable, 0, seededRng(1)).type).toBe('play');
  });

  it('chooses 5 of its own 20 tiles as a starting hand', () => {
    const state = createGame({ players: 2 }, seededRng(1));
    const move = randomBot.chooseMove(state, 1, seededRng(2));
    expect(move.type).toBe('chooseHand');
    expect(applyMoveInPlace(state, move)).toBeNull();
  });
});
