import { viewFor } from '../projection';
import { after, greedyDecisions, otherSecrets, position } from '../test-helpers';
import { greedyBot } from './greedy-bot';
import { hintFor, HINT_REASON_KINDS } from './hint';

const steady = { int: () => 0 };

describe('hintFor (Mangoku)', () => {
  const points = greedyDecisions();

  it('is the greedy bot’s move from the seat’s view, at every decision of whole games', () => {
    expect(points.length).toBeGreaterThan(300);
    const kinds = new Set<string>();
    for (const { state, seat } of points) {
      const view = viewFor(state, seat);
      const hint = hintFor(view, seat, steady)!;
      expect(hint.move).toEqual(greedyBot.chooseMove(view, seat, steady));
      expect(HINT_REASON_KINDS).toContain(hint.reason.kind);
      kinds.add(hint.reason.kind);
    }
    // Games of greedy bots reach most reasons: attacks, coins, answers, the hand kept.
    for (const kind of ['attack', 'coins', 'keep', 'answer']) expect(kinds).toContain(kind);
  });

  it('does not change with anything the seat may not see: other hands, the supply, the bottom card', () => {
    let varied = 0;
    for (const [i, { state, seat }] of points.entries()) {
      // A Nobleman's taker is shown the hand it takes from: that hand is no secret to it.
      if (state.step.kind === 'take') continue;
      const hint = hintFor(viewFor(state, seat), seat);
      const shuffled = otherSecrets(state, seat, i);
      if (JSON.stringify(shuffled.hands) !== JSON.stringify(state.hands)) varied++;
      expect(hintFor(shuffled, seat)).toEqual(hint);
      expect(hintFor(viewFor(shuffled, seat), seat)).toEqual(hint);
    }
    expect(varied).toBeGreaterThan(100);
  });

  it('is null for a seat that owes no move', () => {
    const state = position('3p; turn 0; coins 4 4 4; centre 2; hand0 captain monk peasant; hand1 monk warlord; hand2 peasant merchant; supply ninja');
    expect(hintFor(state, 1)).toBeNull();
    expect(hintFor(viewFor(state, 1), 1)).toBeNull();
    expect(hintFor(viewFor(state, 1), 0)).toBeNull(); // another seat's view holds no hand to hint from
  });

  it('robs the richest player, and says so', () => {
    const state = position('3p; turn 0; coins 1 1 6; centre 2; hand0 bandit peasant peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja');
    expect(hintFor(state, 0)).toEqual({
      move: { type: 'play', seat: 0, play: { card: 'bandit', targets: [2] } },
      reason: { kind: 'coins', card: 'bandit', target: 2, has: 6, gain: 1, most: true },
    });
    const princess = position('3p; turn 0; coins 2 1 1; centre 8; hand0 princess peasant peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja');
    expect(hintFor(princess, 0)!.reason).toEqual({ kind: 'coins', card: 'princess', target: 'centre', has: 8, gain: 4, most: false });
  });

  it('answers an attack: defend with BTL enough, else the Monk, with both BTLs', () => {
    const strong = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 captain monk peasant; hand1 monk warlord; hand2 peasant merchant; supply ninja'),
      '0 captain>1',
    );
    expect(hintFor(viewFor(strong, 1), 1)).toEqual({
      move: { type: 'answer', seat: 1, answer: 'defend' },
      reason: { kind: 'answer', answer: 'defend', card: 'captain', by: 0, attack: true, btl: 6, against: 3, options: ['monk', 'pay', 'defend'] },
    });
    const weak = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 warlord monk peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja'),
      '0 warlord>1',
    );
    expect(hintFor(viewFor(weak, 1), 1)!.reason).toEqual({
      kind: 'answer',
      answer: 'monk',
      card: 'warlord',
      by: 0,
      attack: true,
      btl: 2,
      against: 5,
      options: ['monk', 'pay', 'defend'],
    });
  });

  it('attacks with the odds that the target leaves the campaign', () => {
    // Seat 2 holds one card and no coin to pay with, and the centre pile is rich: the Warlord is worth playing.
    const state = position('3p; turn 0; coins 4 4 0; centre 20; hand0 warlord peasant; hand1 monk peasant; hand2 peasant; supply ninja');
    const hint = hintFor(state, 0)!;
    expect(hint.move).toMatchObject({ type: 'play', play: { card: 'warlord' } });
    // Its one card is one of the 16 seat 0 cannot see; all but the 2 Monks fail against BTL 5: 14/16.
    expect(hint.reason).toEqual({ kind: 'attack', card: 'warlord', ikki: false, targets: [2], btl: 5, odds: 88 });
  });
});
