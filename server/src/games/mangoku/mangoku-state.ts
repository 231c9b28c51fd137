import { ArraySchema, type, view } from '@colyseus/schema';
import type { mangoku } from '@samurai/shared';
import { StackArraySchema } from '../../schema/StackArraySchema';
import { TableOptionsState, TableSeatState, TableState } from '../../table/table-state';

/*
 * Mangoku's room state as Colyseus sends it: the table's fields and Mangoku's, fields only (the
 * session's mirror fills them from the engine's projections, one way). Field meanings and
 * encodings are documented once, in the shared protocol (mangoku.ClientRoomState,
 * mangoku.roomFields); the `satisfies` checks below keep the two in step.
 */

export class SeatState extends TableSeatState {
  @type('uint8') coins = 0;
  @type('uint8') handCount = 0;
  @type('boolean') inCampaign = false;
  @type('boolean') hadTurn = false;
  /** Only the seat's own player receives these: the room adds the seat to that client's StateView alone. */
  @view() @type('string') hand = '';
  @view() @type('string') answer = '';
  @view() @type('string') taken = '';
  @view() @type('string') shown = '';
}

export class OptionsState extends TableOptionsState {
  @type('uint8') promptSeconds = 0;
}

export class MangokuState extends TableState {
  @type(OptionsState) override options = new OptionsState();
  @type([SeatState]) override seats = new ArraySchema<SeatState>();
  @type('int8') firstSeat = -1;
  @type('int8') first = -1;
  @type('int8') active = -1;
  @type('boolean') lastTurn = false;
  @type('uint8') centre = 0;
  @type('uint8') coinsOut = 0;
  @type('uint8') supplyCount = 0;
  @type('uint8') faceDownCount = 0;
  @type('string') discard = '';
  @type('string') taken = '';
  @type('string') step = '';
  @type('string') turn = '';
  @type('number') promptEndsAt = 0;
  @type('string') reveals = '';
  @type(['string']) log = new StackArraySchema<string>();
  @type('string') result = '';
}

// Compile-time: the schema has every field the protocol promises clients, with the same types.
void (null as unknown as SeatState satisfies mangoku.ClientSeatState);
void (null as unknown as OptionsState satisfies mangoku.ClientOptionsState);
void (null as unknown as MangokuState satisfies mangoku.ClientRoomState);
