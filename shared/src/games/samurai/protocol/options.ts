import { z } from 'zod';
import { BOT_NAMES, BotName } from '../bots/bot';
import { CAPTURE_TIMINGS, CaptureTiming, GameOptions, SETUP_MODES, SetupMode, STARTING_HANDS, StartingHands } from '../state';
import { PlayerCount } from '../board';
import { colourSchema } from '../../../table/colours';
import { nameSchema } from '../../../table/names';

/** The Colyseus room type. */
export const ROOM_NAME = 'samurai';

/** fixed: seats play in the order they sat down; random: the order is drawn when the game starts. */
export const SEAT_ORDERS = ['fixed', 'random'] as const;
export type SeatOrder = (typeof SEAT_ORDERS)[number];

export const BOT_LEVELS = BOT_NAMES;
export type BotLevel = BotName;

export const MAX_BOT_DELAY_MS = 5000;

export const roomOptionsSchema = z.strictObject({
  players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  captureTiming: z.enum(CAPTURE_TIMINGS),
  startingHands: z.enum(STARTING_HANDS),
  setup: z.enum(SETUP_MODES),
  /** The level of bots the host adds (each bot seat keeps the level it was added with). */
  botLevel: z.enum(BOT_NAMES),
  seatOrder: z.enum(SEAT_ORDERS),
  /** Milliseconds a bot (or a forced pass) waits before moving, so people can follow. */
  botDelayMs: z.number().int().min(0).max(MAX_BOT_DELAY_MS),
});
export interface RoomOptions {
  players: PlayerCount;
  captureTiming: CaptureTiming;
  startingHands: StartingHands;
  setup: SetupMode;
  botLevel: BotLevel;
  seatOrder: SeatOrder;
  botDelayMs: number;
}

export const DEFAULT_ROOM_OPTIONS: RoomOptions = {
  players: 4,
  captureTiming: 'end-of-turn',
  startingHands: 'chosen',
  setup: 'players',
  botLevel: 'greedy',
  seatOrder: 'fixed',
  botDelayMs: 600,
};

/** The engine's options from the room's. */
export function gameOptionsOf(options: RoomOptions): GameOptions {
  return { captureTiming: options.captureTiming, startingHands: options.startingHands, setup: options.setup };
}


/** Create a room: the creator sits down as a player and hosts; room options default as above. */
export const createOptionsSchema = z.strictObject({
  name: nameSchema,
  colour: colourSchema.optional(),
  options: roomOptionsSchema.partial().optional(),
});
export type CreateOptions = z.input<typeof createOptionsSchema>;

