/**
 * The hand refill rule and elimination, and the seat order things happen in.
 */
import { insertCard } from './cards';
import { GameState, logEvent, Table } from './state';

/** The hand size every player in the campaign keeps whenever the supply allows. */
export const HAND_SIZE = 2;

/** `seats` sorted in seat order starting from `from` (clockwise). */
export function inSeatOrderFrom(seats: readonly number[], from: number, players: number): number[] {
  const result: number[] = [];
  for (let k = 0; k < players; k++) {
    const s = (from + k) % players;
    if (seats.includes(s)) result.push(s);
  }
  return result;
}

/** The players still in the campaign, in seat order from `from`. */
export function inCampaignFrom(table: Table, from: number): number[] {
  const result: number[] = [];
  for (let k = 0; k < table.players; k++) {
    const s = (from + k) % table.players;
    if (table.inCampaign[s]) result.push(s);
  }
  return result;
}

/** The other players still in the campaign, in seat order from `seat`. */
export function rivals(table: Table, seat: number): number[] {
  const result: number[] = [];
  for (let k = 1; k < table.players; k++) {
    const s = (seat + k) % table.players;
    if (table.inCampaign[s]) result.push(s);
  }
  return result;
}

/** Every other player, eliminated or not, in seat order from `seat`. */
export function others(table: Table, seat: number): number[] {
  const result: number[] = [];
  for (let k = 1; k < table.players; k++) result.push((seat + k) % table.players);
  return result;
}

/** How many players are still in the campaign. */
export function countInCampaign(table: Table): number {
  let n = 0;
  for (const inIt of table.inCampaign) if (inIt) n++;
  return n;
}

export function playersInCampaign(table: Table): number[] {
  const result: number[] = [];
  for (let s = 0; s < table.players; s++) if (table.inCampaign[s]) result.push(s);
  return result;
}

/** Out of the campaign: the hand goes face up onto the discard pile; coins stay. */
export function eliminate(state: GameState, seat: number): void {
  logEvent(state, { type: 'eliminated', seat, cards: state.hands[seat].slice() });
  state.inCampaign[seat] = false;
  for (const card of state.hands[seat]) state.discard.push(card);
  state.hands[seat] = [];
}

/**
 * The hand refill rule for `seats`, in the order given: each player still in the campaign with
 * fewer than 2 cards draws until they hold 2 or the supply is empty; one left with no card at
 * all is eliminated.
 */
export function refill(state: GameState, seats: readonly number[]): void {
  for (const s of seats) {
    if (!state.inCampaign[s]) continue;
    const hand = state.hands[s];
    while (hand.length < HAND_SIZE && state.supply.length > 0) insertCard(hand, state.supply.shift()!);
    if (hand.length === 0) eliminate(state, s);
  }
}
