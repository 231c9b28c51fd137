/**
 * Every card's effect, four ways: played from the hand, taken by a Tea Master, taken by a
 * Nobleman, and taken from the discard pile by a Kabuki. Each case runs from the moment the card
 * is about to be played (before) to the end of its effect (after), and checks the same outcome
 * whichever way it came.
 */
import { CardName } from '../cards';
import { GameState, Play } from '../state';
import { after, lastPlay, position } from '../test-helpers';

interface Case {
  readonly name: string;
  readonly card: CardName;
  /** The play of the card and everything it asks, in order. */
  readonly steps: readonly string[];
  /** The rest of the player's hand (two cards). */
  readonly rest?: readonly CardName[];
  check(before: GameState, after: GameState): void;
}

// Seat 1's hand has 2 BTL and no Monk: any attack on it succeeds.
const TABLE = 'coins 4 4 4; centre 4; hand1 peasant merchant; supply captain monk bandit captain peasant';

/** The innermost play of the turn: the card of the case, however it was reached. */
function innermost(play: Play): Play {
  return play.then ? innermost(play.then) : play;
}

const WAYS = {
  'played from the hand': (c: Case) =>
    position(`3p; turn 0; ${TABLE}; hand0 ${c.card} ${(c.rest ?? ['bandit', 'captain']).join(' ')}; hand2 bandit captain; discard peasant`),
  'taken by a Tea Master': (c: Case) =>
    after(
      position(`3p; turn 0; ${TABLE}; hand0 teamaster ${(c.rest ?? ['bandit', 'captain']).join(' ')}; hand2 ${c.card} peasant; discard peasant`),
      '0 teamaster>2',
      '2 answer accept',
      `pick ${c.card}`,
    ),
  'taken by a Nobleman': (c: Case) =>
    after(
      position(`3p; turn 0; ${TABLE}; hand0 nobleman ${(c.rest ?? ['bandit', 'captain']).join(' ')}; hand2 ${c.card} peasant; discard peasant`),
      '0 nobleman>2',
      '2 answer accept',
      `0 take ${c.card}`,
    ),
  'taken from the discard by a Kabuki': (c: Case) =>
    after(
      position(`3p; turn 0; ${TABLE}; hand0 kabuki ${(c.rest ?? ['bandit', 'captain']).join(' ')}; hand2 bandit captain; discard peasant ${c.card}`),
      '0 kabuki',
      `0 take ${c.card}`,
    ),
};
type Way = keyof typeof WAYS;

