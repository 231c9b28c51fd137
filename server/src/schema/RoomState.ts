import { ArraySchema, Schema, type, view } from '@colyseus/schema';
import { StackArraySchema } from './StackArraySchema';
import type { ClientOptionsState, ClientResultState, ClientRoomState, ClientSeatState, SeatKind } from '@samurai/shared';

/*
 * The room state as Colyseus sends it: fields only, no behaviour (the room fills them from the
 * engine and the seating, one way). Field names and meanings are documented once, in the shared
 * protocol (ClientRoomState and friends); the `satisfies` checks below keep the two in step.
 * Small facts are packed numbers, not arrays: each structure costs every room about a kilobyte
 * of Colyseus bookkeeping (see the protocol's packed numbers).
 */

export class SeatState extends Schema {
  @type('string') id = '';
  @type('string') name = '';
  @type('string') colour = '';
  @type('string') kind: SeatKind = 'open';
  @type('string') bot = '';
  @type('boolean') connected = false;
  @type('boolean') idle = false;
  @type('boolean') handChosen = false;
  @type('uint8') handCount = 0;
  @type('uint8') stackCount = 0;
  @type('int16') captured = -1;
  /** Only the seat's owner receives these: the room adds the seat to that client's StateView alone. */
  @view() @type('uint32') hand = 0;
  @view() @type('uint16') ownCaptured = 0;
  @view() @type('uint32') drawn = 0;
}

export class OptionsState extends Schema {
  @type('uint8') players = 4;
  @type('string') captureTiming = '';
  @type('string') startingHands = '';
  @type('string') setup = '';
  @type('string') botLevel = '';
  @type('string') seatOrder = '';
  @type('uint16') botDelayMs = 0;
}

export class ResultState extends Schema {
  @type('string') reason = '';
  @type(['uint8']) winners = new ArraySchema<number>();
  @type(['int8']) leaders = new ArraySchema<number>();
}

export class RoomState extends Schema {
  @type('string') code = '';
  @type('string') phase = 'lobby';
  @type('uint16') game = 0;
  @type(OptionsState) options = new OptionsState();
  @type('string') host = '';
  @type([SeatState]) seats = new ArraySchema<SeatState>();
  @type('int8') seat = -1;
  @type(['uint16']) pieces = new ArraySchema<number>();
  @type('uint16') supply = 0;
  @type('uint16') aside = 0;
  @type(['number']) log = new StackArraySchema<number>();
  @type(ResultState) result?: ResultState;
  @type('uint16') spectators = 0;
  @type(['string']) removed = new ArraySchema<string>();
}

// Compile-time: the schema has every field the protocol promises clients, with the same types.
void (null as unknown as SeatState satisfies ClientSeatState);
void (null as unknown as OptionsState satisfies ClientOptionsState);
void (null as unknown as ResultState satisfies ClientResultState);
void (null as unknown as RoomState satisfies ClientRoomState);
