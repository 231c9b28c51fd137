import { askingOf } from './EngineState';
import { listMoves } from './legal';
import { MoveList } from './MoveList';
import { greedyDecisions } from './test-helpers';

describe('MoveList keys', () => {
  it('give each move of a list its own key, and the same key from the move as the API has it', () => {
    const list = new MoveList();
    let moves = 0;
    for (const { state, seat } of greedyDecisions(1)) {
      listMoves(askingOf(state), seat, list);
      const keys = new Set<number>();
      for (let i = 0; i < list.length; i++) {
        keys.add(list.key(i));
        expect(MoveList.keyOf(list.move(i, seat))).toBe(list.key(i));
        moves++;
      }
      expect(keys.size).toBe(list.length);
    }
    expect(moves).toBeGreaterThan(500);
  });
});
