import { seededRng } from '../../../random';
import { applyMoveInPlace, checkMove } from '../apply';
import { awaitsChance, settle } from '../chance';
import { cardsInPlay, handBtl, PlayerCount } from '../cards';
import { seatsToAct } from '../legal';
import { GameView, viewFor } from '../projection';
import { createGame } from '../setup';
import { GameState } from '../state';
import { after, allCards, greedyDecisions, otherSecrets, position } from '../test-helpers';
import { worldSampler } from './determinize';
import { expertMove } from './expert-bot';
import { greedyBot } from './greedy-bot';

/** A view without the hands shown to its seat alone (a world keeps no showings: the search never shows anything). */
function withoutShown(view: GameView): Omit<GameView, 'shown'> {
  const { shown: _, ...rest } = view;
  return rest;
}

/** Worlds `seat` may draw at `state`. */
function worlds(state: GameState, seat: number, count = 40): GameState[] {
  const sample = worldSampler(viewFor(state, seat), seat);
  return Array.from({ length: count }, (_, i) => sample(seededRng(i)));
}

const TABLE = '3p; turn 0; coins 4 4 4; centre 2';

describe('the Mangoku expert bot', () => {
  const points = greedyDecisions(1);

  it('searches only worlds its seat cannot tell from its own, each holding exactly the cards in play', () => {
    let varied = 0;
    for (const [i, { state, seat }] of points.entries()) {
      if (i % 3) continue;
      const view = viewFor(state, seat);
      const [a, b] = worlds(state, seat, 2);
      for (const world of [a, b]) {
        expect(withoutShown(viewFor(world, seat))).toEqual(withoutShown(view));
        expect(allCards(world)).toEqual(cardsInPlay(state.players).slice().sort());
      }
      if (JSON.stringify(a.hands) !== JSON.stringify(b.hands)) varied++;
    }
    expect(varied).toBeGreaterThan(50);
  });

  it('deals every world the hands a Shrine Maiden revealed', () => {
    const state = after(
      position(`${TABLE}; hand0 shrinemaiden peasant peasant; hand1 monk warlord; hand2 captain merchant; supply ninja bandit commander princess`),
      '0 shrinemaiden',
      '1 answer accept',
      '2 answer accept',
    );
    // Seat 1 has drawn a card for its turn since: one of its three is unknown.
    for (const world of worlds(state, 2)) expect(world.hands[1]).toEqual(expect.arrayContaining(['monk', 'warlord']));
    for (const world of worlds(state, 0)) expect(world.hands[2]).toEqual(['merchant', 'captain']);
  });

  it('deals the hand a Nobleman looked at, less the card taken from it', () => {
    const state = after(
      position(`${TABLE}; hand0 nobleman peasant peasant; hand1 monk warlord; hand2 captain merchant; supply ninja bandit commander princess`),
      '0 nobleman>1',
      '1 answer accept',
      '0 take warlord',
    );
    const dealt = worlds(state, 0);
    for (const world of dealt) {
      expect(world.hands[1]).toContain('monk');
      expect(world.hands[1]).not.toContain('warlord');
    }
    // The card seat 1 drew in the Warlord's place is any card seat 0 has not seen.
    expect(new Set(dealt.map((w) => w.hands[1].join())).size).toBeGreaterThan(3);
  });

  it('gives a defender who blocked at least the BTL of the attack, while nothing has left the hand', () => {
    const blocked = after(
      position(`${TABLE}; hand0 captain peasant peasant; hand1 warlord princess; hand2 bandit merchant; supply ninja monk commander princess`),
      '0 captain>1',
      '1 answer defend',
    );
    expect(blocked.shown).toEqual([expect.objectContaining({ to: 0, from: 1, why: 'blocked' })]);
    // Seat 2 saw the block, not the hand: every hand it deals seat 1 holds 3 BTL at least.
    const dealt = worlds(blocked, 2, 100);
    for (const world of dealt) expect(handBtl(world.hands[1])).toBeGreaterThanOrEqual(3);
    // Seat 0 saw the hand itself.
    for (const world of worlds(blocked, 0)) expect(world.hands[1]).toEqual(expect.arrayContaining(['princess', 'warlord']));
    // Once seat 1 has played a card, the block says no more about its hand; the Princess seat 0 saw is still there.
    const played = after(blocked, '1 warlord>2', '2 answer defend');
    expect(worlds(played, 2, 100).some((w) => handBtl(w.hands[1]) < 3)).toBe(true);
    const known = worlds(played, 0);
    for (const world of known) expect(world.hands[1]).toContain('princess');
  });

  it('decides from what its seat may see: the same move whatever the others hold, the supply, the bottom card', () => {
    let checked = 0;
    for (const [i, { state, seat }] of points.entries()) {
      if (i % 3) continue;
      const secrets = otherSecrets(state, seat, i);
      const budget = { iterations: 30 };
      const move = expertMove(viewFor(state, seat), seat, seededRng(i), budget);
      expect(expertMove(state, seat, seededRng(i), budget)).toEqual(move);
      expect(expertMove(viewFor(secrets, seat), seat, seededRng(i), budget)).toEqual(move);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  /**
   * A deadline by a clock that moves on one tick a look (the same moves on every machine): from no
   * iteration at all (the move listed first) to some, their last rollout cut short.
   */
  const deadline = (decision: number) => {
    let ticks = 0;
    return { iterations: 1_000_000_000, timeMs: (decision * 7) % 90, now: () => ticks++ };
  };

  it('proposes only moves the engine accepts, in whole games at every table size, by iterations or by a deadline', () => {
    for (const players of [2, 3, 4, 5, 6] as PlayerCount[]) {
      const state = createGame({ players }, seededRng(players + 9));
      const rng = seededRng(players);
      let moves = 0;
      let timed = 0;
      while (state.step.kind !== 'over') {
        if (awaitsChance(state)) {
          settle(state, rng);
          continue;
        }
        // Seat 0 answers first whenever it is asked with others (answers are given together).
        const seats = seatsToAct(state);
        const seat = seats.includes(0) ? 0 : seats[0];
        const view = viewFor(state, seat);
        const move = seat <= 1 ? expertMove(view, seat, rng, seat === 0 ? { iterations: 10 } : deadline(timed)) : greedyBot.chooseMove(view, seat, rng);
        expect(checkMove(state, move)).toBeNull();
        applyMoveInPlace(state, move);
        if (seat === 0) moves++;
        if (seat === 1) timed++;
      }
      expect(moves).toBeGreaterThan(3);
      expect(timed).toBeGreaterThan(3);
    }
  });
});
