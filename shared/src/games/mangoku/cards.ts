/**
 * The 30 character cards, their battle (BTL) and honour (HNR) points, whom each one reaches,
 * and which of them are removed for the number of players.
 */

/** Card names as game records spell them; cards of one name are interchangeable. */
export const CARD_NAMES = [
  'emperor',
  'peasant',
  'bandit',
  'merchant',
  'princess',
  'captain',
  'monk',
  'shrinemaiden',
  'commander',
  'ninja',
  'teamaster',
  'kabuki',
  'nobleman',
  'warlord',
] as const;
export type CardName = (typeof CARD_NAMES)[number];

export const PLAYER_COUNTS = [2, 3, 4, 5, 6] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];

export const TARGET_KINDS = ['none', 'rival', 'anyone', 'rival-or-centre', 'one-or-two-rivals'] as const;
/**
 * Whom a card is aimed at when played. none: nobody chosen (it reaches whom the rules name, or
 * nobody); rival: one other player still in the campaign; anyone: one other player, eliminated
 * or not (Bandit); rival-or-centre: the centre pile or one rival (Princess);
 * one-or-two-rivals: one rival, or two different ones (Commander).
 */
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface CardInfo {
  readonly name: CardName;
  /** For people: "Shrine Maiden". */
  readonly title: string;
  /** How many the full set holds. */
  readonly count: number;
  readonly btl: number;
  readonly hnr: number;
  /** The BTL of the attack it makes when played, or 0 for a card that does not attack. */
  readonly attack: number;
  readonly target: TargetKind;
  /** What it does when played, in one line. */
  readonly effect: string;
}

function card(
  name: CardName,
  title: string,
  count: number,
  btl: number,
  hnr: number,
  attack: number,
  target: TargetKind,
  effect: string,
): CardInfo {
  return { name, title, count, btl, hnr, attack, target, effect };
}

export const CARDS: Readonly<Record<CardName, CardInfo>> = {
  emperor: card('emperor', 'Emperor', 1, 0, 5, 0, 'none', 'The campaign ends now: honour decides.'),
  peasant: card('peasant', 'Peasant', 7, 1, 0, 0, 'none', 'Alone, no effect. Two together (Ikki): a 5 BTL attack on every other player in the campaign.'),
  bandit: card('bandit', 'Bandit', 3, 2, 0, 0, 'anyone', 'Take 1 coin from any other player, eliminated players included.'),
  merchant: card('merchant', 'Merchant', 1, 1, 0, 0, 'none', 'Every other player, eliminated players included, puts 1 coin into the centre pile.'),
  princess: card('princess', 'Princess', 1, 0, 3, 0, 'rival-or-centre', "Take half (rounded down) of the centre pile, or of one other player's coins."),
  captain: card('captain', 'Captain', 5, 3, 1, 3, 'rival', 'A 3 BTL attack on one player.'),
  monk: card('monk', 'Monk', 3, 1, 2, 0, 'none', 'Cancels a card’s effect on you, out of turn. On your own turn: no effect.'),
  shrinemaiden: card('shrinemaiden', 'Shrine Maiden', 1, 0, 4, 0, 'none', 'Every other player in the campaign shows their hand to the table for 15 seconds.'),
  commander: card('commander', 'Commander', 3, 4, 2, 4, 'one-or-two-rivals', 'A 4 BTL attack on one player, or separate 4 BTL attacks on two.'),
  ninja: card('ninja', 'Ninja', 1, 2, 0, 0, 'rival', 'One other player discards their hand and draws 2 cards.'),
  teamaster: card('teamaster', 'Tea Master', 1, 2, 3, 0, 'rival', "Take a card at random from another player's hand and play it at once."),
  kabuki: card('kabuki', 'Kabuki', 1, 0, 3, 0, 'none', 'Take any face-up card from the discard pile and play it at once.'),
  nobleman: card('nobleman', 'Nobleman', 1, 1, 4, 0, 'rival', "Look at another player's hand, take one card from it and play it at once."),
  warlord: card('warlord', 'Warlord', 1, 5, 3, 5, 'rival', 'A 5 BTL attack on one player.'),
};

/** Position of each card in CARD_NAMES: hands are kept sorted in this order. */
export const CARD_INDEX: Readonly<Record<CardName, number>> = Object.fromEntries(CARD_NAMES.map((c, i) => [c, i])) as Record<CardName, number>;

/** The BTL of an Ikki (two Peasants played together). */
export const IKKI_BTL = 5;

