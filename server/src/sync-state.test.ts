import { Encoder } from '@colyseus/schema';
import { createGame, DEFAULT_ROOM_OPTIONS, seededRng, encodeCell } from '@samurai/shared';
import { RoomState } from './schema/RoomState';
import { Seating } from './Seating';
import { RoomFacts, syncRoomState } from './sync-state';

function facts(seating: Seating, game: ReturnType<typeof createGame> | null): RoomFacts {
  return {
    code: 'ABCDE',
    phase: game ? game.phase : 'lobby',
    gameNumber: game ? 1 : 0,
    options: { ...DEFAULT_ROOM_OPTIONS, players: 2 },
    hostId: seating.hostId,
    seats: seating.seats,
    spectators: 0,
    game,
    log: [],
  };
}

describe('syncRoomState', () => {
  it('mirrors the engine, and a second sync with nothing new changes nothing (so sends nothing)', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.addBot('random');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(1));
    const state = new RoomState();
    const encoder = new Encoder(state);
    syncRoomState(state, facts(seating, game));
    expect(state.seats.map((s) => s.name)).toEqual(['Ann', 'Hana']);
    expect(Array.from(state.seats[0].secret.hand)).toEqual(game.hands[0]);
    expect(state.board.length).toBe(game.hexOwner.length);
    expect(Array.from(state.pieces)).toEqual(game.pieces);
    expect(Array.from(state.seats[1].captured)).toEqual([0, 0, 0]); // two players: tallies are public
    encoder.encode();
    encoder.discardChanges();
    syncRoomState(state, facts(seating, game));
    expect(encoder.hasChanges).toBe(false);
  });

  it('hides 3–4 player tallies until the end', () => {
    const seating = new Seating(3);
    ['A', 'B', 'C'].forEach((n) => seating.sitDown(n));
    const game = createGame({ players: 3, options: { startingHands: 'random', setup: 'random' } }, seededRng(2));
    game.captured[1] = [1, 0, 0];
    const state = new RoomState();
    syncRoomState(state, { ...facts(seating, game), options: { ...DEFAULT_ROOM_OPTIONS, players: 3 } });
    expect(state.seats.map((s) => s.captured.length)).toEqual([0, 0, 0]);
    expect(Array.from(state.seats[1].secret.captured)).toEqual([1, 0, 0]);
    game.phase = 'over';
    syncRoomState(state, { ...facts(seating, game), options: { ...DEFAULT_ROOM_OPTIONS, players: 3 } });
    expect(Array.from(state.seats[1].captured)).toEqual([1, 0, 0]);
  });

  it('sends a play as one board cell', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.sitDown('Bob');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(3));
    const state = new RoomState();
    syncRoomState(state, facts(seating, game));
    game.hexOwner[100] = 1;
    game.hexTile[100] = 4;
    syncRoomState(state, facts(seating, game));
    expect(state.board[100]).toBe(encodeCell(1, 4));
    expect(state.board.filter((c) => c !== 0)).toHaveLength(1);
  });
});
