import { z } from 'zod';
import { AWAY_MINUTES, AwayMinutes, CLOCK_IDS, ClockId } from './clock';
import { colourSchema } from './colours';
import { nameSchema } from './names';

/** fixed: seats play in the order they sat down; random: the order is drawn when the game starts. */
export const SEAT_ORDERS = ['fixed', 'random'] as const;
export type SeatOrder = (typeof SEAT_ORDERS)[number];

export const MAX_BOT_DELAY_MS = 5000;

/** The options every table has, whatever its game (a game adds its own beside them). */
export interface TableOptions {
  players: number;
  /** The level of bots the host adds (each bot seat keeps the level it was added with). */
  botLevel: string;
  seatOrder: SeatOrder;
  /** Milliseconds a bot (or a forced move) waits before moving, so people can follow. */
  botDelayMs: number;
  /** The table's clock (clock.ts): none, a time per move, or a time bank with an increment. */
  clock: ClockId;
  /** After this many minutes away, a person's seat gets the room's bot (0: never). */
  awayMinutes: AwayMinutes;
  /** Spectators may chat (the host may close the chat to them at any time). */
  spectatorChat: boolean;
}

/** The table's options as a room starts, whatever its game: no clock, nobody replaced for being away, chat open to all. */
export const DEFAULT_TABLE_OPTIONS = { clock: 'none', awayMinutes: 0, spectatorChat: true } as const satisfies Partial<TableOptions>;

/**
 * The table's option fields as a zod shape, for a game's options schema to spread:
 * `z.strictObject({ ...tableOptionsShape(PLAYER_COUNTS, BOT_NAMES), ...its own })`.
 */
export function tableOptionsShape<P extends readonly [number, ...number[]], B extends readonly [string, ...string[]]>(playerCounts: P, botLevels: B) {
  return {
    players: z.literal(playerCounts),
    botLevel: z.enum(botLevels),
    seatOrder: z.enum(SEAT_ORDERS),
    botDelayMs: z.number().int().min(0).max(MAX_BOT_DELAY_MS),
    clock: z.enum(CLOCK_IDS),
    awayMinutes: z.literal(AWAY_MINUTES),
    spectatorChat: z.boolean(),
  };
}

/** Create a room: the creator sits down as a player and hosts; the game's options default. */
export function createOptionsSchemaFor<O extends z.ZodObject>(optionsSchema: O) {
  return z.strictObject({
    name: nameSchema,
    colour: colourSchema.optional(),
    options: optionsSchema.partial().optional(),
  });
}
