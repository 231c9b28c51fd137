import { applyMove, applyMoveInPlace } from './apply';
import { MoveError } from './errors';
import { createGameWithPools, GameState, Move } from './state';
import { after, move, position } from './test-helpers';
import { TILE_SET } from './tiles';

const choosing = () => createGameWithPools({ players: 2 }, [TILE_SET, TILE_SET], null);
const placing = () => createGameWithPools({ players: 2, options: { startingHands: 'random' } }, [TILE_SET, TILE_SET], null);
const playing = () => position('2p end-of-turn seat:0; tiles 15,7=0.samurai1; pieces 14,7=b 16,8=r 14,13=brc; hand0 samurai2 switch; stack0 rice2; hand1 move');

/** One accepted move of every type, on a state where it applies. */
const CASES: [string, () => GameState, Move][] = [
  ['chooseHand', choosing, move('0 choose buddha2,buddha3,buddha4,rice2,rice3')],
  ['placePiece', placing, move('0 piece rice@14,9')],
  ['play', playing, move('0 samurai2@14,8')],
  ['undo', () => after(playing(), '0 switch buddha@14,7 rice@16,8'), move('0 undo')],
  ['endTurn', () => after(playing(), '0 samurai2@14,8'), move('0 end')],
  ['pass', () => position('2p end-of-turn seat:1; tiles 15,7=0.samurai1; pieces 14,13=brc; hand1 move'), move('1 pass')],
];

describe.each(CASES)('applyMove with %s', (_, make, m) => {
  it('returns a new state and leaves its input exactly as it was', () => {
    const state = make();
    const before = JSON.stringify(state);
    const result = applyMove(state, m);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state).not.toBe(state);
    expect(JSON.stringify(result.state)).not.toBe(before);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('shares no mutable array with its input', () => {
    const state = make();
    const before = JSON.stringify(state);
    const result = applyMove(state, m);
    if (!result.ok) throw new Error(result.detail);
    const next = result.state;
    // Scribble over every array the engine mutates in place.
    for (const array of [next.pieces, next.supply, next.aside, next.handChosen, next.placements, next.turns, next.turnPlays, next.turnCaptures]) {
      (array as unknown[]).push(0);
      (array as unknown[])[0] = 9;
    }
    for (const board of [next.hexOwner, next.hexTile]) board.fill(9); // byte arrays cannot grow
    for (const arrays of [next.hands, next.stacks, next.captured]) {
      for (const a of arrays) (a as number[]).push(9);
      (arrays as unknown[]).push([]);
    }
    expect(JSON.stringify(state)).toBe(before);
  });

  it('agrees with applyMoveInPlace', () => {
    const a = make();
    const result = applyMove(a, m);
    const b = make();
    expect(applyMoveInPlace(b, m)).toBeNull();
    expect(result.ok && JSON.stringify(result.state)).toBe(JSON.stringify(b));
  });
});

it('applyMoveInPlace leaves the state untouched when it refuses', () => {
  const state = playing();
  const before = JSON.stringify(state);
  expect(applyMoveInPlace(state, move('0 samurai2@14,7'))?.error).toBe(MoveError.OnSettlement);
  expect(applyMoveInPlace(state, move('1 move 15,7>14,8'))?.error).toBe(MoveError.NotYourTurn);
  expect(JSON.stringify(state)).toBe(before);
});
