import { ClientRoomState, legalMoves, packHand, tileName, viewFor } from '@samurai/shared';
import { fixtureGame, roomStateFor } from '@samurai/shared/src/games/samurai/room-fixture';
import { buildViewModel, justDrawn } from './view-model';

const player = (seat: number) => ({ memberId: `member${seat}`, role: 'player' as const });
const spectator = { memberId: 'watcher', role: 'spectator' as const };

function lobbyState(): ClientRoomState {
  return {
    code: 'K7M2P',
    gameType: 'samurai',
    phase: 'lobby',
    game: 0,
    options: {
      players: 3,
      captureTiming: 'immediate',
      startingHands: 'random',
      setup: 'players',
      botLevel: 'greedy',
      seatOrder: 'fixed',
      botDelayMs: 500,
      clock: 'none',
      awayMinutes: 0,
      spectatorChat: true,
    },
    host: 'alice',
    seats: [
      {
        id: 'alice',
        name: 'Alice',
        colour: 'sky',
        kind: 'human',
        bot: '',
        connected: true,
        idle: false,
        muted: false,
        clockLeft: 0,
        handChosen: false,
        handCount: 0,
        stackCount: 0,
        captured: -1,
      },
      {
        id: 'bot1',
        name: 'Bot 1',
        colour: 'green',
        kind: 'bot',
        bot: 'greedy',
        connected: false,
        idle: false,
        muted: false,
        clockLeft: 0,
        handChosen: false,
        handCount: 0,
        stackCount: 0,
        captured: -1,
      },
      {
        id: '',
        name: '',
        colour: '',
        kind: 'open',
        bot: '',
        connected: false,
        idle: false,
        muted: false,
        clockLeft: 0,
        handChosen: false,
        handCount: 0,
        stackCount: 0,
        captured: -1,
      },
    ],
    seat: -1,
    pieces: [],
    supply: 0,
    aside: 0,
    log: [],
    spectators: 2,
    removed: [],
    clockRunning: 0,
  };
}

describe('the lobby view-model', () => {
  it("has the table's seats, host and you, Samurai's options, and no game yet", () => {
    const model = buildViewModel(lobbyState(), { memberId: 'alice', role: 'player' });
    expect(model.phase).toBe('lobby');
    expect(model.view).toBeNull();
    expect(model).toMatchObject({ gameType: 'samurai', yourSeat: 0, isHost: true, isSpectator: false, spectators: 2, canStart: false });
    expect(model.options).toMatchObject({ players: 3, captureTiming: 'immediate', startingHands: 'random' });
    expect(model.seats.map((s) => [s.name, s.kind, s.isYou, s.handChosen, s.captured])).toEqual([
      ['Alice', 'human', true, false, null],
      ['Bot 1', 'bot', false, false, null],
      ['', 'open', false, false, null],
    ]);
  });

  it('falls back to known values when the server sends one it does not know', () => {
    const state = { ...lobbyState(), phase: 'dancing', options: { ...lobbyState().options, captureTiming: 'never', players: 9 } };
    const model = buildViewModel(state, spectator);
    expect(model.phase).toBe('lobby');
    expect(model.options.captureTiming).toBe('end-of-turn');
    expect(model.options.players).toBe(4);
  });
});

