import { z } from 'zod';
import { seatTokenSchema } from './joining';
import { isRoomCode } from './room-codes';

/**
 * "Your games": a browser asks the server about the tables it holds a seat in, by their codes and
 * its seat tokens (`POST /api/your-games`), and answers each with a table's summary. A code with
 * a token that is not one of its seats' is answered as a code that does not exist.
 */

/** Tables one request may ask about (a browser keeps more: it asks in pages of this many). */
export const YOUR_GAMES_PER_REQUEST = 40;

export const yourGamesRequestSchema = z.strictObject({
  seats: z
    .array(z.strictObject({ code: z.string().refine(isRoomCode, 'not a room code'), token: seatTokenSchema }))
    .min(1)
    .max(YOUR_GAMES_PER_REQUEST),
});
export type YourGamesRequest = z.infer<typeof yourGamesRequestSchema>;

/** Where a table's game stands: its lobby before the first game, a game under way, a game over. */
export const TABLE_STAGES = ['lobby', 'playing', 'over'] as const;
export type TableStage = (typeof TABLE_STAGES)[number];

/** One player as the list shows them. */
export interface SummaryPlayer {
  readonly name: string;
  readonly colour: string;
  readonly bot: boolean;
}

/** A table as its players' lists show it. */
export interface TableSummary {
  readonly code: string;
  /** The game's name (its room type, as the registry names it). */
  readonly game: string;
  readonly stage: TableStage;
  /** Seat by seat, in turn order (null: an open seat). */
  readonly players: readonly (SummaryPlayer | null)[];
  /** The seats that owe a move now. */
  readonly toAct: readonly number[];
  /** When the game last moved (ms since 1970); the table's start for a lobby. */
  readonly lastMoveAt: number;
  /** The current game's number (its record's, once over); 0 in a lobby before the first game. */
  readonly gameNumber: number;
  /** The seat the asking token holds; null for a finished game whose table has closed (its record alone is left). */
  readonly yourSeat: number | null;
}

/** The answer: one entry per seat asked about, in order; null where nothing was found. */
export interface YourGamesAnswer {
  readonly tables: readonly (TableSummary | null)[];
}