const CASES: Case[] = [
  {
    name: 'Emperor: the campaign ends now, honour decides',
    card: 'emperor',
    steps: ['0 emperor'],
    // Honour ties here (seats 0 and 2): the campaign's end waits for its draw-off.
    check: (_, a) => expect(a.ending?.reason ?? a.campaigns[0].end?.reason).toBe('emperor'),
  },
  {
    name: 'Peasant alone: no effect, nobody is asked',
    card: 'peasant',
    steps: ['0 peasant'],
    check: (b, a) => {
      expect([a.coins, a.centre, a.inCampaign]).toEqual([b.coins, b.centre, b.inCampaign]);
      expect(innermost(lastPlay(a))).toEqual({ card: 'peasant' });
      expect(a.campaigns[0].turns[0].answers ?? []).toEqual(b.turn!.answers);
    },
  },
  {
    name: 'Peasant with one from the hand (Ikki): a 5 BTL attack on every other player',
    card: 'peasant',
    rest: ['peasant', 'captain'],
    steps: ['0 ikki', '1 answer defend', '2 answer defend'],
    check: (_, a) => {
      expect(a.inCampaign[1]).toBe(false);
      expect(innermost(lastPlay(a))).toEqual({ card: 'peasant', ikki: true });
    },
  },
  {
    name: 'Bandit: 1 coin from the target',
    card: 'bandit',
    steps: ['0 bandit>1', '1 answer accept'],
    check: (b, a) => {
      expect([a.coins[0] - b.coins[0], a.coins[1] - b.coins[1]]).toEqual([1, -1]);
      expect(a.campaigns[0].events).toContainEqual({ type: 'coins', turn: 0, from: 1, to: 0, count: 1 });
    },
  },
  {
    name: 'Merchant: 1 coin from every other player into the centre pile',
    card: 'merchant',
    steps: ['0 merchant', '1 answer accept', '2 answer accept'],
    check: (b, a) => {
      expect(a.coins.map((c, s) => c - b.coins[s])).toEqual([0, -1, -1]);
      expect(a.centre - b.centre).toBe(2);
    },
  },
  {
    name: 'Princess on the centre pile: half of it, rounded down, asking nobody',
    card: 'princess',
    steps: ['0 princess>centre'],
    check: (b, a) => {
      expect([a.coins[0] - b.coins[0], b.centre - a.centre]).toEqual([Math.floor(b.centre / 2), Math.floor(b.centre / 2)]);
      expect(a.campaigns[0].turns[0].answers ?? []).toEqual(b.turn!.answers);
    },
  },
  {
    name: 'Princess on a player: half their coins, rounded down',
    card: 'princess',
    steps: ['0 princess>1', '1 answer accept'],
    check: (b, a) => expect([a.coins[0] - b.coins[0], a.coins[1] - b.coins[1]]).toEqual([2, -2]),
  },
  {
    name: 'Captain: a 3 BTL attack',
    card: 'captain',
    steps: ['0 captain>1', '1 answer defend'],
    check: (b, a) => {
      expect(a.inCampaign[1]).toBe(false);
      expect(a.discard.slice(-2)).toEqual(b.hands[1]);
    },
  },
  {
    name: 'Commander: a 4 BTL attack on one player',
    card: 'commander',
    steps: ['0 commander>1', '1 answer defend'],
    check: (_, a) => expect(a.inCampaign[1]).toBe(false),
  },
  {
    name: 'Warlord: a 5 BTL attack',
    card: 'warlord',
    steps: ['0 warlord>1', '1 answer defend'],
    check: (_, a) => expect(a.inCampaign[1]).toBe(false),
  },
  {
    name: 'Monk on one’s own turn: no effect',
    card: 'monk',
    steps: ['0 monk'],
    check: (b, a) => {
      expect([a.coins, a.inCampaign]).toEqual([b.coins, b.inCampaign]);
      expect(a.discard[a.discard.length - 1]).toBe('monk');
    },
  },
  {
    name: 'Shrine Maiden: the others’ hands shown to everyone',
    card: 'shrinemaiden',
    steps: ['0 shrinemaiden', '1 answer accept', '2 answer accept'],
    check: (b, a) => expect(a.reveals).toEqual([{ id: 0, campaign: 0, seats: [1, 2], hands: [b.hands[1], b.hands[2]] }]),
  },
  {
    name: 'Ninja: the target discards their hand and draws 2',
    card: 'ninja',
    steps: ['0 ninja>1', '1 answer accept'],
    check: (b, a) => {
      expect(a.discard.slice(-2)).toEqual(b.hands[1]);
      expect(a.campaigns[0].events).toContainEqual({ type: 'discarded', turn: 0, seat: 1, cards: b.hands[1] });
      // Two cards drawn at once, and a third as seat 1's turn begins.
      expect(a.hands[1].slice().sort()).toEqual(b.supply.slice(0, 3).sort());
    },
  },
  {
    name: 'Tea Master: a card at random from the target, played at once',
    card: 'teamaster',
    steps: ['0 teamaster>1', '1 answer accept', 'pick merchant', '0 merchant', '1 answer accept', '2 answer accept'],
    check: (b, a) => {
      expect(innermost(lastPlay(a)).card).toBe('merchant');
      expect(a.centre - b.centre).toBe(2);
    },
  },
  {
    name: 'Nobleman: a look at the target’s hand, a card of it played at once',
    card: 'nobleman',
    steps: ['0 nobleman>1', '1 answer accept', '0 take peasant', '0 peasant'],
    check: (_, a) => {
      expect(JSON.stringify(lastPlay(a))).toContain('{"card":"nobleman","targets":[1],"took":"peasant","then":{"card":"peasant"}}');
      expect(a.shown.filter((s) => s.why === 'nobleman').map((s) => [s.to, s.from, s.cards])).toContainEqual([0, 1, ['peasant', 'merchant']]);
    },
  },
  {
    name: 'Kabuki: a face-up card of the discard pile played at once (here the card that took the Kabuki, or the Peasant)',
    card: 'kabuki',
    steps: ['0 kabuki', '0 take peasant', '0 peasant'],
    check: (_, a) => expect(JSON.stringify(lastPlay(a))).toContain('{"card":"kabuki","took":"peasant","then":{"card":"peasant"}}'),
  },
];

/** A card cannot take itself: there is one Tea Master, one Nobleman and one Kabuki. */
const IMPOSSIBLE: Partial<Record<CardName, Way>> = {
  teamaster: 'taken by a Tea Master',
  nobleman: 'taken by a Nobleman',
  kabuki: 'taken from the discard by a Kabuki',
};

describe.each(Object.keys(WAYS) as Way[])('every card %s', (way) => {
  const cases = CASES.filter((c) => IMPOSSIBLE[c.card] !== way);
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const before = WAYS[way](c);
    expect(before.step).toEqual({ kind: 'play', seat: 0, source: way === 'played from the hand' ? 'hand' : 'taken' });
    const done = after(before, ...c.steps);
    c.check(before, done);
    // The play is recorded with what took it, when it was taken.
    const play = lastPlay(done);
    const own = way === 'played from the hand' ? play : play.then!;
    if (way !== 'played from the hand') expect(play.took).toBe(c.card);
    expect(own.card).toBe(c.card);
  });
});
