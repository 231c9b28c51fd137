import { CASTE_BITS, packCounts, packHand, PIECES_ENTRIES, RoomView, SETTLEMENT_COUNT, SETTLEMENTS_PER_ENTRY } from '@samurai/shared';
import type { TableState } from '../../table/table-state';
import type { ViewFields } from '../../table/ViewMirror';
import { ResultState, RoomState } from './samurai-state';

// Read once: a name imported from the shared package is a getter on every use.
const SETTLEMENTS = SETTLEMENT_COUNT;
const ENTRIES = PIECES_ENTRIES;
const PER_ENTRY = SETTLEMENTS_PER_ENTRY;
const BITS = CASTE_BITS;

/** The board's pieces, packed PER_ENTRY settlements to a number (see the protocol's packed numbers). */
function packPieces(pieces: readonly number[]): number[] {
  const entries: number[] = new Array<number>(ENTRIES);
  for (let e = 0; e < ENTRIES; e++) {
    let entry = 0;
    for (let k = 0, s = e * PER_ENTRY; k < PER_ENTRY && s < SETTLEMENTS; k++, s++) entry |= pieces[s] << (k * BITS);
    entries[e] = entry;
  }
  return entries;
}

/**
 * Samurai's room state from its views (see ViewMirror): the board and counts from a spectator's
 * view, a seat's hand, tally and last draw from its own. Whose tally is open is the projection's
 * to say (canSeeCaptures): a tally the view hides is written as -1.
 */
export const samuraiFields: ViewFields<RoomView> = {
  root: (open) => ({ seat: open.seat, pieces: packPieces(open.pieces), supply: packCounts(open.supply), aside: packCounts(open.aside) }),
  seat: (open, s) => ({
    handChosen: open.handChosen[s],
    handCount: open.handCounts[s],
    stackCount: open.stackCounts[s],
    captured: open.captured[s] ? packCounts(open.captured[s]!) : -1,
  }),
  secrets: (own) => {
    const seat = own.viewer as number;
    return { hand: packHand(own.hands[seat] ?? []), ownCaptured: packCounts(own.captured[seat] ?? [0, 0, 0]), drawn: own.drawn };
  },
  log: (open) => open.log,
  noGame: { seat: -1, pieces: new Array<number>(ENTRIES).fill(0), supply: 0, aside: 0 },
  noSeat: { handChosen: false, handCount: 0, stackCount: 0, captured: -1 },
  noSecrets: { hand: 0, ownCaptured: 0, drawn: 0 },
  nested: (state: TableState, open) => {
    const room = state as RoomState;
    const result = open?.result;
    if (!result) {
      if (room.result) room.result = undefined;
      return;
    }
    if (room.result) return; // a result never changes once set
    const r = new ResultState();
    r.reason = result.reason;
    r.winners.push(...result.winners);
    r.leaders.push(...result.leaders.map((l) => (l === null ? -1 : l)));
    room.result = r;
  },
};
