/** WebSocket close codes the server uses (besides Colyseus's own). */
export const CLOSE_RATE_LIMITED = 4429;
/** Another connection reclaimed this seat with its token (another tab, or after a reload). */
export const CLOSE_SEAT_TAKEN_OVER = 4409;
/** The host removed you from your seat. */
export const CLOSE_REMOVED = 4410;
/** A bot plays your seat now (you conceded, or the host gave it to a bot): the seat token is no longer valid. */
export const CLOSE_SEAT_TO_BOT = 4411;
/** The connection did not finish joining in time (JOIN_CONFIRM_TIMEOUT_MS). */
export const CLOSE_JOIN_TIMEOUT = 4408;
/** The room closed because its creator never connected to it. */
export const CLOSE_ABANDONED = 4404;
/** The server is restarting (a deploy) or its room could not be written down: reconnect quietly, the room comes back. */
export const CLOSE_RESTARTING = 4503;

export const RATE_LIMIT_PER_SECOND = 20;
export const RATE_LIMIT_STRIKE_WINDOW_MS = 10_000;
/** The largest message the room reads (the largest real one is well under 300 bytes). */
export const MAX_MESSAGE_BYTES = 1024;
/** Frames above this close the connection (WebSocket 1009) before the room sees them. */
export const MAX_FRAME_BYTES = 4096;
export const MAX_SPECTATORS = 50;
/** A socket must confirm its join within this time, or it is closed. */
export const JOIN_CONFIRM_TIMEOUT_MS = 5000;
/** A person who has owed a move this long may have a bot stand in for them, connected or not. */
export const IDLE_AFTER_MS = 2 * 60 * 1000;
/** A person who timed out this many times in a row (no move of their own between) may have their seat given to a bot by the host. */
export const TIMEOUTS_BEFORE_REPLACING = 3;
/** The host keeps the role through an absence this long before it passes on. */
export const HOST_GRACE_MS = 60 * 1000;
