import { Decoder, Encoder, Reflection, Schema } from '@colyseus/schema';
import { createGame, DEFAULT_ROOM_OPTIONS, GameState, packCounts, packHand, samuraiContract, seededRng, unpackHand, unpackPieces } from '@samurai/shared';
import { newSeatToken, Seating } from '../../table/Seating';
import { TableFacts, TableMirror } from '../../table/TableMirror';
import type { TableSeatState } from '../../table/table-state';
import { ViewMirror } from '../../table/ViewMirror';
import { samuraiFields } from './samurai-fields';
import { RoomState, SeatState } from './samurai-state';

function facts(seating: Seating, game: GameState | null, players = 2): TableFacts {
  return {
    code: 'ABCDE',
    phase: game ? game.phase : 'lobby',
    gameNumber: game ? 1 : 0,
    options: { ...DEFAULT_ROOM_OPTIONS, players: players as 2 },
    hostId: seating.hostId,
    seats: seating.seats,
    spectators: 0,
    idle: [],
    removed: [],
  };
}

/** The generic mirror with Samurai's fields, fed a game's views as the session feeds them. */
function samuraiMirror(state: RoomState) {
  const mirror = new ViewMirror(state, samuraiFields);
  return {
    adoptSeats: (seats: readonly TableSeatState[]) => mirror.adoptSeats(seats),
    newGame: () => mirror.newGame(),
    syncGame: (game: GameState | null, log: readonly number[], drawn: readonly number[]) => {
      const table = game && { game, log: log as number[], drawn: drawn as number[] };
      mirror.sync(table && { roomView: (viewer) => samuraiContract.roomView(table, viewer), timerEndsAt: () => 0 });
    },
  };
}

/** The room state with the table's mirror and Samurai's, synced as the room syncs them. */
function mirrored(): {
  state: RoomState;
  mirror: ReturnType<typeof samuraiMirror>;
  encoder: Encoder;
  syncAll: (seating: Seating, game: GameState | null, players?: number) => void;
} {
  const state = new RoomState();
  const table = new TableMirror(state, 'samurai', () => new SeatState());
  const mirror = samuraiMirror(state);
  const syncAll = (seating: Seating, game: GameState | null, players?: number) => {
    table.sync(facts(seating, game, players));
    mirror.adoptSeats(table.seats);
    mirror.syncGame(game, [], []);
  };
  return { state, mirror, encoder: new Encoder(state), syncAll };
}

describe("Samurai's room fields, through the view mirror and the table's", () => {
  it('mirrors the engine, and a second sync with nothing new changes nothing (so sends nothing)', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.addBot('random');
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(1));
    const { state, mirror, encoder, syncAll } = mirrored();
    syncAll(seating, game);
    expect(state.seats.map((s) => s.name)).toEqual(['Ann', 'Hana']);
    expect(unpackHand(state.seats[0].hand)).toEqual(game.hands[0]);
    expect(unpackPieces(state.pieces)).toEqual(game.pieces);
    expect(state.supply).toBe(packCounts(game.supply));
    expect(state.seats[1].captured).toBe(packCounts([0, 0, 0])); // two players: tallies are public
    encoder.encode();
    encoder.discardChanges();
    syncAll(seating, game);
    mirror.syncGame(game, [], []);
    expect(encoder.hasChanges).toBe(false);
  });

  it('hides 3–4 player tallies until the end', () => {
    const seating = new Seating(3);
    ['A', 'B', 'C'].forEach((n) => seating.sitDown(n, undefined, newSeatToken()));
    const game = createGame({ players: 3, options: { startingHands: 'random', setup: 'random' } }, seededRng(2));
    game.captured[1] = [1, 0, 0];
    const { state, mirror, syncAll } = mirrored();
    syncAll(seating, game, 3);
    expect(state.seats.map((s) => s.captured)).toEqual([-1, -1, -1]);
    expect(state.seats[1].ownCaptured).toBe(packCounts([1, 0, 0]));
    game.phase = 'over';
    mirror.syncGame(game, [], []);
    expect(state.seats[1].captured).toBe(packCounts([1, 0, 0]));
  });

  it('sends a play as its log entry and the hand it changed, nothing else', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.sitDown('Bob', undefined, newSeatToken());
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(3));
    const { state, mirror, encoder, syncAll } = mirrored();
    syncAll(seating, game);
    encoder.encode();
    encoder.discardChanges();
    game.hands[0].pop();
    mirror.syncGame(game, [123456], []);
    expect(state.seats[0].hand).toBe(packHand(game.hands[0]));
    expect(state.seats[0].handCount).toBe(game.hands[0].length);
    // The shared patch: the log entry and the hand count (the hand itself only goes to its owner's view).
    expect(encoder.encode().byteLength).toBeLessThan(16);
  });

  it('shows a seat the tiles it drew', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.sitDown('Bob', undefined, newSeatToken());
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(5));
    const { state, mirror, syncAll } = mirrored();
    syncAll(seating, game);
    mirror.syncGame(game, [], [0, packHand([3, 16])]);
    expect(unpackHand(state.seats[1].drawn)).toEqual([3, 16]);
    expect(state.seats[0].drawn).toBe(0);
  });

  it('starts a new log for a new game', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.sitDown('Bob', undefined, newSeatToken());
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(4));
    const { state, mirror } = mirrored();
    mirror.syncGame(game, [1, 2, 3], []);
    expect(Array.from(state.log)).toEqual([1, 2, 3]);
    mirror.syncGame(game, [1, 2, 3, 4], []);
    expect(Array.from(state.log)).toEqual([1, 2, 3, 4]);
    mirror.newGame();
    mirror.syncGame(game, [5], []);
    expect(Array.from(state.log)).toEqual([5]);
  });

  it('follows a take-back: the log loses its last entry, and a client decoding the patches follows', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.sitDown('Bob', undefined, newSeatToken());
    const game = createGame({ players: 2, options: { startingHands: 'random', setup: 'random' } }, seededRng(6));
    const { state, mirror, encoder, syncAll } = mirrored();
    const client = Reflection.decode(Reflection.encode(encoder)) as Decoder<
      Schema & { log: ArrayLike<number>; gameType: string; seats: ArrayLike<{ name: string; handCount: number }> }
    >;
    const send = () => {
      client.decode(encoder.encode());
      encoder.discardChanges();
    };
    syncAll(seating, game);
    send();
    // The table's fields and the game's arrive alike (the schema classes extend the table's).
    expect(client.state.gameType).toBe('samurai');
    expect(client.state.seats[1].name).toBe('Bob');
    expect(client.state.seats[1].handCount).toBe(game.hands[1].length);
    // The room's log, changed in place as the room does: a move's entries pushed, or a take-back's play popped.
    const log: number[] = [];
    for (const next of [
      [1, 2, 3, 4],
      [1, 2, 3],
      [1, 2, 3, 5, 6],
      [1, 2, 3, 5],
      [1, 2, 3, 5, 7],
    ]) {
      log.splice(0, log.length, ...next);
      mirror.syncGame(game, log, []);
      expect(Array.from(state.log)).toEqual(next);
      send();
      expect(Array.from(client.state.log)).toEqual(next);
    }
  });
});
