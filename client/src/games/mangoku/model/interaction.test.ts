import { mangoku } from '@samurai/shared';
import { after, playSeeded, position } from '@samurai/shared/src/games/mangoku/test-helpers';
import {
  aimableTargets,
  completePlay,
  modesOf,
  NO_SELECTION,
  playableCards,
  revalidate,
  selectCard,
  Selection,
  selectionHint,
  setIkki,
  targetChoices,
  toggleTarget,
} from './interaction';

const BASE = 'coins 4 4 4 4; centre 3; hand1 peasant bandit; hand2 monk merchant; hand3 captain monk; supply captain ninja kabuki peasant';
const at = (hand: string, extra = '') => mangoku.viewFor(position(`4p; turn 0; ${BASE}; hand0 ${hand}${extra}`), 0);

/** Builds `play` the way a player does: the card, Ikki or not, then each target in turn. */
function build(view: mangoku.Table, seat: number, play: mangoku.PlayChoice): Selection {
  let s = selectCard(view, seat, NO_SELECTION, play.card);
  s = setIkki(view, seat, s, Boolean(play.ikki));
  for (const t of play.targets ?? []) s = toggleTarget(view, seat, s, t);
  return s;
}

const sameSet = (a: readonly unknown[] = [], b: readonly unknown[] = []) => a.length === b.length && a.every((x) => b.includes(x));

describe('choosing a play', () => {
  it('can put together every legal play, and nothing else, over whole bot games', () => {
    let checked = 0;
    for (let g = 0; g < 12; g++) {
      playSeeded(g, (state, move) => {
        if (state.step.kind !== 'play' || move.type !== 'play') return;
        const seat = state.step.seat;
        const view = mangoku.viewFor(state, seat);
        const legal = mangoku.legalPlays(view, seat);
        for (const play of legal) {
          const made = completePlay(view, seat, build(view, seat, play));
          expect(made).not.toBeNull();
          expect([made!.card, Boolean(made!.ikki), sameSet(made!.targets, play.targets)]).toEqual([play.card, Boolean(play.ikki), true]);
          expect(mangoku.checkMove(view, { type: 'play', seat, play: made! })).toBeNull();
          checked++;
        }
        // Random taps anywhere (every seat and the centre) never make a play the engine refuses.
        const everything: mangoku.Target[] = ['centre', ...Array.from({ length: view.players }, (_, s) => s)];
        for (const card of mangoku.CARD_NAMES) {
          let s = selectCard(view, seat, NO_SELECTION, card);
          for (let k = 0; k < 4; k++) {
            s = toggleTarget(view, seat, s, everything[(k * 7 + g) % everything.length]);
            const made = completePlay(view, seat, s);
            if (made) expect(mangoku.checkMove(view, { type: 'play', seat, play: made })).toBeNull();
          }
        }
        // The other players can choose nothing.
        for (let other = 0; other < view.players; other++) if (other !== seat) expect(playableCards(mangoku.viewFor(state, other), other)).toEqual([]);
      });
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('aims a Captain at one player: another tap moves the aim', () => {
    const view = at('captain monk peasant');
    let s = selectCard(view, 0, NO_SELECTION, 'captain');
    expect(completePlay(view, 0, s)).toBeNull();
    expect(targetChoices(view, 0, s)).toEqual([1, 2, 3]);
    expect(selectionHint(view, 0, s)).toBe('Choose whom the Captain is aimed at.');
    s = toggleTarget(view, 0, s, 2);
    expect(completePlay(view, 0, s)).toEqual({ card: 'captain', targets: [2] });
    s = toggleTarget(view, 0, s, 3);
    expect(s.targets).toEqual([3]);
    expect(toggleTarget(view, 0, s, 0)).toBe(s); // not yourself
    expect(toggleTarget(view, 0, s, 'centre')).toBe(s);
  });

  it('lets a Commander attack one player or two different ones', () => {
    const view = at('commander monk peasant');
    let s = selectCard(view, 0, NO_SELECTION, 'commander');
    expect(selectionHint(view, 0, s)).toBe('Choose one or two players for the Commander to attack.');
    s = toggleTarget(view, 0, s, 3);
    expect(completePlay(view, 0, s)).toEqual({ card: 'commander', targets: [3] });
    expect(selectionHint(view, 0, s)).toBe('Play it, or choose a second player for the Commander.');
    s = toggleTarget(view, 0, s, 1);
    expect(completePlay(view, 0, s)).toEqual({ card: 'commander', targets: [3, 1] });
    expect(targetChoices(view, 0, s)).toEqual([]);
    // A third tap replaces nothing: two is the most.
    expect(toggleTarget(view, 0, s, 2).targets).toEqual([2]);
    expect(toggleTarget(view, 0, s, 3).targets).toEqual([1]);
  });

  it('offers the centre pile to a Princess, and every other player to a Bandit, eliminated or not', () => {
    const princess = at('princess monk peasant', '; gone 2');
    expect(aimableTargets(princess, 0, selectCard(princess, 0, NO_SELECTION, 'princess'))).toEqual(['centre', 1, 3]);
    const bandit = at('bandit monk peasant', '; gone 2');
    expect(aimableTargets(bandit, 0, selectCard(bandit, 0, NO_SELECTION, 'bandit'))).toEqual([1, 2, 3]);
  });

  it('plays a Peasant alone or two as an Ikki, which takes no target', () => {
    const view = at('peasant peasant monk');
    expect(modesOf(view, 0, 'peasant')).toEqual(['alone', 'ikki']);
    let s = selectCard(view, 0, NO_SELECTION, 'peasant');
    expect(completePlay(view, 0, s)).toEqual({ card: 'peasant' });
    s = setIkki(view, 0, s, true);
    expect(completePlay(view, 0, s)).toEqual({ card: 'peasant', ikki: true });
    expect(targetChoices(view, 0, s)).toEqual([]);
    expect(modesOf(at('peasant monk captain'), 0, 'peasant')).toEqual(['alone']);
    expect(setIkki(at('peasant monk captain'), 0, selectCard(at('peasant monk captain'), 0, NO_SELECTION, 'peasant'), true).ikki).toBe(false);
  });

  it('chooses the card just taken for you, and only that card may be played', () => {
    const state = after(position(`4p; turn 0; ${BASE}; hand0 teamaster monk peasant`), '0 teamaster>3', '3 answer accept', 'pick captain');
    const view = mangoku.viewFor(state, 0);
    expect(playableCards(view, 0)).toEqual(['captain']);
    const s = revalidate(view, 0, NO_SELECTION);
    expect(s).toEqual({ card: 'captain', ikki: false, targets: [] });
    expect(selectionHint(view, 0, s)).toBe('Choose whom the Captain is aimed at.');
    expect(selectCard(view, 0, s, 'monk')).toEqual(s);
    // Others do not know which card was taken.
    expect(mangoku.viewFor(state, 1).taken).toBeNull();
  });

  it('forgets a selection the new view no longer allows, and keeps one it does', () => {
    const view = at('captain monk peasant');
    const s = toggleTarget(view, 0, selectCard(view, 0, NO_SELECTION, 'captain'), 1);
    expect(revalidate(view, 0, s)).toBe(s);
    const later = mangoku.viewFor(after(position(`4p; turn 0; ${BASE}; hand0 captain monk peasant`), '0 captain>1'), 0);
    expect(revalidate(later, 0, s)).toEqual(NO_SELECTION);
  });
});
