import { CardName, cardsInPlay, removeCard } from './cards';
import { MoveError } from './errors';
import { formatPosition } from './notation';
import { ranking, rankByCoins } from './scoring';
import { after, position } from './test-helpers';
import { applyChance } from './chance';

/** A deck of the cards in play for `players`, with `top` on top in that order. */
function deckWith(players: 2 | 3, ...top: CardName[]): string {
  const rest = cardsInPlay(players).slice();
  for (const c of top) removeCard(rest, c);
  return [...top, ...rest].join(',');
}

describe('the last player standing', () => {
  it('takes the whole centre pile and plays first in the next campaign', () => {
    const s = position('3p; turn 1; coins 3 3 3; centre 4; hand1 warlord peasant captain; hand0 peasant merchant; gone 2; supply ninja');
    const done = after(s, '1 warlord>0', '0 answer defend');
    expect(done.campaigns[0].end).toEqual({ reason: 'last-standing', winner: 1, pot: 4, honour: null });
    expect(formatPosition(done)).toBe(
      '3p; turn -1; first 1; coins 3 7 3; centre 0; out 0; hand1 peasant captain; supply ninja; discard warlord peasant merchant; gone 0 2; played 1; wait deal',
    );
  });
});

describe('honour', () => {
  it('decides after an Emperor: the highest HNR in hand among players still in the campaign takes the pile', () => {
    // Seat 0 keeps nobleman + princess (7); seat 2 monk + captain (3); seat 1 is out (its Emperor-less hand would not count anyway).
    const s = position('3p; turn 0; coins 4 4 4; centre 5; hand0 emperor nobleman princess; hand2 monk captain; gone 1; supply ninja');
    const done = after(s, '0 emperor');
    expect(done.campaigns[0].end).toEqual({ reason: 'emperor', winner: 0, pot: 5, honour: [7, null, 3] });
    expect(done.coins).toEqual([9, 4, 4]);
    expect(done.first).toBe(0);
  });

  it('does not count the Emperor played, only the cards left in hand', () => {
    const s = position('2p; turn 0; coins 4 4; centre 2; hand0 emperor peasant bandit; hand1 monk peasant; supply ninja');
    expect(after(s, '0 emperor').campaigns[0].end).toMatchObject({ winner: 1, honour: [0, 2] });
  });

  it('breaks a tie by draw-offs from freshly shuffled decks, in ascending seat order, until one is highest', () => {
    // Seats 0 and 2 tie on 3 honour (monk + captain); seat 1 has 0.
    const s = position('3p; turn 1; coins 4 4 4; centre 2; hand0 monk captain; hand1 emperor peasant bandit; hand2 captain monk; supply ninja');
    const tied = after(s, '1 emperor');
    expect(tied.step).toEqual({ kind: 'drawOff', seats: [0, 2], for: 'campaign' });
    const again = after(tied, `drawoff ${deckWith(3, 'monk', 'monk')}`);
    expect(again.step).toEqual({ kind: 'drawOff', seats: [0, 2], for: 'campaign' });
    const done = after(again, `drawoff ${deckWith(3, 'peasant', 'warlord')}`);
    const campaign = done.campaigns[0];
    expect(campaign.drawOff).toEqual([
      [
        { seat: 0, card: 'monk' },
        { seat: 2, card: 'monk' },
      ],
      [
        { seat: 0, card: 'peasant' },
        { seat: 2, card: 'warlord' },
      ],
    ]);
    expect(campaign.drawOffDecks.map((d) => d.slice(0, 2))).toEqual([
      ['monk', 'monk'],
      ['peasant', 'warlord'],
    ]);
    expect(campaign.end).toEqual({ reason: 'emperor', winner: 2, pot: 2, honour: [3, 0, 3] });
    expect([done.coins, done.first]).toEqual([[4, 4, 6], 2]);
  });

  it('needs a deck of all cards in play for each draw-off round', () => {
    const s = position('3p; turn 1; coins 4 4 4; centre 2; hand0 monk captain; hand1 emperor peasant bandit; hand2 captain monk; supply ninja');
    const tied = after(s, '1 emperor');
    const r = applyChance(tied, { type: 'drawOff', deck: ['monk', 'monk'] });
    expect(r.ok ? null : r.error).toBe(MoveError.ChanceBadDeck);
  });
});

