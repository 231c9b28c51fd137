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

function card(name: CardName, title: string, count: number, btl: number, hnr: number, attack: number, target: TargetKind, effect: string): CardInfo {
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

/** Cards taken out of the set for each player count (docs/rules/mangoku.md § Setting up the game). */
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

/**
 * A card as the rules work with it: its index in CARD_NAMES (hands stay sorted by it). Names are
 * for the edges (the API's states and moves, views, records, notation); inside, a card's numbers
 * are read from the tables below by index, not looked up by name.
 */
export type CardId = number;
/** No card (a hand's empty place, no card taken, no face-down card). */
export const NO_CARD: CardId = -1;

const byId = <T>(value: (info: CardInfo) => T): readonly T[] => CARD_NAMES.map((c) => value(CARDS[c]));
export const BTL_OF: readonly number[] = byId((c) => c.btl);
export const HNR_OF: readonly number[] = byId((c) => c.hnr);
export const ATTACK_OF: readonly number[] = byId((c) => c.attack);
export const TITLE_OF: readonly string[] = byId((c) => c.title);

/** TargetKind as a number: its index in TARGET_KINDS. */
export const [KIND_NONE, KIND_RIVAL, KIND_ANYONE, KIND_RIVAL_OR_CENTRE, KIND_ONE_OR_TWO_RIVALS] = TARGET_KINDS.map((_, i) => i);
export const TARGET_OF: readonly number[] = byId((c) => TARGET_KINDS.indexOf(c.target));

/** The cards the rules name. */
export const EMPEROR = CARD_INDEX.emperor;
export const PEASANT = CARD_INDEX.peasant;
export const BANDIT = CARD_INDEX.bandit;
export const MERCHANT = CARD_INDEX.merchant;
export const PRINCESS = CARD_INDEX.princess;
export const CAPTAIN = CARD_INDEX.captain;
export const MONK = CARD_INDEX.monk;
export const SHRINE_MAIDEN = CARD_INDEX.shrinemaiden;
export const COMMANDER = CARD_INDEX.commander;
export const NINJA = CARD_INDEX.ninja;
export const TEA_MASTER = CARD_INDEX.teamaster;
export const KABUKI = CARD_INDEX.kabuki;
export const NOBLEMAN = CARD_INDEX.nobleman;
export const WARLORD = CARD_INDEX.warlord;

/** Card names to ids (each a known card name: check with isCardName first). */
export function cardIds(cards: readonly CardName[]): CardId[] {
  const ids: CardId[] = [];
  for (let i = 0; i < cards.length; i++) ids.push(CARD_INDEX[cards[i]]);
  return ids;
}

/** Card ids to names, from index `from`. */
export function cardNames(ids: readonly CardId[], from = 0): CardName[] {
  // Made at its size: an empty array's first push allocates room for 17 (V8 grows by half + 16).
  const names = new Array<CardName>(ids.length - from);
  for (let i = from; i < ids.length; i++) names[i - from] = CARD_NAMES[ids[i]];
  return names;
}

/** Per table size, the ids of the cards in play, in CARD_NAMES order (copy before changing). */
const IDS_IN_PLAY = new Map<PlayerCount, readonly CardId[]>();
export function cardIdsInPlay(players: PlayerCount): readonly CardId[] {
  let ids = IDS_IN_PLAY.get(players);
  if (!ids) {
    ids = cardIds(inPlay(players).plain);
    IDS_IN_PLAY.set(players, ids);
  }
  return ids;
}

/** Puts card `id` into a sorted hand of ids, keeping it sorted. */
export function insertId(hand: CardId[], id: CardId): void {
  let i = hand.length;
  hand.push(id);
  while (i > 0 && hand[i - 1] > id) {
    hand[i] = hand[i - 1];
    i--;
  }
  hand[i] = id;
}

/**
 * Does `ids` hold card `id`? A plain loop: V8 calls a builtin for includes, indexOf and
 * lastIndexOf, which costs more than the search itself on lists of a few cards.
 */
export function holdsId(ids: readonly CardId[], id: CardId): boolean {
  for (let i = 0; i < ids.length; i++) if (ids[i] === id) return true;
  return false;
}

/** Takes one card `id` out of `ids` (its last one); false when there is none. */
export function removeId(ids: CardId[], id: CardId): boolean {
  let i = ids.length - 1;
  while (i >= 0 && ids[i] !== id) i--;
  if (i < 0) return false;
  for (let j = i + 1; j < ids.length; j++) ids[j - 1] = ids[j];
  ids.pop();
  return true;
}

export function countId(ids: readonly CardId[], id: CardId): number {
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] === id) n++;
  return n;
}

/** handBtl of a hand of ids. */
export function btlOfIds(ids: readonly CardId[]): number {
  let sum = 0;
  for (let i = 0; i < ids.length; i++) sum += BTL_OF[ids[i]];
  return sum;
}

/** handHnr of a hand of ids. */
export function hnrOfIds(ids: readonly CardId[]): number {
  let sum = 0;
  for (let i = 0; i < ids.length; i++) sum += HNR_OF[ids[i]];
  return sum;
}

/** Each distinct id once, ascending (the CARD_NAMES order). */
export function distinctIds(ids: readonly CardId[]): CardId[] {
  const result: CardId[] = [];
  for (let i = 0; i < ids.length; i++) if (!holdsId(result, ids[i])) insertId(result, ids[i]);
  return result;
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
  for (const c of cards) sum += BTL_OF[CARD_INDEX[c]];
  return sum;
}

/** A hand's honour: the sum of its HNR. */
export function handHnr(cards: readonly CardName[]): number {
  let sum = 0;
  for (const c of cards) sum += HNR_OF[CARD_INDEX[c]];
  return sum;
}

/** Each distinct card once, in CARD_NAMES order. */
export function distinctCards(cards: readonly CardName[]): CardName[] {
  const result: CardName[] = [];
  for (const c of cards) if (!result.includes(c)) insertCard(result, c);
  return result;
}
