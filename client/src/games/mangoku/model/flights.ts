/**
 * What moved between two views of the same game, as things that fly across the table: cards put
 * face up onto the discard pile (played, a Monk, an eliminated or discarded hand), cards drawn
 * from the supply (face down: nobody else sees them), a card taken from a hand or from the discard
 * pile, and coins. Read from public counts and events only, so a spectator's flights are a
 * player's too, and no flight shows a card its viewer may not see.
 */
import { mangoku } from '@samurai/shared';

type CardName = mangoku.CardName;
type View = mangoku.GameView;

export type Place = { readonly kind: 'seat'; readonly seat: number } | { readonly kind: 'supply' | 'discard' | 'centre' | 'out' };

export interface CardFlight {
  readonly kind: 'card';
  readonly from: Place;
  readonly to: Place;
  /** The face, when everyone may see it; null flies face down. */
  readonly card: CardName | null;
}

export interface CoinFlight {
  readonly kind: 'coin';
  readonly from: Place;
  readonly to: Place;
  readonly count: number;
}

export type Flight = CardFlight | CoinFlight;

const seat = (s: number): Place => ({ kind: 'seat', seat: s });
const SUPPLY: Place = { kind: 'supply' };
const DISCARD: Place = { kind: 'discard' };
const CENTRE: Place = { kind: 'centre' };
const OUT: Place = { kind: 'out' };

/** Events of the newer view that the older one did not have yet (same campaign). */
function newEvents(prev: View, next: View): mangoku.GameEvent[] {
  const c = next.campaigns.length - 1;
  const before = prev.campaigns.length - 1 === c ? prev.campaigns[c].events.length : 0;
  return next.campaigns[c]?.events.slice(before) ?? [];
}

