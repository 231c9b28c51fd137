import { mangoku } from '@samurai/shared';
import { buildViewModel } from './view-model';

describe('the view model', () => {
  it('holds exactly the engine’s view for each player and a spectator, over a room-like game', () => {
    let checked = 0;
    mangoku.roomLikeGame(4, 11, {
      visit: (game, log, change) => {
        if (checked > 400 || change === 'deal') return;
        for (const viewer of [0, 2, 'spectator'] as const) {
          const state = mangoku.roomStateFor(game, viewer, log, { promptEndsAt: 1234, revealEndsAt: () => 99 });
          const identity = viewer === 'spectator' ? { memberId: '', role: 'spectator' as const } : { memberId: `member${viewer}`, role: 'player' as const };
          const model = buildViewModel(state, identity);
          expect(model.yourSeat).toBe(viewer === 'spectator' ? -1 : viewer);
          expect(model.view).toEqual(mangoku.viewFor(game, viewer));
          expect(model.promptEndsAt).toBe(game.step.kind === 'answer' ? 1234 : null);
          expect(model.revealsEndAt).toEqual(game.reveals.map(() => 99));
          checked++;
        }
      },
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('has no game in the lobby, and reads the room’s options', () => {
    const state = { ...mangoku.roomStateFor(mangoku.createGame({ players: 3 }, { int: () => 0 }), 'spectator', []), phase: 'lobby', step: '' };
    const model = buildViewModel(state, { memberId: 'member1', role: 'player' });
    expect(model.view).toBeNull();
    expect(model.phase).toBe('lobby');
    expect(model.options).toEqual({ ...mangoku.DEFAULT_ROOM_OPTIONS, players: 3 });
  });
});
