/** Room codes: the id of a private room, typed and read aloud by people. */

/** Uppercase letters and digits without look-alikes (0/O, 1/I/L). */
export const ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/**
 * 31⁶ ≈ 887 million codes: with failed look-ups limited per address (the server's
 * LOOKUP_LIMIT), finding any one of 1,000 live rooms by guessing takes one address months.
 * Six characters still read aloud and type easily (shown as two groups of three).
 */
export const ROOM_CODE_LENGTH = 6;
const ROOM_CODE_PATTERN = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

export function isRoomCode(text: unknown): text is string {
  return typeof text === 'string' && ROOM_CODE_PATTERN.test(text);
}

/** A code as a person typed it (any case, spaces or dashes) in canonical form, or null. */
export function normaliseRoomCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  return isRoomCode(code) ? code : null;
}

/** The invite link for a room: the client reads `room` from the query string. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?room=${code}`;
}

/** Where a browser keeps the secret seat token of a room. */
export function seatTokenKey(code: string): string {
  return `samurai.seatToken.${code}`;
}
