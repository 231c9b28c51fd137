import { z } from 'zod';
import { BOT_NAMES, BotName } from '../bots/bot';
import { CAPTURE_TIMINGS, CaptureTiming, GameOptions, SETUP_MODES, SetupMode, STARTING_HANDS, StartingHands } from '../state';
import { PLAYER_COUNTS, PlayerCount } from '../board';
import { createOptionsSchemaFor, DEFAULT_TABLE_OPTIONS, TableOptions, tableOptionsShape } from '../../../table/options';

/** The Colyseus room type. */
export const ROOM_NAME = 'samurai';

export const BOT_LEVELS = BOT_NAMES;
export type BotLevel = BotName;

/** The table's options (players, bots, seat order, bot delay) and Samurai's own. */
export const roomOptionsSchema = z.strictObject({
  ...tableOptionsShape(PLAYER_COUNTS, BOT_NAMES),
  captureTiming: z.enum(CAPTURE_TIMINGS),
  startingHands: z.enum(STARTING_HANDS),
  setup: z.enum(SETUP_MODES),
});
export interface RoomOptions extends TableOptions {
  players: PlayerCount;
  captureTiming: CaptureTiming;
  startingHands: StartingHands;
  setup: SetupMode;
  botLevel: BotLevel;
}

export const DEFAULT_ROOM_OPTIONS: RoomOptions = {
  players: 4,
  captureTiming: 'end-of-turn',
  startingHands: 'chosen',
  setup: 'players',
  botLevel: 'greedy',
  seatOrder: 'fixed',
  botDelayMs: 600,
  ...DEFAULT_TABLE_OPTIONS,
};

/** The engine's options from the room's. */
export function gameOptionsOf(options: RoomOptions): GameOptions {
  return { captureTiming: options.captureTiming, startingHands: options.startingHands, setup: options.setup };
}

/** Create a room: the creator sits down as a player and hosts; room options default as above. */
export const createOptionsSchema = createOptionsSchemaFor(roomOptionsSchema);
export type CreateOptions = z.input<typeof createOptionsSchema>;
