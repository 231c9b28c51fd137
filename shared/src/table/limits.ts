/** WebSocket close codes the server uses (besides Colyseus's own). */
export const CLOSE_RATE_LIMITED = 4429;
/** Another connection reclaimed this seat with its token (another tab, or after a reload). */
export const CLOSE_SEAT_TAKEN_OVER = 4409;
/** The host removed you from your seat. */
export const CLOSE_REMOVED = 4410;

export const RATE_LIMIT_PER_SECOND = 20;
export const RATE_LIMIT_STRIKE_WINDOW_MS = 10_000;
/** The largest message the room reads (the largest real one is well under 300 bytes). */
export const MAX_MESSAGE_BYTES = 1024;
/** Frames above this close the connection (WebSocket 1009) before the room sees them. */
export const MAX_FRAME_BYTES = 4096;
export const MAX_SPECTATORS = 50;

