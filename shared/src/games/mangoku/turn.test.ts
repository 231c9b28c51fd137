import { formatPosition } from './notation';
import { after, lastPlay, position } from './test-helpers';

describe('a turn', () => {
  it('draws, plays one card face up, and passes clockwise to the next player still in the campaign', () => {
    const s = position(
      '4p; turn 3; coins 4 4 4 4; centre 3; hand0 monk bandit; hand1 peasant captain; hand2 warlord monk; hand3 peasant merchant captain; gone 0; supply ninja kabuki',
    );
    const next = after(s, '3 peasant');
    expect(formatPosition(next)).toBe(
      '4p; turn 1; first 3; coins 4 4 4 4; centre 3; out 0; hand0 bandit monk; hand1 peasant captain ninja; hand2 monk warlord; ' +
        'hand3 merchant captain; supply kabuki; discard peasant; gone 0; played 1 3',
    );
    expect(next.campaigns[0].turns).toEqual([{ seat: 3, play: { card: 'peasant' } }]);
  });

  it('marks each player’s first turn of the campaign, after which paying to block is over', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 2; hand0 peasant merchant captain; hand1 monk bandit; hand2 peasant captain; supply ninja kabuki');
    expect(after(s, '0 peasant').hadTurn).toEqual([true, true, false]);
  });
});

describe('the hand refill rule', () => {
  it('refills the active player at once after an Ikki, before anyone answers', () => {
    const s = position('2p; turn 0; coins 4 4; centre 1; hand0 peasant peasant monk; hand1 warlord captain; supply ninja kabuki');
    const asked = after(s, '0 ikki');
    expect([asked.hands[0], asked.supply, asked.step.kind]).toEqual([['monk', 'ninja'], ['kabuki'], 'answer']);
  });

  it('refills a player a card is taken from before the taken card is played', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 2; hand0 teamaster peasant monk; hand1 captain bandit; hand2 peasant merchant; supply ninja kabuki');
    const taken = after(s, '0 teamaster>1', '1 answer accept', 'pick captain');
    expect([taken.hands[1], taken.taken, taken.step]).toEqual([['bandit', 'ninja'], 'captain', { kind: 'play', seat: 0, source: 'taken' }]);
    const done = after(taken, '0 captain>2', '2 answer defend');
    expect(lastPlay(done)).toEqual({ card: 'teamaster', targets: [1], took: 'captain', then: { card: 'captain', targets: [2] } });
    expect(done.inCampaign[2]).toBe(false);
  });

  it('eliminates a player left with no card and nothing to draw', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 2; hand0 nobleman peasant; hand1 captain; hand2 peasant merchant; lastturn');
    const taken = after(s, '0 nobleman>1', '1 answer accept', '0 take captain');
    expect(taken.inCampaign).toEqual([true, false, true]);
    // The Captain is still played, and may not be aimed at the eliminated player.
    expect(after(taken, '0 captain>2', '2 answer defend').inCampaign).toEqual([true, false, false]);
  });

  it('eliminates an active player who plays their last card with nothing to draw, after which the card still takes effect', () => {
    const s = position('3p; turn 0; coins 4 2 4; centre 2; hand0 bandit; hand1 monk peasant; hand2 peasant merchant; lastturn');
    const asked = after(s, '0 bandit>1');
    expect(asked.inCampaign[0]).toBe(false);
    const done = after(asked, '1 answer accept');
    // The Bandit took seat 1's coin (2 → 1); then the campaign ended on honour, won by seat 1 (pile of 2).
    expect(done.campaigns[0].end).toMatchObject({ reason: 'supply-empty', winner: 1, pot: 2, honour: [null, 2, 0] });
    expect(done.coins).toEqual([5, 3, 4]);
  });
});
