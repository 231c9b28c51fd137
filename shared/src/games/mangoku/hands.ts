/**
 * The hand refill rule and elimination, and the seat order things happen in.
 */
import { cardNames, insertId } from './cards';
import { EngineState } from './EngineState';
import { eventTurn, GameState, logEvent, Table } from './state';

/** The hand size every player in the campaign keeps whenever the supply allows. */
export const HAND_SIZE = 2;

/**
 * The seat `k` places after `seat` (0 <= k <= players), clockwise. Without the remainder
 * operator: an integer division costs tens of cycles, and the engine walks seats all the time.
 */
export function seatAfter(seat: number, k: number, players: number): number {
  const s = seat + k;
  return s < players ? s : s - players;
}

/** Where `seat` is in `seats`, or -1 (a plain loop: cheaper than indexOf's builtin on a few seats). */
export function seatIndex(seats: readonly number[], seat: number): number {
  for (let i = 0; i < seats.length; i++) if (seats[i] === seat) return i;
  return -1;
}

/** `seats` sorted in seat order starting from `from` (clockwise); each seat once, anything not a seat left out. */
export function inSeatOrderFrom(seats: readonly number[], from: number, players: number): number[] {
  // Most cards are aimed at one seat: no order to find.
  if (seats.length === 1) return isSeat(seats[0], players) ? [seats[0]] : [];
  // The seats as bits, then read back in seat order into an array made at its size (an empty
  // array's first push allocates room for 17).
  let bits = 0;
  let count = 0;
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (isSeat(s, players) && (bits & (1 << s)) === 0) {
      bits |= 1 << s;
      count++;
    }
  }
  const result = new Array<number>(count);
  for (let k = 0, n = 0; n < count && k < players; k++) {
    const s = seatAfter(from, k, players);
    if ((bits & (1 << s)) !== 0) result[n++] = s;
  }
  return result;
}

function isSeat(s: number, players: number): boolean {
  return Number.isInteger(s) && s >= 0 && s < players;
}

/**
 * Is `seat` still in the campaign? A compare with true: V8 tests an array element's truth by
 * checking it against every falsy kind of value, five times the work, and the engine asks this
 * of every seat all the time.
 */
export function isInCampaign(table: Table, seat: number): boolean {
  return table.inCampaign[seat] === true;
}

/** The other players still in the campaign, in seat order from `seat`. */
export function rivals(table: Table, seat: number): number[] {
  const result = new Array<number>(countInCampaign(table) - (isInCampaign(table, seat) ? 1 : 0));
  for (let k = 1, n = 0; n < result.length && k < table.players; k++) {
    const s = seatAfter(seat, k, table.players);
    if (isInCampaign(table, s)) result[n++] = s;
  }
  return result;
}

/** Every other player, eliminated or not, in seat order from `seat`. */
export function others(table: Table, seat: number): number[] {
  const result = new Array<number>(table.players - 1);
  for (let k = 1; k < table.players; k++) result[k - 1] = seatAfter(seat, k, table.players);
  return result;
}

/** How many players are still in the campaign. */
export function countInCampaign(table: Table): number {
  let n = 0;
  for (let s = 0; s < table.players; s++) if (isInCampaign(table, s)) n++;
  return n;
}

export function playersInCampaign(table: Table): number[] {
  const result = new Array<number>(countInCampaign(table));
  for (let s = 0, n = 0; n < result.length; s++) if (isInCampaign(table, s)) result[n++] = s;
  return result;
}

/** Out of the campaign: the hand goes face up onto the discard pile; coins stay. */
export function eliminate(e: EngineState<GameState>, seat: number): void {
  const hand = e.hands[seat]!;
  logEvent(e.table, { type: 'eliminated', seat, cards: cardNames(hand), turn: eventTurn(e.table) });
  e.table.inCampaign[seat] = false;
  for (let i = 0; i < hand.length; i++) e.discard.push(hand[i]);
  e.hands[seat] = [];
}

/**
 * The hand refill rule for `seat`: a player still in the campaign with fewer than 2 cards draws
 * until they hold 2 or the supply is empty; one left with no card at all is eliminated.
 */
export function refill(e: EngineState<GameState>, seat: number): void {
  if (!isInCampaign(e.table, seat)) return;
  const hand = e.hands[seat]!;
  while (hand.length < HAND_SIZE && e.supplyLeft() > 0) insertId(hand, e.draw());
  if (hand.length === 0) eliminate(e, seat);
}

/** The refill rule for every player in the campaign, in seat order from `from`. */
export function refillFrom(e: EngineState<GameState>, from: number): void {
  const players = e.table.players;
  // Refilling eliminates only the seat refilled, so who is in the campaign can be read as it goes.
  for (let k = 0; k < players; k++) refill(e, seatAfter(from, k, players));
}
