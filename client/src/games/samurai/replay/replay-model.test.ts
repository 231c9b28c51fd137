import { exportRecord, openReplay, Replay } from '@samurai/shared';
import { fixtureGame, roomStateFor } from '@samurai/shared/src/games/samurai/room-fixture';
import { buildViewModel } from '../model/view-model';
import { perspectiveOf, replayModel } from './replay-model';

const identity = (viewer: number | 'spectator') =>
  viewer === 'spectator' ? { memberId: 'watcher', role: 'spectator' as const } : { memberId: `member${viewer}`, role: 'player' as const };

function replayOf(game: ReturnType<typeof fixtureGame>): Replay {
  const opened = openReplay(JSON.parse(JSON.stringify(exportRecord(game.steps[game.steps.length - 1].after))));
  if (!opened.ok) throw new Error(opened.message);
  return opened.replay;
}

describe('the model a Samurai replay shows', () => {
  // Dealt hands and setup, as the live game of the browser test: the replay has every live step.
  it.each([2, 3, 4] as const)('%i players: at every step, for a seat and a spectator, it is the model the live game’s screen was given', (players) => {
    const game = fixtureGame(players, 40 + players, { startingHands: 'random', setup: 'random', captureTiming: players === 3 ? 'immediate' : 'end-of-turn' });
    const replay = replayOf(game);
    expect(replay.steps).toHaveLength(game.steps.length + 1);
    const live = [{ state: game.initial, log: game.initialLog }, ...game.steps.map((s) => ({ state: s.after, log: s.log }))];
    live.forEach(({ state, log }, step) => {
      for (const viewer of [1, 'spectator'] as const) {
        const shown = buildViewModel(roomStateFor(state, viewer, log), identity(viewer));
        const replayed = replayModel(replay, step, viewer, null);
        // A dealt setup is one log entry, so the live client knows its pieces from the board only
        // (its view lists no placements); the engine's projection lists them. All else is equal.
        expect({ ...replayed.view, placements: [] }).toEqual({ ...shown.view, placements: [] });
        expect(replayed.view!.placements).toEqual(state.placements);
        expect(replayed.log).toEqual(shown.log);
        expect(replayed.yourSeat).toBe(shown.yourSeat);
        const counts = (vm: typeof shown) => vm.seats.map((s) => [s.handCount, s.stackCount, s.captured]);
        expect(counts(replayed)).toEqual(counts(shown));
      }
    });
  });

  it('names the seats from the room’s history, numbers them without it, and shows everything to "everything"', () => {
    const replay = replayOf(fixtureGame(3, 9, { startingHands: 'random', setup: 'random' }));
    const named = replayModel(replay, 10, 0, [{ name: 'Ann', colour: 'sky', bot: null }, { name: 'Kenji', colour: 'green', bot: 'greedy' }, null]);
    expect(named.seats.map((s) => [s.name, s.colourId, s.kind, s.bot, s.isYou])).toEqual([
      ['Ann', 'sky', 'human', '', true],
      ['Kenji', 'green', 'bot', 'greedy', false],
      ['Seat 3', expect.any(String), 'human', '', false],
    ]);
    const everything = replayModel(replay, 10, 'everything', null);
    expect(everything.isSpectator).toBe(true);
    expect(everything.view!.hands.every((h) => h !== null && h.length > 0)).toBe(true);
    expect(everything.seats.every((s) => s.captured !== null)).toBe(true);
    expect(everything.seats.map((s) => s.name)).toEqual(['Seat 1', 'Seat 2', 'Seat 3']);
  });

  it('reads the perspective menu’s value, and anything unknown as everything', () => {
    expect(perspectiveOf('2', 3)).toBe(2);
    expect(perspectiveOf('spectator', 3)).toBe('spectator');
    expect(perspectiveOf('3', 3)).toBe('everything');
    expect(perspectiveOf('-1', 3)).toBe('everything');
    expect(perspectiveOf('x', 3)).toBe('everything');
  });
});