function commonPrefix(a: readonly CardName[], b: readonly CardName[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Both views are in the same turn of the same campaign. */
function sameTurn(prev: View, next: View): boolean {
  const c = next.campaigns.length - 1;
  return prev.campaigns.length === next.campaigns.length && prev.campaigns[c].turns.length === next.campaigns[c].turns.length;
}

/** The seats a Tea Master or Nobleman has taken a card from this turn, in order. */
function handsTakenFrom(view: View): number[] {
  const chain = view.turn?.chain ?? [];
  const takingNow = view.step.kind === 'play' && view.step.source === 'taken';
  return chain.flatMap((node, i) =>
    (node.card === 'teamaster' || node.card === 'nobleman') && node.targets && (i < chain.length - 1 || takingNow) ? [node.targets[0] as number] : [],
  );
}

/** The seat whose turn the move was made in: the older view's, else the newer one's. */
function actor(prev: View, next: View): number {
  return prev.turn?.seat ?? next.turn?.seat ?? Math.max(0, next.active);
}

function cardFlights(prev: View, next: View): CardFlight[] {
  const flights: CardFlight[] = [];
  const by = actor(prev, next);
  const kept = commonPrefix(prev.discard, next.discard);
  // Cards that left the face-up pile (a Kabuki takes one) go to the player taking them.
  for (const card of prev.discard.slice(kept)) if (!next.discard.slice(kept).includes(card)) flights.push({ kind: 'card', from: DISCARD, to: seat(by), card });
  const added = next.discard.slice(kept);
  const take = (card: CardName) => {
    const i = added.indexOf(card);
    if (i >= 0) added.splice(i, 1);
    return i >= 0;
  };
  // Cards that reached the pile from someone other than the player whose turn it is.
  for (const event of newEvents(prev, next)) {
    if (event.type === 'monk' && take('monk')) flights.push({ kind: 'card', from: seat(event.seat), to: DISCARD, card: 'monk' });
    if (event.type === 'eliminated' || event.type === 'discarded') {
      for (const card of event.cards) if (take(card)) flights.push({ kind: 'card', from: seat(event.seat), to: DISCARD, card });
    }
  }
  // The rest was played by the player whose turn it is.
  for (const card of added) flights.push({ kind: 'card', from: seat(by), to: DISCARD, card });
  // A card taken from a hand: face down from that hand to its taker (its face shows once played).
  const before = sameTurn(prev, next) ? handsTakenFrom(prev).length : 0;
  for (const from of handsTakenFrom(next).slice(before)) flights.push({ kind: 'card', from: seat(from), to: seat(by), card: null });
  // Cards drawn: face down from the supply to whoever holds more than the moves explain.
  let draws = prev.supplyCount - next.supplyCount;
  if (draws > 0) {
    const order = mangoku.inSeatOrderFrom(
      Array.from({ length: next.players }, (_, s) => s),
      Math.max(0, by),
      next.players,
    );
    for (const s of order) {
      const left = flights.filter((f) => f.from.kind === 'seat' && f.from.seat === s).length;
      const arrived = flights.filter((f) => f.to.kind === 'seat' && f.to.seat === s && f.from.kind === 'seat').length;
      const gained = next.handCounts[s] - prev.handCounts[s] + left - arrived;
      for (let k = 0; k < gained && draws > 0; k++, draws--) flights.push({ kind: 'card', from: SUPPLY, to: seat(s), card: null });
    }
    for (; draws > 0; draws--) flights.push({ kind: 'card', from: SUPPLY, to: seat(Math.max(0, by)), card: null });
  }
  return flights;
}

/** Coins moved by net change per seat (and the centre pile): each loss paired with a gain. */
function pairCoins(seatDeltas: readonly number[], centreDelta: number): CoinFlight[] {
  const sources: [Place, number][] = [];
  const sinks: [Place, number][] = [];
  seatDeltas.forEach((d, s) => {
    if (d < 0) sources.push([seat(s), -d]);
    if (d > 0) sinks.push([seat(s), d]);
  });
  if (centreDelta < 0) sources.push([CENTRE, -centreDelta]);
  if (centreDelta > 0) sinks.push([CENTRE, centreDelta]);
  const flights: CoinFlight[] = [];
  for (const [from, have] of sources) {
    let left = have;
    for (const sink of sinks) {
      const n = Math.min(left, sink[1]);
      if (n === 0) continue;
      flights.push({ kind: 'coin', from, to: sink[0], count: n });
      sink[1] -= n;
      left -= n;
    }
  }
  return flights;
}

function coinFlights(prev: View, next: View): CoinFlight[] {
  return pairCoins(
    next.coins.map((c, s) => c - prev.coins[s]),
    next.centre - prev.centre,
  );
}

/**
 * Coins across a campaign's end: what moved before it ended, the centre pile to its winner, and
 * the new campaign's ante (one coin each into the centre, one from it out of the game).
 */
function campaignCoinFlights(prev: View, next: View): CoinFlight[] {
  const end = next.campaigns[prev.campaigns.length - 1]?.end ?? null;
  const explained = next.coins.map(() => 0);
  let centre = 0;
  const flights: CoinFlight[] = [];
  if (end && end.winner !== null && end.pot > 0) {
    explained[end.winner] += end.pot;
    centre -= end.pot;
  }
  const dealt = next.campaigns.length - prev.campaigns.length;
  for (let s = 0; s < next.players; s++) explained[s] -= dealt;
  centre += dealt * next.players - (next.coinsOut - prev.coinsOut);
  // Whatever the last turn moved besides, by net change.
  const before = pairCoins(
    next.coins.map((c, s) => c - prev.coins[s] - explained[s]),
    next.centre - prev.centre - centre,
  );
  flights.push(...before);
  if (end && end.winner !== null && end.pot > 0) flights.push({ kind: 'coin', from: CENTRE, to: seat(end.winner), count: end.pot });
  for (let s = 0; s < next.players; s++) if (dealt > 0) flights.push({ kind: 'coin', from: seat(s), to: CENTRE, count: dealt });
  if (next.coinsOut > prev.coinsOut) flights.push({ kind: 'coin', from: CENTRE, to: OUT, count: next.coinsOut - prev.coinsOut });
  return flights;
}

/**
 * What flew between `prev` and `next`. A new campaign is dealt afresh: two cards face down to
 * each player, and the ante. Between games, or for views of different games, nothing flies.
 */
export function flightsBetween(prev: View | null, next: View): Flight[] {
  if (!prev || prev.players !== next.players || next.campaigns.length < prev.campaigns.length) return [];
  if (next.campaigns.length > prev.campaigns.length) {
    const flights: Flight[] = [];
    const first = next.campaigns[next.campaigns.length - 1].first;
    for (let round = 0; round < mangoku.HAND_SIZE; round++) {
      for (const s of mangoku.inSeatOrderFrom(
        Array.from({ length: next.players }, (_, i) => i),
        first,
        next.players,
      ))
        flights.push({ kind: 'card', from: SUPPLY, to: seat(s), card: null });
    }
    return [...flights, ...campaignCoinFlights(prev, next)];
  }
  return [...cardFlights(prev, next), ...coinFlights(prev, next)];
}
