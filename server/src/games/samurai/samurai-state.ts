import { ArraySchema, Schema, type, view } from '@colyseus/schema';
import type { ClientOptionsState, ClientResultState, ClientRoomState, ClientSeatState } from '@samurai/shared';
import { StackArraySchema } from '../../schema/StackArraySchema';
import { TableOptionsState, TableSeatState, TableState } from '../../table/table-state';

/*
 * Samurai's room state as Colyseus sends it: the table's fields and Samurai's, fields only (the
 * session fills them from the engine, one way). Field meanings are documented once, in the shared
 * protocol (ClientRoomState and friends); the `satisfies` checks below keep the two in step.
 * Small facts are packed numbers, not arrays: each structure costs every room about a kilobyte
 * of Colyseus bookkeeping (see the protocol's packed numbers).
 */

export class SeatState extends TableSeatState {
  @type('boolean') handChosen = false;
  @type('uint8') handCount = 0;
  @type('uint8') stackCount = 0;
  @type('int16') captured = -1;
  /** Only the seat's owner receives these: the room adds the seat to that client's StateView alone. */
  @view() @type('uint32') hand = 0;
  @view() @type('uint16') ownCaptured = 0;
  @view() @type('uint32') drawn = 0;
}

export class OptionsState extends TableOptionsState {
  @type('string') captureTiming = '';
  @type('string') startingHands = '';
  @type('string') setup = '';
}

export class ResultState extends Schema {
  @type('string') reason = '';
  @type(['uint8']) winners = new ArraySchema<number>();
  @type(['int8']) leaders = new ArraySchema<number>();
}

export class RoomState extends TableState {
  @type(OptionsState) override options = new OptionsState();
  @type([SeatState]) override seats = new ArraySchema<SeatState>();
  @type('int8') seat = -1;
  @type(['uint16']) pieces = new ArraySchema<number>();
  @type('uint16') supply = 0;
  @type('uint16') aside = 0;
  @type(['number']) log = new StackArraySchema<number>();
  @type(ResultState) result?: ResultState;
}

// Compile-time: the schema has every field the protocol promises clients, with the same types.
void (null as unknown as SeatState satisfies ClientSeatState);
void (null as unknown as OptionsState satisfies ClientOptionsState);
void (null as unknown as ResultState satisfies ClientResultState);
void (null as unknown as RoomState satisfies ClientRoomState);
