import { legalMoves } from '../legal';
import { viewFor } from '../projection';
import { roomStateFor } from '../room-fixture';
import { botGame } from './bot-game';
import { encodeLogEntry } from './game-log';
import { tableFromRoomState } from './table-from-state';

describe('tableFromRoomState', () => {
  it('gives a viewer the same legal moves as its engine view, all game long', () => {
    for (const players of [2, 3, 4] as const) {
      const { moves } = botGame(players, 100 + players);
      const log: number[] = [];
      for (const { move, before, events } of moves) {
        if (before.phase === 'play' || before.phase === 'pieces') {
          const table = tableFromRoomState(roomStateFor(before, move.seat, log), move.seat);
          expect(legalMoves(table, move.seat)).toEqual(legalMoves(viewFor(before, move.seat), move.seat));
          expect(table.hands.filter(Boolean)).toHaveLength(1);
        }
        log.push(...events.map(encodeLogEntry));
      }
    }
  });

  it('shows a spectator no hand, and other tallies only when they are public', () => {
    const { state } = botGame(3, 5);
    const table = tableFromRoomState(roomStateFor(state, 'spectator', []), 'spectator');
    expect(table.hands).toEqual([null, null, null]);
    expect(table.captured).toEqual(state.captured); // the game is over: every tally is public
  });
});
