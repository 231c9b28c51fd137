import { spectatorStateAt } from '@samurai/shared';
import { fixtureGame, roomStateFor } from '@samurai/shared/src/games/samurai/room-fixture';
import { buildViewModel } from '../model/view-model';
import { scrubModel, scrubRange } from './scrub-model';

const spectator = { memberId: 'watcher', role: 'spectator' as const };

describe('a late spectator looking back in Samurai', () => {
  it.each([2, 3, 4] as const)('%i players: each earlier model is the one the spectator’s screen was given then', (players) => {
    const game = fixtureGame(players, 60 + players, { startingHands: players === 3 ? 'random' : 'chosen', setup: players === 4 ? 'random' : 'players' });
    const join = Math.floor(game.steps.length * 0.7);
    const now = buildViewModel(roomStateFor(game.steps[join].after, 'spectator', game.steps[join].log), spectator);
    const range = scrubRange(now)!;
    expect(range.last).toBe(game.steps[join].log.length);
    for (const step of game.steps.slice(0, join + 1)) {
      if (step.log.length < range.first || step.after.phase === 'hands') continue;
      const then = buildViewModel(roomStateFor(step.after, 'spectator', step.log), spectator);
      const scrubbed = scrubModel(now, step.log.length);
      // The live client rebuilds a dealt setup's pieces from the board alone (no placements listed), as here.
      expect(scrubbed.view).toEqual(then.view);
      expect(scrubbed.log).toEqual(then.log);
      expect(scrubbed.seats).toEqual(then.seats);
      // The same as the room state a spectator was sent, rebuilt the protocol's way.
      expect(
        buildViewModel(spectatorStateAt(roomStateFor(game.steps[join].after, 'spectator', game.steps[join].log), step.log.length), spectator).view,
      ).toEqual(then.view);
    }
  });

  it('is for spectators only, and within the game so far', () => {
    const game = fixtureGame(2, 5, { startingHands: 'random', setup: 'random' });
    const last = game.steps[game.steps.length - 1];
    expect(scrubRange(buildViewModel(roomStateFor(last.after, 0, last.log), { memberId: 'member0', role: 'player' }))).toBeNull();
    const vm = buildViewModel(roomStateFor(last.after, 'spectator', last.log), spectator);
    expect(scrubModel(vm, last.log.length)).toBe(vm);
    expect(() => scrubModel(vm, last.log.length + 1)).toThrow(/cannot look back/);
    expect(() => scrubModel(vm, 0)).toThrow(/cannot look back/);
  });
});
