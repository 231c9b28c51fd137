/**
 * Who sat where, as a game record may say it: optional, and informative only (a replay shows the
 * names; the engine neither needs nor checks them). A record downloaded from a table's end screen
 * names its players, so the file alone replays with them.
 */
import { z } from 'zod';

export interface RecordSeat {
  readonly name: string;
  /** The seat's colour's id (as the table names colours). */
  readonly colour: string;
  /** The bot's level, or null for a person. */
  readonly bot: string | null;
}

/** One entry per seat, in seat order (a reader checks there is one per player). */
export const recordSeatsSchema = z.array(z.strictObject({ name: z.string().max(40), colour: z.string().max(20), bot: z.string().max(20).nullable() }));
