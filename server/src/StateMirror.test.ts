import { Decoder, Encoder, Reflection, Schema } from '@colyseus/schema';
import { createGame, DEFAULT_ROOM_OPTIONS, GameState, packCounts, packHand, seededRng, unpackHand, unpackPieces } from '@samurai/shared';
import { RoomState } from './schema/RoomState';
import { Seating } from './Seating';
import { RoomFacts, StateMirror } from './StateMirror';

function facts(seating: Seating, game: GameState | null, players = 2): RoomFacts {
  return {
    code: 'ABCDE',
    gameNumber: game ? 1 : 0,
    options: { ...DEFAULT_ROOM_OPTIONS, players: players as 2 },
    hostId: seating.hostId,
    seats: seating.seats,
    spectators: 0,
    idle: [],
    removed: [],
    game,
    log: [],
    drawn: [],
  };
}

function mirrored(): { state: RoomState; mirror: StateMirror; encoder: Encoder } {
  const state = new RoomState();
  return { state, mirror: new StateMirror(state), encoder: new Encoder(state) };
}

describe('StateMirror', () => {
  it('mirrors the engine, and a second sync with nothing new changes nothing (so sends nothing)', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.addBot('random');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(1));
    const { state, mirror, encoder } = mirrored();
    mirror.syncAll(facts(seating, game));
    expect(state.seats.map((s) => s.name)).toEqual(['Ann', 'Hana']);
    expect(unpackHand(state.seats[0].hand)).toEqual(game.hands[0]);
    expect(unpackPieces(state.pieces)).toEqual(game.pieces);
    expect(state.supply).toBe(packCounts(game.supply));
    expect(state.seats[1].captured).toBe(packCounts([0, 0, 0])); // two players: tallies are public
    encoder.encode();
    encoder.discardChanges();
    mirror.syncAll(facts(seating, game));
    mirror.syncGame(game, 1, [], []);
    expect(encoder.hasChanges).toBe(false);
  });

  it('hides 3–4 player tallies until the end', () => {
    const seating = new Seating(3);
    ['A', 'B', 'C'].forEach((n) => seating.sitDown(n));
    const game = createGame({ players: 3, options: { startingHands: 'random', setup: 'random' } }, seededRng(2));
    game.captured[1] = [1, 0, 0];
    const { state, mirror } = mirrored();
    mirror.syncAll(facts(seating, game, 3));
    expect(state.seats.map((s) => s.captured)).toEqual([-1, -1, -1]);
    expect(state.seats[1].ownCaptured).toBe(packCounts([1, 0, 0]));
    game.phase = 'over';
    mirror.syncGame(game, 1, [], []);
    expect(state.seats[1].captured).toBe(packCounts([1, 0, 0]));
  });

  it('sends a play as its log entry and the hand it changed, nothing else', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.sitDown('Bob');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(3));
    const { state, mirror, encoder } = mirrored();
    mirror.syncAll(facts(seating, game));
    encoder.encode();
    encoder.discardChanges();
    game.hands[0].pop();
    mirror.syncGame(game, 1, [123456], []);
    expect(state.seats[0].hand).toBe(packHand(game.hands[0]));
    expect(state.seats[0].handCount).toBe(game.hands[0].length);
    // The shared patch: the log entry and the hand count (the hand itself only goes to its owner's view).
    expect(encoder.encode().byteLength).toBeLessThan(16);
  });

  it('shows a seat the tiles it drew', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.sitDown('Bob');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(5));
    const { state, mirror } = mirrored();
    mirror.syncAll(facts(seating, game));
    mirror.syncGame(game, 1, [], [0, packHand([3, 16])]);
    expect(unpackHand(state.seats[1].drawn)).toEqual([3, 16]);
    expect(state.seats[0].drawn).toBe(0);
  });

  it('starts a new log for a new game', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.sitDown('Bob');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(4));
    const { state, mirror } = mirrored();
    mirror.syncGame(game, 1, [1, 2, 3], []);
    expect(Array.from(state.log)).toEqual([1, 2, 3]);
    mirror.syncGame(game, 1, [1, 2, 3, 4], []);
    expect(Array.from(state.log)).toEqual([1, 2, 3, 4]);
    mirror.syncGame(game, 2, [5], []);
    expect(state.game).toBe(2);
    expect(Array.from(state.log)).toEqual([5]);
  });

  it('follows a take-back: the log loses its last entry, and a client decoding the patches follows', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann');
    seating.sitDown('Bob');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(6));
    const { state, mirror, encoder } = mirrored();
    const client = Reflection.decode(Reflection.encode(encoder)) as Decoder<Schema & { log: ArrayLike<number> }>;
    const send = () => {
      client.decode(encoder.encode());
      encoder.discardChanges();
    };
    mirror.syncAll(facts(seating, game));
    send();
    // The room's log, changed in place as the room does: a move's entries pushed, or a take-back's play popped.
    const log: number[] = [];
    for (const next of [[1, 2, 3, 4], [1, 2, 3], [1, 2, 3, 5, 6], [1, 2, 3, 5], [1, 2, 3, 5, 7]]) {
      log.splice(0, log.length, ...next);
      mirror.syncGame(game, 1, log, []);
      expect(Array.from(state.log)).toEqual(next);
      send();
      expect(Array.from(client.state.log)).toEqual(next);
    }
  });
});
