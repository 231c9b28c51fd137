import { z } from 'zod';
import { colourSchema } from './colours';
import { nameSchema } from './names';

/** A secret seat token (issued by the server; base64url of 24 random bytes). */
export const seatTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'not a seat token');

export const ROLES = ['player', 'spectator'] as const;
export type Role = (typeof ROLES)[number];

/** Join a room: sit down as a player, watch, or reclaim your seat with its token. */
export const joinOptionsSchema = z.union([
  z.strictObject({ seatToken: seatTokenSchema }),
  z.strictObject({ role: z.literal('player'), name: nameSchema, colour: colourSchema.optional() }),
  z.strictObject({ role: z.literal('spectator'), name: nameSchema.optional() }),
]);
export type JoinOptions = z.input<typeof joinOptionsSchema>;

export interface WelcomeMessage {
  readonly role: Role;
  /** Your public member id: your seat is the one with this id (empty for spectators). */
  readonly memberId: string;
  /** Keep it secret, keep it safe (localStorage, under seatTokenKey(code)); null for spectators. */
  readonly seatToken: string | null;
}
