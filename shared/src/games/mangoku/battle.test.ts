import { MoveError } from './errors';
import { formatPosition } from './notation';
import { viewFor } from './projection';
import { after, lastPlay, position, refusal } from './test-helpers';

// Seat 0 attacks; seat 1 holds 3 BTL (peasant bandit), seat 2 holds 2 BTL (peasant merchant).
const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 peasant bandit; hand2 peasant merchant; supply monk captain ninja';

describe('an attack', () => {
  it('is answered by its defender, then resolves', () => {
    const asked = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>1');
    expect(formatPosition(asked)).toBe(
      '3p; turn 0; first 0; coins 4 4 4; centre 2; out 0; hand0 peasant monk; hand1 peasant bandit; hand2 peasant merchant; ' +
        'supply monk captain ninja; discard captain; played 0; wait answer captain by 0 btl 3 asks 1 answers -',
    );
  });

  it('is blocked by a hand of at least its BTL, and the hand is shown to the attacker only', () => {
    const done = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>1', '1 answer defend');
    expect(done.inCampaign).toEqual([true, true, true]);
    expect(done.shown).toEqual([{ to: 0, from: 1, cards: ['peasant', 'bandit'], why: 'blocked', turn: 0 }]);
    expect(viewFor(done, 0).shown).toEqual(done.shown);
    for (const v of [1, 2, 'spectator'] as const) expect(viewFor(done, v).shown).toEqual([]);
    // The attacker is never harmed by a blocked attack; seat 1 plays next.
    expect(done.hands[0]).toEqual(['peasant', 'monk']);
    expect(done.active).toBe(1);
  });

  it('eliminates a defender whose hand is weaker: the hand goes face up onto the discard pile, the coins stay', () => {
    const done = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>2', '2 answer defend');
    expect(formatPosition(done)).toBe(
      '3p; turn 1; first 0; coins 4 4 4; centre 2; out 0; hand0 peasant monk; hand1 peasant bandit monk; ' +
        'supply captain ninja; discard captain peasant merchant; gone 2; played 0 1',
    );
    // Seat 2 sits out: after seat 1 comes seat 0 again.
    const next = after(done, '1 peasant');
    expect(next.active).toBe(0);
  });

  it('counts two Peasants in a defender’s hand as 1 + 1 BTL: no Ikki in defence', () => {
    const done = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 captain monk peasant; hand1 peasant peasant; hand2 monk bandit; supply ninja'),
      '0 captain>1',
      '1 answer defend',
    );
    expect(done.inCampaign[1]).toBe(false);
  });

  it('is cancelled by a Monk: it goes face up onto the discard pile and the defender refills to 2', () => {
    const done = after(
      position('3p; turn 0; coins 4 4 4; centre 2; hand0 warlord monk peasant; hand1 monk peasant; hand2 peasant merchant; supply captain ninja bandit'),
      '0 warlord>1',
      '1 answer monk',
    );
    expect(done.inCampaign[1]).toBe(true);
    expect(done.discard).toEqual(['warlord', 'monk']);
    // Seat 1 refilled with the captain, then drew the ninja as its turn began.
    expect(done.hands[1]).toEqual(['peasant', 'captain', 'ninja']);
  });

  it('is blocked by a coin paid into the centre pile, only before the defender’s first turn', () => {
    const start = position(`${BASE}; hand0 warlord monk peasant`);
    const paid = after(start, '0 warlord>2', '2 answer pay');
    expect([paid.coins, paid.centre, paid.inCampaign[2]]).toEqual([[4, 4, 3], 3, true]);
    expect(refusal(after(start, '0 warlord>2'), '2 answer pay')).toBeNull();
    const played = position(`${BASE}; hand0 warlord monk peasant; played 0 2`);
    expect(refusal(after(played, '0 warlord>2'), '2 answer pay')).toBe(MoveError.PayTooLate);
    const broke = position('3p; turn 0; coins 4 4 0; centre 2; hand0 warlord monk peasant; hand1 peasant bandit; hand2 peasant merchant; supply monk');
    expect(refusal(after(broke, '0 warlord>2'), '2 answer pay')).toBe(MoveError.NoCoin);
  });

  it('by a Commander on two players is two separate attacks, answered on their own, resolved together', () => {
    const asked = after(position(`${BASE}; hand0 commander monk peasant`), '0 commander>2,1');
    expect(asked.step).toEqual({ kind: 'answer', prompt: { card: 'commander', by: 0, attack: true, btl: 4, seats: [1, 2] } });
    // Seat 2 answers first; the attack waits for seat 1.
    const half = after(asked, '2 answer pay');
    expect(half.step.kind).toBe('answer');
    expect(half.coins).toEqual([4, 4, 4]);
    const done = after(half, '1 answer defend');
    expect([done.inCampaign, done.coins, done.centre]).toEqual([[true, false, true], [4, 4, 3], 3]);
    expect(done.campaigns[0].turns[0]).toEqual({
      seat: 0,
      play: { card: 'commander', targets: [2, 1] },
      answers: [
        { seat: 1, answer: 'defend' },
        { seat: 2, answer: 'pay' },
      ],
    });
    // What resolved is public: seat 1 out with its hand face up, seat 2's coin.
    expect(done.campaigns[0].events).toEqual([
      { type: 'eliminated', turn: 0, seat: 1, cards: ['peasant', 'bandit'] },
      { type: 'paid', turn: 0, seat: 2 },
    ]);
  });

  it('by a Commander attacks one player when only one can be reached', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 2; hand0 commander monk peasant; hand1 peasant bandit; gone 2; supply monk');
    expect(refusal(s, '0 commander>1,2')).toBe(MoveError.TooManyTargets);
    expect(refusal(s, '0 commander>1')).toBeNull();
  });

  it('as an Ikki reaches every other player in the campaign, after the attacker refills to 2', () => {
    const asked = after(
      position('4p; turn 0; coins 4 4 4 4; centre 3; hand0 peasant peasant captain; hand1 warlord monk; hand2 peasant merchant; gone 3; supply ninja bandit'),
      '0 ikki',
    );
    expect(asked.hands[0]).toEqual(['captain', 'ninja']);
    expect(asked.supply).toEqual(['bandit']);
    expect(asked.step).toEqual({ kind: 'answer', prompt: { card: 'peasant', by: 0, attack: true, btl: 5, seats: [1, 2] } });
    const done = after(asked, '1 answer defend', '2 answer defend');
    expect(done.inCampaign).toEqual([true, true, false, false]);
    expect(lastPlay(done)).toEqual({ card: 'peasant', ikki: true });
  });

  it('that leaves the attacker alone in the campaign ends it at once: the attacker takes the centre pile', () => {
    const done = after(
      position('2p; turn 0; coins 3 3; centre 1; hand0 warlord monk peasant; hand1 peasant merchant; supply captain ninja'),
      '0 warlord>1',
      '1 answer defend',
    );
    expect(done.campaigns[0].end).toEqual({ reason: 'last-standing', winner: 0, pot: 1, honour: null });
    expect([done.coins, done.centre]).toEqual([[4, 3], 0]);
    expect(done.step).toEqual({ kind: 'deal' });
    expect(done.first).toBe(0);
  });
});