/** Cards taken out of the set for each player count (RULES.md, Setup 3). */
const REMOVED_FEW: Partial<Record<CardName, number>> = { bandit: 2, captain: 2, peasant: 4, monk: 1, commander: 3 };
const REMOVED_SOME: Partial<Record<CardName, number>> = { bandit: 1, captain: 1, peasant: 1, monk: 1, commander: 1 };
export const REMOVED: Readonly<Record<PlayerCount, Partial<Record<CardName, number>>>> = {
  2: REMOVED_FEW,
  3: REMOVED_FEW,
  4: REMOVED_SOME,
  5: REMOVED_SOME,
  6: {},
};

export function isPlayerCount(n: unknown): n is PlayerCount {
  return (PLAYER_COUNTS as readonly unknown[]).includes(n);
}

export function isCardName(text: unknown): text is CardName {
  return typeof text === 'string' && Object.prototype.hasOwnProperty.call(CARD_INDEX, text);
}

/** How many of each card are in play with this many players. */
export function cardCounts(players: PlayerCount): Record<CardName, number> {
  const removed = REMOVED[players];
  return Object.fromEntries(CARD_NAMES.map((c) => [c, CARDS[c].count - (removed[c] ?? 0)])) as Record<CardName, number>;
}

/** Per table size, the cards in play: frozen to hand out, and a plain twin to copy. */
const IN_PLAY = new Map<PlayerCount, { readonly frozen: readonly CardName[]; readonly plain: readonly CardName[] }>();

function inPlay(players: PlayerCount) {
  let cards = IN_PLAY.get(players);
  if (!cards) {
    const counts = cardCounts(players);
    const plain = CARD_NAMES.flatMap((c) => Array.from({ length: counts[c] }, () => c));
    cards = { frozen: Object.freeze(plain.slice()), plain };
    IN_PLAY.set(players, cards);
  }
  return cards;
}

/** Every card in play, in CARD_NAMES order (18 cards with 2–3 players, 25 with 4–5, 30 with 6). */
export function cardsInPlay(players: PlayerCount): readonly CardName[] {
  return inPlay(players).frozen;
}

/**
 * A new array of the cards in play, to shuffle or strike cards from. V8 copies a frozen array
 * through its slow path (about 30 times slower), and every deal copies it.
 */
export function cardsInPlayCopy(players: PlayerCount): CardName[] {
  return inPlay(players).plain.slice();
}

/** Mangoku coins in the box. */
export const TOTAL_COINS = 30;

/** Coins each player starts with: 5, or 4 with 2 players. The others leave the game. */
export function startingCoins(players: PlayerCount): number {
  return players === 2 ? 4 : 5;
}

export function compareCards(a: CardName, b: CardName): number {
  return CARD_INDEX[a] - CARD_INDEX[b];
}

/** Puts `card` into a sorted hand, keeping it sorted. */
export function insertCard(hand: CardName[], card: CardName): void {
  // Shifts by hand: splice allocates an array of the removed items, and hands change every move.
  const k = CARD_INDEX[card];
  let i = hand.length;
  hand.push(card);
  while (i > 0 && CARD_INDEX[hand[i - 1]] > k) {
    hand[i] = hand[i - 1];
    i--;
  }
  hand[i] = card;
}

/** Takes one `card` out of `cards` (its last one); false when there is none. */
export function removeCard(cards: CardName[], card: CardName): boolean {
  const i = cards.lastIndexOf(card);
  if (i < 0) return false;
  for (let j = i + 1; j < cards.length; j++) cards[j - 1] = cards[j];
  cards.pop();
  return true;
}

export function countOf(cards: readonly CardName[], card: CardName): number {
  let n = 0;
  for (const c of cards) if (c === card) n++;
  return n;
}

/** A hand's strength in defence: the sum of its BTL (two Peasants are just 1 + 1). */
export function handBtl(cards: readonly CardName[]): number {
  let sum = 0;
  for (const c of cards) sum += CARDS[c].btl;
  return sum;
}

/** A hand's honour: the sum of its HNR. */
export function handHnr(cards: readonly CardName[]): number {
  let sum = 0;
  for (const c of cards) sum += CARDS[c].hnr;
  return sum;
}

/** Each distinct card once, in CARD_NAMES order. */
export function distinctCards(cards: readonly CardName[]): CardName[] {
  const result: CardName[] = [];
  for (const c of cards) if (!result.includes(c)) insertCard(result, c);
  return result;
}
