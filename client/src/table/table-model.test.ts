import { ClientTableState } from '@samurai/shared';
import { tableModelOf } from './table-model';

const spectator = { memberId: 'watcher', role: 'spectator' as const };

/** A lobby with only the table's fields: the table model reads any game's room. */
function lobbyState(): ClientTableState {
  return {
    code: 'K7M2PQ',
    gameType: 'go',
    phase: 'lobby',
    game: 0,
    options: { players: 3, botLevel: 'greedy', seatOrder: 'fixed', botDelayMs: 500, clock: 'none', awayMinutes: 0, spectatorChat: true },
    host: 'alice',
    seats: [
      { id: 'alice', name: 'Alice', colour: 'sky', kind: 'human', bot: '', connected: true, idle: false, muted: false, clockLeft: 0 },
      { id: 'bot1', name: 'Bot 1', colour: 'green', kind: 'bot', bot: 'greedy', connected: false, idle: false, muted: false, clockLeft: 0 },
      { id: '', name: '', colour: '', kind: 'open', bot: '', connected: false, idle: false, muted: false, clockLeft: 0 },
    ],
    spectators: 2,
    removed: ['Mallory'],
    clockRunning: 0,
  };
}

describe('the table model', () => {
  it('names the seats, the host and you', () => {
    const model = tableModelOf(lobbyState(), { memberId: 'alice', role: 'player' });
    expect(model).toMatchObject({
      code: 'K7M2PQ',
      gameType: 'go',
      phase: 'lobby',
      game: 0,
      yourSeat: 0,
      isHost: true,
      isSpectator: false,
      spectators: 2,
      removed: ['Mallory'],
    });
    expect(model.seats.map((s) => [s.name, s.kind, s.isYou, s.isHost])).toEqual([
      ['Alice', 'human', true, true],
      ['Bot 1', 'bot', false, false],
      ['', 'open', false, false],
    ]);
  });

  it('gives each seat its colour and mark, open seats a neutral look', () => {
    const model = tableModelOf(lobbyState(), { memberId: 'alice', role: 'player' });
    expect(model.seats[0].look).toMatchObject({ color: 0x1ca0cc, mark: 'square' });
    expect(model.seats[1].look).toMatchObject({ color: 0x1f8a5b, mark: 'triangle' });
    expect(model.seats[2].look.name).toBe('Open');
    // A bot never shows as disconnected.
    expect(model.seats[1].connected).toBe(true);
  });

  it('between games, shows who plays again, and lets the host start once every other person has said so', () => {
    const state = lobbyState();
    const bob = { ...state.seats[1], id: 'bob', name: 'Bob', kind: 'human' as const, colour: 'yellow', bot: '' };
    const between = { ...state, game: 1, seats: [state.seats[0], state.seats[1], bob], playAgain: 0b001, abandoned: true };
    const model = tableModelOf(between, { memberId: 'alice', role: 'player' });
    expect(model).toMatchObject({ betweenGames: true, abandoned: true, canStart: false });
    expect(model.seats.map((s) => s.playsAgain)).toEqual([true, false, false]);
    expect(tableModelOf({ ...between, playAgain: 0b100 }, { memberId: 'alice', role: 'player' }).canStart).toBe(true);
    // Before the first game nobody is asked, and an old state without the bits reads as none.
    expect(tableModelOf({ ...between, game: 0 }, { memberId: 'alice', role: 'player' })).toMatchObject({
      betweenGames: false,
      abandoned: false,
      canStart: true,
    });
  });

  it('marks the votes to abandon and the seats that timed out too often, people only', () => {
    const state = { ...lobbyState(), phase: 'play', game: 1, abandonVotes: 0b011, timedOut: 0b011 };
    const model = tableModelOf(state, { memberId: 'alice', role: 'player' });
    expect(model.seats.map((s) => [s.votesToAbandon, s.timedOut])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('lets the host start only when every seat is filled', () => {
    const state = lobbyState();
    expect(tableModelOf(state, { memberId: 'alice', role: 'player' }).canStart).toBe(false);
    const full = { ...state, seats: [state.seats[0], state.seats[1], { ...state.seats[1], id: 'bob', name: 'Bob', kind: 'human' as const, colour: 'yellow' }] };
    expect(tableModelOf(full, { memberId: 'alice', role: 'player' }).canStart).toBe(true);
  });

  it('makes a guest neither host nor seated until the server names them', () => {
    expect(tableModelOf(lobbyState(), { memberId: 'bob', role: 'player' })).toMatchObject({ yourSeat: -1, isHost: false, isSpectator: true });
    expect(tableModelOf(lobbyState(), { memberId: '', role: 'player' })).toMatchObject({ yourSeat: -1, isHost: false });
    expect(tableModelOf(lobbyState(), spectator)).toMatchObject({ yourSeat: -1, isSpectator: true });
  });

  it('shows an idle mark on people only', () => {
    const state = lobbyState();
    const idle = { ...state, seats: [{ ...state.seats[0], idle: true }, { ...state.seats[1], idle: true }, state.seats[2]] };
    expect(tableModelOf(idle, spectator).seats.map((s) => s.idle)).toEqual([true, false, false]);
  });
});
