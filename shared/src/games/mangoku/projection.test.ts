import { seededRng, shuffle } from '../../random';
import { greedyBot } from './bots/greedy-bot';
import { CardName } from './cards';
import { hideReveal, viewFor, Viewer } from './projection';
import { Answer, cloneState, GameState } from './state';
import { after, playSeeded, position } from './test-helpers';

const viewersOf = (s: GameState): Viewer[] => [...s.hands.map((_, seat) => seat), 'spectator'];
const json = (s: GameState, v: Viewer) => JSON.stringify(viewFor(s, v));

/** Exactly what a view holds, as GameView documents it. */
const VIEW_KEYS = [
  'viewer',
  'players',
  'options',
  'firstSeat',
  'coins',
  'centre',
  'coinsOut',
  'first',
  'active',
  'lastTurn',
  'inCampaign',
  'hadTurn',
  'hands',
  'discard',
  'step',
  'answers',
  'taken',
  'turn',
  'campaigns',
  'reveals',
  'result',
  'handCounts',
  'supplyCount',
  'faceDownCount',
  'shown',
].sort();

const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 peasant bandit; hand2 monk merchant; supply captain ninja kabuki; bottom warlord';

describe('a view', () => {
  it('has exactly the documented keys, and never the supply, the face-down card, decks or others’ showings', () => {
    const s = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>1', '1 answer defend');
    for (const v of viewersOf(s)) {
      const text = json(s, v);
      expect(Object.keys(JSON.parse(text)).sort()).toEqual(VIEW_KEYS);
      expect(text).not.toMatch(/"(supply|bottom|deck|drawOffDecks|resultDrawOffDecks|ending|emperor|nextRevealId)":/);
      expect(text).not.toContain('warlord');
    }
  });

  it('shows a hand to its owner only, and hand sizes, supply size and coins to everyone', () => {
    const s = position(`${BASE}; hand0 captain monk peasant`);
    for (const v of viewersOf(s)) {
      const view = viewFor(s, v);
      view.hands.forEach((hand, seat) => expect(hand).toEqual(seat === v ? s.hands[seat] : null));
      expect([view.handCounts, view.supplyCount, view.faceDownCount, view.coins]).toEqual([[3, 2, 2], 3, 1, [4, 4, 4]]);
    }
  });

  it('shows a blocked defender’s hand to the attacker only', () => {
    const s = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>1', '1 answer defend');
    expect(viewFor(s, 0).shown).toEqual([{ to: 0, from: 1, cards: ['peasant', 'bandit'], why: 'blocked', turn: 0 }]);
    for (const v of [1, 2, 'spectator'] as const) expect(viewFor(s, v).shown).toEqual([]);
  });

  it('shows a Nobleman’s look to that player only, and the card taken only once it is played', () => {
    const choosing = after(position(`${BASE}; hand0 nobleman monk peasant`), '0 nobleman>2', '2 answer accept');
    expect(viewFor(choosing, 0).step).toEqual({ kind: 'take', seat: 0, from: 2, options: ['merchant', 'monk'] });
    expect(viewFor(choosing, 0).shown).toEqual([{ to: 0, from: 2, cards: ['merchant', 'monk'], why: 'nobleman', turn: 0 }]);
    for (const v of [1, 2, 'spectator'] as const) {
      expect(viewFor(choosing, v).step).toEqual({ kind: 'take', seat: 0, from: 2, options: null });
      expect(viewFor(choosing, v).shown).toEqual([]);
    }
    const taken = after(choosing, '0 take merchant');
    expect(viewFor(taken, 0).taken).toBe('merchant');
    expect(viewFor(taken, 0).turn!.chain).toEqual([{ card: 'nobleman', targets: [2], took: 'merchant' }]);
    for (const v of [1, 2, 'spectator'] as const) {
      expect(viewFor(taken, v).taken).toBeNull();
      expect(viewFor(taken, v).turn!.chain).toEqual([{ card: 'nobleman', targets: [2] }]);
    }
    const played = after(taken, '0 merchant');
    for (const v of viewersOf(played)) expect(viewFor(played, v).turn!.chain.map((n) => n.card)).toEqual(['nobleman', 'merchant']);
  });

  it('shows a Tea Master’s random card to its taker only until it is played, and a Kabuki’s to everyone', () => {
    const picked = after(position(`${BASE}; hand0 teamaster monk peasant`), '0 teamaster>1', '1 answer accept', 'pick bandit');
    expect(viewFor(picked, 0).taken).toBe('bandit');
    expect(viewFor(picked, 1).taken).toBeNull();
    expect(viewFor(picked, 'spectator').taken).toBeNull();
    const kabuki = after(position(`${BASE}; hand0 kabuki monk peasant; discard captain`), '0 kabuki', '0 take captain');
    for (const v of viewersOf(kabuki)) expect(viewFor(kabuki, v).taken).toBe('captain');
  });

  it('shows a Shrine Maiden’s reveal to everyone, spectators included, until it is hidden', () => {
    const s = after(position(`${BASE}; hand0 shrinemaiden captain peasant`), '0 shrinemaiden', '1 answer accept', '2 answer monk');
    const reveal = { id: 0, campaign: 0, seats: [1], hands: [['peasant', 'bandit']] };
    for (const v of viewersOf(s)) expect(viewFor(s, v).reveals).toEqual([reveal]);
    const hidden = hideReveal(s, 0);
    for (const v of viewersOf(hidden)) expect(viewFor(hidden, v).reveals).toEqual([]);
    expect(s.reveals).toEqual([reveal]);
  });

  it('shows only one’s own answer before the effect resolves, then every answer', () => {
    const s = after(position(`${BASE}; hand0 merchant captain peasant`), '0 merchant', '2 answer monk');
    expect(viewFor(s, 2).answers).toEqual([null, 'monk']);
    for (const v of [0, 1, 'spectator'] as const) expect(viewFor(s, v).answers).toEqual([null, null]);
    const done = after(s, '1 answer accept');
    for (const v of viewersOf(done))
      expect(viewFor(done, v).campaigns[0].turns[0].answers).toEqual([
        { seat: 1, answer: 'accept' },
        { seat: 2, answer: 'monk' },
      ]);
  });

  it('is a copy: changing it leaves the state alone', () => {
    const s = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>1', '1 answer defend');
    const before = JSON.stringify(s);
    const view = viewFor(s, 0);
    view.hands[0]!.push('emperor');
    view.coins[1] = 99;
    view.discard.length = 0;
    (view.shown[0].cards as CardName[]).push('emperor');
    expect(JSON.stringify(s)).toBe(before);
  });
});

