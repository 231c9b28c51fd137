import { ArraySchema, Schema, type } from '@colyseus/schema';
import type { ClientTableOptionsState, ClientTableSeatState, ClientTableState, SeatKind } from '@samurai/shared';

/*
 * The table's part of every room's state, as Colyseus sends it: fields only, no behaviour (the
 * room fills them from its seating, one way). A game's schema extends these classes with its own
 * fields (a seat's hand, the board); field meanings are documented once, in the shared protocol
 * (ClientTableState and friends), and the `satisfies` checks below keep the two in step.
 */

export class TableSeatState extends Schema {
  @type('string') id = '';
  @type('string') name = '';
  @type('string') colour = '';
  @type('string') kind: SeatKind = 'open';
  @type('string') bot = '';
  @type('boolean') connected = false;
  @type('boolean') idle = false;
  @type('boolean') muted = false;
  @type('number') clockLeft = 0;
}

export class TableOptionsState extends Schema {
  @type('uint8') players = 0;
  @type('string') botLevel = '';
  @type('string') seatOrder = '';
  @type('uint16') botDelayMs = 0;
  @type('string') clock = '';
  @type('uint8') awayMinutes = 0;
  @type('boolean') spectatorChat = true;
}

/**
 * A game's state class declares `options` and `seats` with its own subclasses (a schema field
 * has one declared type: declaring them here too would send its subclasses with type ids).
 */
export abstract class TableState extends Schema {
  @type('string') code = '';
  @type('string') gameType = '';
  @type('string') phase = 'lobby';
  @type('uint16') game = 0;
  @type('string') host = '';
  @type('uint16') spectators = 0;
  @type(['string']) removed = new ArraySchema<string>();
  @type('uint8') clockRunning = 0;
  @type('uint8') playAgain = 0;
  @type('uint8') abandonVotes = 0;
  @type('uint8') timedOut = 0;
  @type('boolean') abandoned = false;
  /** Made with the first line: an empty chat costs a room nothing. */
  @type(['string']) chat?: ArraySchema<string>;
  declare options: TableOptionsState;
  declare seats: ArraySchema<TableSeatState>;
}

// Compile-time: the schema has every field the protocol promises clients, with the same types.
void (null as unknown as TableSeatState satisfies ClientTableSeatState);
void (null as unknown as TableOptionsState satisfies ClientTableOptionsState);
void (null as unknown as TableState satisfies Omit<ClientTableState, 'options' | 'seats'>);
