import { mangoku } from '@samurai/shared';
import { after, position } from '@samurai/shared/src/games/mangoku/test-helpers';
import { tableModelOf } from '../../../table/table-model';
import { NO_SELECTION, selectCard, tapHeldCard, toggleTarget } from './interaction';
import { tableScene } from './scene';

const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 peasant bandit; hand2 monk merchant; supply captain ninja kabuki peasant monk peasant; bottom warlord';

function sceneOf(state: mangoku.GameState, viewer: number, selection = NO_SELECTION, now = 0, revealEnds: number[] = []) {
  const view = mangoku.viewFor(state, viewer < 0 ? 'spectator' : viewer);
  const room = mangoku.roomStateFor(state, viewer < 0 ? 'spectator' : viewer, []);
  const seats = tableModelOf(room, viewer < 0 ? { memberId: '', role: 'spectator' } : { memberId: `member${viewer}`, role: 'player' }).seats;
  return tableScene({ view, seats, viewer, selection, pending: false, focusCard: -1, focusTarget: null, revealEnds, now });
}

describe('the table scene', () => {
  it('shows a spectator no hand, and a player only their own', () => {
    const s = position(`${BASE}; hand0 captain monk peasant`);
    const watching = sceneOf(s, -1);
    expect([watching.hand, watching.taken, watching.chosen]).toEqual([[], null, []]);
    expect(watching.seats.map((x) => [x.cards, x.revealed])).toEqual([
      [3, null],
      [2, null],
      [2, null],
    ]);
    expect(sceneOf(s, 1).hand).toEqual(['peasant', 'bandit']);
    expect(sceneOf(s, 0).seats[0].active).toBe(true);
  });

  it('shows a Shrine Maiden’s reveal to everyone, spectators too, with its time running out', () => {
    const s = after(position(`${BASE}; hand0 shrinemaiden monk peasant`), '0 shrinemaiden', '1 answer accept', '2 answer accept');
    for (const viewer of [-1, 0, 1]) {
      const scene = sceneOf(s, viewer, NO_SELECTION, 5_000, [20_000]);
      expect(scene.seats.map((x) => x.revealed)).toEqual([null, ['peasant', 'bandit'], ['merchant', 'monk']]);
      expect(scene.seats[1].revealLeft).toBeCloseTo(1);
    }
    expect(sceneOf(mangoku.hideReveal(s, 0), -1).seats.every((x) => x.revealed === null)).toBe(true);
  });

  it('marks what the chosen card may be aimed at, and what it is aimed at', () => {
    const s = position(`${BASE}; hand0 princess monk peasant`);
    const view = mangoku.viewFor(s, 0);
    const chosen = toggleTarget(view, 0, selectCard(view, 0, NO_SELECTION, 'princess'), 2);
    const scene = sceneOf(s, 0, chosen);
    expect([scene.aimable, scene.aimed, scene.chosen]).toEqual([['centre', 1, 2], [2], [1]]); // the hand is sorted: peasant, princess, monk
  });

  it('makes an Ikki from two tapped Peasants, and puts them back', () => {
    const s = position(`${BASE}; hand0 peasant peasant monk`);
    const view = mangoku.viewFor(s, 0);
    let sel = tapHeldCard(view, 0, NO_SELECTION, 1);
    expect(sceneOf(s, 0, sel).chosen).toEqual([0]);
    sel = tapHeldCard(view, 0, sel, 1);
    expect(sel.ikki).toBe(true);
    expect(sceneOf(s, 0, sel).chosen).toEqual([0, 1]);
    sel = tapHeldCard(view, 0, sel, 0);
    expect(sel.ikki).toBe(false);
    sel = tapHeldCard(view, 0, sel, 0);
    expect(sel.card).toBeNull();
  });

  it('lays the card just taken after the hand, the only one that may be played', () => {
    const s = after(position(`${BASE}; hand0 teamaster monk peasant`), '0 teamaster>1', '1 answer accept', 'pick peasant');
    const scene = sceneOf(s, 0);
    expect([scene.hand, scene.taken, scene.playable]).toEqual([['peasant', 'monk'], 'peasant', [true, false, true]]);
    const view = mangoku.viewFor(s, 0);
    const sel = tapHeldCard(view, 0, tapHeldCard(view, 0, NO_SELECTION, 2), 0);
    expect(sel).toEqual({ card: 'peasant', ikki: true, targets: [] });
    expect(sceneOf(s, 0, sel).chosen).toEqual([0, 2]);
    // The others see only that a card was taken.
    expect(sceneOf(s, 1).taken).toBeNull();
    expect(sceneOf(s, -1).hand).toEqual([]);
  });

  it('shows who a prompt waits for: your own answer once given, the others’ never', () => {
    const s = after(position(`${BASE}; hand0 merchant monk peasant`), '0 merchant', '1 answer accept');
    expect(sceneOf(s, 1).seats.map((x) => x.asked)).toEqual([false, false, true]);
    expect(sceneOf(s, 2).seats.map((x) => x.asked)).toEqual([false, true, true]);
    expect(sceneOf(s, -1).seats.map((x) => x.asked)).toEqual([false, true, true]);
  });
});
