/**
 * The one definition of what the room state holds for a game: the server's mirror writes these
 * values into its schema, and viewFromRoomState reads them back. Each is computed from an engine
 * projection (viewFor), never from the full state, so nothing a viewer may not see can be
 * encoded for them: the public fields from a spectator's view, a seat's secrets from its own.
 */
import { GameView } from '../projection';
import { Reveal } from '../state';
import { packCards } from './packing';

/** The root's game fields (see ClientRoomState), as every client receives them. */
export interface PublicFields {
  firstSeat: number;
  first: number;
  active: number;
  lastTurn: boolean;
  centre: number;
  coinsOut: number;
  supplyCount: number;
  faceDownCount: number;
  discard: string;
  taken: string;
  step: string;
  turn: string;
  result: string;
}

/** A seat's public game fields (see ClientSeatState). */
export interface SeatFields {
  coins: number;
  handCount: number;
  inCampaign: boolean;
  hadTurn: boolean;
}

/** What only the seat's own player receives (see ClientSeatState). */
export interface SecretFields {
  hand: string;
  answer: string;
  taken: string;
  shown: string;
}

/** The values of a room with no game yet (the schema's defaults). */
export const NO_GAME: Readonly<PublicFields> = {
  firstSeat: -1,
  first: -1,
  active: -1,
  lastTurn: false,
  centre: 0,
  coinsOut: 0,
  supplyCount: 0,
  faceDownCount: 0,
  discard: '',
  taken: '',
  step: '',
  turn: '',
  result: '',
};
export const NO_SEAT_GAME: Readonly<SeatFields> = { coins: 0, handCount: 0, inCampaign: false, hadTurn: false };
export const NO_SECRETS: Readonly<SecretFields> = { hand: '', answer: '', taken: '', shown: '' };

function assertViewer(view: GameView, viewer: GameView['viewer']): void {
  if (view.viewer !== viewer) throw new Error(`room fields: a view of ${String(view.viewer)} where one of ${String(viewer)} is needed`);
}

/** The root's game fields, from a spectator's view. */
export function publicFields(view: GameView): PublicFields {
  assertViewer(view, 'spectator');
  return {
    firstSeat: view.firstSeat,
    first: view.first,
    active: view.active,
    lastTurn: view.lastTurn,
    centre: view.centre,
    coinsOut: view.coinsOut,
    supplyCount: view.supplyCount,
    faceDownCount: view.faceDownCount,
    discard: packCards(view.discard),
    taken: view.taken === null ? '' : packCards([view.taken]),
    step: JSON.stringify(view.step),
    turn: view.turn ? JSON.stringify(view.turn) : '',
    result: view.result ? JSON.stringify(view.result) : '',
  };
}

/** One seat's public game fields, from a spectator's view. */
export function seatFields(view: GameView, seat: number): SeatFields {
  assertViewer(view, 'spectator');
  return { coins: view.coins[seat], handCount: view.handCounts[seat], inCampaign: view.inCampaign[seat], hadTurn: view.hadTurn[seat] };
}

/** A seat's secrets, from that seat's own view. */
export function secretFields(own: GameView): SecretFields {
  const seat = own.viewer;
  if (typeof seat !== 'number') throw new Error('secretFields: a spectator has no secrets');
  const step = own.step;
  const asked = step.kind === 'answer' ? step.prompt.seats.indexOf(seat) : -1;
  return {
    hand: packCards(own.hands[seat] ?? []),
    answer: asked >= 0 ? (own.answers[asked] ?? '') : '',
    taken: own.taken === null ? '' : packCards([own.taken]),
    shown: own.shown.length ? JSON.stringify(own.shown) : '',
  };
}

/** The reveals on show, each with the moment (ms) it is hidden. */
export function revealsField(reveals: readonly Reveal[], endsAt: (id: number) => number): string {
  return reveals.length ? JSON.stringify(reveals.map((r) => ({ ...r, endsAt: endsAt(r.id) }))) : '';
}
