import {
  CARD_NAMES,
  cardCounts,
  CARDS,
  cardsInPlay,
  cardsInPlayCopy,
  countOf,
  handBtl,
  handHnr,
  insertCard,
  isCardName,
  PLAYER_COUNTS,
  startingCoins,
  TOTAL_COINS,
} from './cards';
import { CardName } from './cards';

describe('the card set', () => {
  it('is the 30 cards of docs/rules/mangoku.md § Components, with their BTL and HNR', () => {
    // card: count, BTL, HNR, as in the Components table.
    const table: Record<CardName, [number, number, number]> = {
      emperor: [1, 0, 5],
      peasant: [7, 1, 0],
      bandit: [3, 2, 0],
      merchant: [1, 1, 0],
      princess: [1, 0, 3],
      captain: [5, 3, 1],
      monk: [3, 1, 2],
      shrinemaiden: [1, 0, 4],
      commander: [3, 4, 2],
      ninja: [1, 2, 0],
      teamaster: [1, 2, 3],
      kabuki: [1, 0, 3],
      nobleman: [1, 1, 4],
      warlord: [1, 5, 3],
    };
    for (const c of CARD_NAMES) expect([CARDS[c].count, CARDS[c].btl, CARDS[c].hnr]).toEqual(table[c]);
    expect(CARD_NAMES.reduce((n, c) => n + CARDS[c].count, 0)).toBe(30);
  });

  it('makes attacks of 3 (Captain), 4 (Commander) and 5 (Warlord) BTL, and no other card attacks', () => {
    expect(CARD_NAMES.filter((c) => CARDS[c].attack > 0).map((c) => [c, CARDS[c].attack])).toEqual([
      ['captain', 3],
      ['commander', 4],
      ['warlord', 5],
    ]);
  });

  it.each([
    [2, 18, { bandit: 1, captain: 3, peasant: 3, monk: 2, commander: 0 }],
    [3, 18, { bandit: 1, captain: 3, peasant: 3, monk: 2, commander: 0 }],
    [4, 25, { bandit: 2, captain: 4, peasant: 6, monk: 2, commander: 2 }],
    [5, 25, { bandit: 2, captain: 4, peasant: 6, monk: 2, commander: 2 }],
    [6, 30, { bandit: 3, captain: 5, peasant: 7, monk: 3, commander: 3 }],
  ] as const)('with %i players, leaves %i cards in play after the removals', (players, total, reduced) => {
    expect(cardsInPlay(players)).toHaveLength(total);
    const counts = cardCounts(players);
    for (const c of CARD_NAMES) expect(counts[c]).toBe((reduced as Partial<Record<CardName, number>>)[c] ?? CARDS[c].count);
    expect(countOf(cardsInPlay(players), 'peasant')).toBe(reduced.peasant);
  });

  it('hands out the cards in play frozen, and copies of them to change', () => {
    for (const players of PLAYER_COUNTS) {
      expect(Object.isFrozen(cardsInPlay(players))).toBe(true);
      const copy = cardsInPlayCopy(players);
      expect(copy).toEqual(cardsInPlay(players));
      copy.pop();
      expect(cardsInPlayCopy(players)).toEqual(cardsInPlay(players));
    }
  });

  it('gives 5 coins each, 4 with 2 players, out of the 30 in the box', () => {
    expect(PLAYER_COUNTS.map(startingCoins)).toEqual([4, 5, 5, 5, 5]);
    for (const n of PLAYER_COUNTS) expect(startingCoins(n) * n).toBeLessThanOrEqual(TOTAL_COINS);
  });

  it('sums a hand’s BTL (two Peasants are just 1 + 1) and HNR', () => {
    expect(handBtl(['peasant', 'peasant'])).toBe(2);
    expect(handBtl(['warlord', 'commander', 'monk'])).toBe(10);
    expect(handHnr(['emperor', 'nobleman'])).toBe(9);
    expect(handHnr([])).toBe(0);
  });

  it('keeps hands in card order and knows its names', () => {
    const hand: CardName[] = [];
    for (const c of ['warlord', 'emperor', 'monk', 'peasant'] as const) insertCard(hand, c);
    expect(hand).toEqual(['emperor', 'peasant', 'monk', 'warlord']);
    expect(isCardName('teamaster')).toBe(true);
    expect(isCardName('Tea Master')).toBe(false);
    expect(isCardName('constructor')).toBe(false);
  });
});
