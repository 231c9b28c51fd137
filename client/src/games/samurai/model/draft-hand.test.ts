import { HAND_SIZE, TILE_SET } from '@samurai/shared';
import { draftHandOf } from './draft-hand';

describe('a kept draft hand', () => {
  it('is the tiles picked so far, by their place in the tile set', () => {
    expect(draftHandOf([3, 0, 19])).toEqual([3, 0, 19]);
    expect(draftHandOf([])).toEqual([]);
    expect(draftHandOf(Array.from({ length: HAND_SIZE }, (_, i) => i))).toHaveLength(HAND_SIZE);
  });

  it('is nothing when it could not be a hand', () => {
    for (const bad of [null, '0', { picks: [1] }, [1, 1], [TILE_SET.length], [-1], [1.5], ['1'], Array.from({ length: HAND_SIZE + 1 }, (_, i) => i)]) {
      expect(draftHandOf(bad)).toEqual([]);
    }
  });
});