describe('an empty supply', () => {
  it('gives no draw: the turn is played with the cards held, and the campaign ends after it, honour deciding', () => {
    // Seat 2 drew the supply's last card; seat 0 begins with nothing to draw.
    const s = position('3p; turn 2; coins 4 4 4; centre 2; hand0 nobleman peasant; hand1 monk bandit; hand2 peasant captain merchant');
    const last = after(s, '2 peasant');
    expect(formatPosition(last)).toBe(
      '3p; turn 0; first 2; coins 4 4 4; centre 2; out 0; hand0 peasant nobleman; hand1 bandit monk; hand2 merchant captain; discard peasant; played 0 2; lastturn',
    );
    const done = after(last, '0 peasant');
    expect(done.campaigns[0].end).toEqual({ reason: 'supply-empty', winner: 0, pot: 2, honour: [4, 2, 1] });
  });

  it('lets a player short of cards play on with what they hold', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 2; hand0 captain; hand1 monk; hand2 peasant bandit; lastturn');
    const done = after(s, '0 captain>2', '2 answer defend');
    // Seat 0 played its last card with nothing to draw: out, but the Captain still attacked.
    expect(done.inCampaign).toEqual([false, true, true]);
    expect(done.campaigns[0].end).toMatchObject({ reason: 'supply-empty', winner: 1 });
  });

  it('can leave nobody in the campaign: the pile stays, and the seat after the last turn’s player begins the next', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 3; hand0 warlord; hand1 peasant; gone 2; lastturn');
    const done = after(s, '0 warlord>1', '1 answer defend');
    expect(done.inCampaign).toEqual([false, false, false]);
    expect(done.campaigns[0].end).toEqual({ reason: 'last-standing', winner: null, pot: 0, honour: null });
    expect([done.coins, done.centre, done.first, done.step]).toEqual([[4, 4, 4], 3, 1, { kind: 'deal' }]);
    // The next deal adds the antes to the pile that stayed.
    const next = after(done, `deal ${deckWith(3)}`);
    expect([next.centre, next.active, next.campaigns[1].first]).toEqual([5, 1, 1]);
  });
});

describe('the end of the game', () => {
  it('comes when a player has no coins after the pile is paid out; the most coins wins', () => {
    const s = position('3p; turn 0; coins 2 0 4; centre 3; hand0 warlord peasant captain; hand1 peasant merchant; gone 2; supply ninja');
    const done = after(s, '0 warlord>1', '1 answer defend');
    expect(done.step).toEqual({ kind: 'over' });
    expect(done.result).toEqual({ coins: [5, 0, 4], ranking: [[0], [2], [1]], winners: [0], drawOff: [] });
  });

  it('does not come while everyone has a coin once the pile is paid out', () => {
    const s = position('3p; turn 0; coins 2 1 4; centre 3; hand0 warlord peasant captain; hand1 peasant merchant; gone 2; supply ninja');
    const done = after(s, '0 warlord>1', '1 answer defend');
    expect([done.coins, done.step]).toEqual([[5, 1, 4], { kind: 'deal' }]);
  });

  it('breaks a tie for first place by a draw-off; its losers share second place', () => {
    const s = position('3p; turn 0; coins 2 0 5; centre 3; hand0 warlord peasant captain; hand1 peasant merchant; gone 2; supply ninja');
    const tied = after(s, '0 warlord>1', '1 answer defend');
    expect(tied.step).toEqual({ kind: 'drawOff', seats: [0, 2], for: 'game' });
    const done = after(tied, `drawoff ${deckWith(3, 'peasant', 'emperor')}`);
    expect(done.result).toEqual({
      coins: [5, 0, 5],
      ranking: [[2], [0], [1]],
      winners: [2],
      drawOff: [
        [
          { seat: 0, card: 'peasant' },
          { seat: 2, card: 'emperor' },
        ],
      ],
    });
  });

  it('ranks by coins, ties below first place shared', () => {
    expect(rankByCoins([5, 2, 2, 0])).toEqual([[0], [1, 2], [3]]);
    expect(ranking([5, 2, 2, 0], 0)).toEqual([[0], [1, 2], [3]]);
    expect(ranking([5, 5, 5, 1], 1)).toEqual([[1], [0, 2], [3]]);
    expect(() => ranking([5, 2], 1)).toThrow();
  });
});