/**
 * The state with everything `viewer` may not know redrawn: the cards of others' hands, of the
 * supply and under the discard pile shuffled among them (each hand keeps its size), a card
 * taken that the viewer may not see swapped for another, and others' pending answers changed.
 */
function redrawHidden(state: GameState, viewer: Viewer, seed: number): GameState {
  const s = cloneState(state);
  const rng = seededRng(seed);
  const others = s.hands.map((_, seat) => seat).filter((seat) => seat !== viewer);
  const pool: CardName[] = [...others.flatMap((seat) => s.hands[seat]), ...s.supply, ...(s.bottom ? [s.bottom] : [])];
  const hiddenTake = s.step.kind === 'play' && s.step.source === 'taken' && viewer !== s.step.seat && s.turn!.chain[s.turn!.chain.length - 1].card !== 'kabuki';
  if (hiddenTake) pool.push(s.taken!);
  shuffle(pool, rng);
  for (const seat of others) s.hands[seat] = pool.splice(0, s.hands[seat].length).sort();
  s.supply = pool.splice(0, s.supply.length);
  if (s.bottom) s.bottom = pool.shift()!;
  if (hiddenTake) {
    s.taken = pool.shift()!;
    s.turn!.chain[s.turn!.chain.length - 1].took = s.taken;
  }
  if (s.step.kind === 'answer') {
    const options: (Answer | null)[] = [null, 'monk', 'pay', 'defend', 'accept'];
    s.answers = s.answers.map((a, i) => (s.step.kind === 'answer' && s.step.prompt.seats[i] === viewer ? a : options[rng.int(options.length)]));
  }
  return s;
}

describe('what a view may not depend on', () => {
  // Every step of 10 seeded games, 2 to 6 players, random and greedy bots.
  const states: GameState[] = [];
  for (let i = 0; i < 10; i++) {
    const fin = playSeeded(i, (s) => states.push(cloneState(s)), i % 2 ? Array(6).fill(greedyBot) : undefined);
    states.push(fin);
  }

  it('is anything hidden from the viewer: redrawing it leaves every view byte for byte the same', () => {
    expect(states.length).toBeGreaterThan(500);
    const problems: string[] = [];
    states.forEach((s, k) => {
      for (const v of viewersOf(s)) {
        if (json(redrawHidden(s, v, k), v) !== json(s, v)) problems.push(`state ${k}, viewer ${v}: the view changed`);
      }
    });
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('puts each private showing in exactly one seat’s view, and never a spectator’s', () => {
    let showings = 0;
    for (const s of states) {
      for (const shown of s.shown) {
        showings++;
        const holders = viewersOf(s).filter((v) => viewFor(s, v).shown.some((x) => JSON.stringify(x) === JSON.stringify(shown)));
        expect(holders).toEqual([shown.to]);
      }
    }
    expect(showings).toBeGreaterThan(20);
  });

  it('lets a spectator see no hand, except through a Shrine Maiden’s reveal', () => {
    for (const s of states) {
      const view = viewFor(s, 'spectator');
      expect(view.hands.every((h) => h === null)).toBe(true);
      expect(view.shown).toEqual([]);
      expect(view.answers.every((a) => a === null)).toBe(true);
    }
  });
});
