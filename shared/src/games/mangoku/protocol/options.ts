import { z } from 'zod';
import { createOptionsSchemaFor, DEFAULT_TABLE_OPTIONS, TableOptions, tableOptionsShape } from '../../../table/options';
import { BOT_NAMES, BotName } from '../bots/bot';
import { PLAYER_COUNTS, PlayerCount } from '../cards';
import { DEFAULT_OPTIONS, GameOptions } from '../state';

/** The Colyseus room type, and the room state's `gameType`. */
export const ROOM_NAME = 'mangoku';

/** Most seats a Mangoku table has. */
export const MAX_SEATS = 6;

export const BOT_LEVELS = BOT_NAMES;
export type BotLevel = BotName;

/**
 * How long a prompt waits for answers, in seconds: the same for everyone asked, whatever they
 * hold (docs/rules/mangoku.md § Online fairness). 5 s is for quick games between people who know the cards.
 */
export const PROMPT_SECONDS_CHOICES = [5, 10, 20, 30, 60] as const;
export type PromptSeconds = (typeof PROMPT_SECONDS_CHOICES)[number];

/** The table's options (players, bots, seat order, bot delay) and Mangoku's own. */
export const roomOptionsSchema = z.strictObject({
  ...tableOptionsShape(PLAYER_COUNTS, BOT_NAMES),
  promptSeconds: z.literal(PROMPT_SECONDS_CHOICES),
});

export interface RoomOptions extends TableOptions {
  players: PlayerCount;
  botLevel: BotLevel;
  promptSeconds: PromptSeconds;
}

export const DEFAULT_ROOM_OPTIONS: RoomOptions = {
  players: 4,
  botLevel: 'greedy',
  seatOrder: 'fixed',
  botDelayMs: 600,
  ...DEFAULT_TABLE_OPTIONS,
  promptSeconds: DEFAULT_OPTIONS.promptSeconds as PromptSeconds,
};

/** The engine's options from the room's. */
export function gameOptionsOf(options: RoomOptions): GameOptions {
  return { promptSeconds: options.promptSeconds };
}

/** Create a room: the creator sits down as a player and hosts; room options default as above. */
export const createOptionsSchema = createOptionsSchemaFor(roomOptionsSchema);
export type CreateOptions = z.input<typeof createOptionsSchema>;
