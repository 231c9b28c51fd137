import { z } from 'zod';
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
}

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