describe('the game view-model', () => {
  it('matches the engine view of every seat and a spectator, step by step, in 2- and 3-player games', () => {
    for (const players of [2, 3] as const) {
      const game = fixtureGame(players, 40 + players);
      const sample = game.steps.filter((_, i) => i % 3 === 0 || i === game.steps.length - 1);
      for (const { after, log } of sample) {
        for (const viewer of [...Array.from({ length: players }, (_, s) => s), 'spectator' as const]) {
          const model = buildViewModel(roomStateFor(after, viewer, log), viewer === 'spectator' ? spectator : player(viewer));
          const expected = viewFor(after, viewer);
          const view = model.view!;
          expect(view.viewer).toBe(viewer);
          expect(view.hands).toEqual(expected.hands);
          expect(view.captured).toEqual(expected.captured);
          expect(view.handCounts).toEqual(expected.handCounts);
          expect(view.stackCounts).toEqual(expected.stackCounts);
          expect(view.hexOwner).toEqual(expected.hexOwner);
          expect(view.hexTile).toEqual(expected.hexTile);
          expect(view.pieces).toEqual(expected.pieces);
          expect(view.turnPlays).toEqual(expected.turnPlays);
          expect(view.turns.length).toBe(expected.turns.length);
          if (viewer !== 'spectator' && after.phase !== 'over') expect(legalMoves(view, viewer)).toEqual(legalMoves(expected, viewer));
          expect(model.seats.map((s) => s.captured)).toEqual(expected.captured);
        }
      }
    }
  });

  it('never gives a spectator a hand, nor a 3-player tally before the end', () => {
    const game = fixtureGame(3, 7);
    const mid = game.steps.find((s) => s.after.phase === 'play' && s.after.captured.some((c) => c[0] + c[1] + c[2] > 0))!;
    const model = buildViewModel(roomStateFor(mid.after, 'spectator', mid.log), spectator);
    expect(model.view!.hands).toEqual([null, null, null]);
    expect(model.seats.every((s) => s.captured === null)).toBe(true);
    const own = buildViewModel(roomStateFor(mid.after, 1, mid.log), player(1));
    expect(own.seats.map((s) => s.captured !== null)).toEqual([false, true, false]);
  });

  it('carries the result at the end: leaders, winners and everyone’s pieces', () => {
    const game = fixtureGame(2, 3);
    const last = game.steps[game.steps.length - 1];
    const model = buildViewModel(roomStateFor(last.after, 0, last.log), player(0));
    expect(model.phase).toBe('over');
    expect(model.view!.result).toEqual(last.after.result);
  });

  it('decodes the log into public events', () => {
    const game = fixtureGame(2, 5);
    const last = game.steps[game.steps.length - 1];
    const model = buildViewModel(roomStateFor(last.after, 'spectator', last.log), spectator);
    expect(model.log.length).toBe(last.log.length);
    expect(model.log.filter((e) => e.kind === 'capture').length).toBe(last.after.turns.reduce((n, t) => n + t.captures.length, 0));
  });
});

describe('the tiles you drew', () => {
  const game = fixtureGame(2, 5);
  type Step = (typeof game.steps)[number];
  /** The state seat 0's browser decodes, its own seat showing the draw `drawn` (packHand). */
  const stateWithDraw = (step: Step, drawn: number) => {
    const state = roomStateFor(step.after, 0, step.log);
    return { ...state, seats: Array.from(state.seats, (seat, s) => (s === 0 ? { ...seat, drawn } : seat)) };
  };

  it('show with the state in which your turn ended, and only then', () => {
    const end = game.steps.findIndex((s) => s.move.type === 'endTurn' && s.move.seat === 0);
    const previous = buildViewModel(stateWithDraw(game.steps[end - 1], 0), player(0));
    const next = buildViewModel(stateWithDraw(game.steps[end], packHand([3, 16])), player(0));
    expect(next.drawn).toEqual([tileName(3), tileName(16)]);
    expect(justDrawn(previous, next)).toEqual([tileName(3), tileName(16)]);
    expect(justDrawn(next, next)).toEqual([]); // nothing new
    expect(justDrawn(null, next)).toEqual([]); // a first state: a join or a reconnection
    const later = buildViewModel(stateWithDraw(game.steps[end + 1], packHand([3, 16])), player(0));
    expect(game.steps[end + 1].move.seat).toBe(1);
    expect(justDrawn(next, later)).toEqual([]); // another seat's move
  });

  it('are nobody else’s to see', () => {
    const last = game.steps[game.steps.length - 1];
    expect(buildViewModel(roomStateFor(last.after, 'spectator', last.log), spectator).drawn).toEqual([]);
  });
});
