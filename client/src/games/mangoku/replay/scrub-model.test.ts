import { mangoku } from '@samurai/shared';
import { buildViewModel, MangokuModel } from '../model/view-model';
import { scrubLabel, scrubModel, scrubRange } from './scrub-model';

const spectator = { memberId: 'watcher', role: 'spectator' as const };

/** A room-like game's spectator models: the first one sent at each log length, and the one at `joinAt` of its changes. */
function watch(players: mangoku.PlayerCount, seed: number, joinAt: number) {
  const firstAt = new Map<number, MangokuModel>();
  let now: MangokuModel | null = null;
  let changes = 0;
  mangoku.roomLikeGame(players, seed, {
    visit: (game, log) => {
      if (changes++ > joinAt) return;
      const model = buildViewModel(mangoku.roomStateFor(game, 'spectator', log.slice()), spectator);
      if (!firstAt.has(log.length)) firstAt.set(log.length, model);
      now = model;
    },
  });
  return { firstAt, now: now! };
}

const noReveals = (vm: MangokuModel) => ({ ...vm.view!, reveals: [] });

describe('a late spectator looking back in Mangoku', () => {
  it.each([2, 3, 4, 5, 6] as const)('%i players: each earlier model is the one the spectator’s screen was given then (but a reveal)', (players) => {
    const { firstAt, now } = watch(players, 40 + players, 60);
    const range = scrubRange(now)!;
    expect(range.last).toBe(Array.from(mangoku.historyLog(now.view!.campaigns)).length);
    expect(range.points.length).toBeGreaterThan(3);
    for (const n of range.points) {
      const then = firstAt.get(n)!;
      const scrubbed = scrubModel(now, n);
      expect(noReveals(scrubbed)).toStrictEqual(noReveals(then));
      expect(scrubbed.view!.reveals).toEqual([]);
      expect([scrubbed.phase, scrubbed.seats, scrubbed.promptEndsAt]).toEqual([then.phase, then.seats, null]);
    }
  });

  it('is for spectators only, within the game so far, and says where it stands', () => {
    let last: { game: mangoku.GameState; log: string[] } | null = null;
    mangoku.roomLikeGame(3, 9, { visit: (game, log) => (last = { game: mangoku.cloneState(game), log: log.slice() }) });
    const { game, log } = last!;
    expect(scrubRange(buildViewModel(mangoku.roomStateFor(game, 0, log), { memberId: 'member0', role: 'player' }))).toBeNull();
    const vm = buildViewModel(mangoku.roomStateFor(game, 'spectator', log), spectator);
    const range = scrubRange(vm)!;
    expect(scrubModel(vm, range.last)).toBe(vm);
    expect(() => scrubModel(vm, range.last + 1)).toThrow(/cannot look back/);
    expect(() => scrubModel(vm, 0)).toThrow(/cannot look back/);
    expect(scrubLabel(scrubModel(vm, range.points[0]).view!)).toBe('Campaign 1: the deal');
    expect(scrubLabel(scrubModel(vm, range.points[1]).view!)).toBe('Campaign 1: after turn 1');
    const firstEnd = log.findIndex((e) => e.startsWith('x')) + 1;
    expect(scrubLabel(scrubModel(vm, firstEnd).view!)).toBe('Campaign 1: its end');
  });
});
