import { z } from 'zod';

/*
 * The table's heartbeat. The server pings every socket with WebSocket ping frames, but a browser
 * answers those itself and never tells the page: a page on a socket whose server is frozen
 * (SIGSTOP) or cut off sees nothing wrong. So a page that has heard nothing from its room for a
 * while asks, with a tiny request the room answers at once (no state, no store, any member or
 * spectator); no answer in time and the page drops the socket and reconnects with its seat token,
 * to wherever the room lives by then.
 */

/** The page's question: "are you there?". Counted by the room's rate limiter like any message. */
export const HEARTBEAT_REQUEST = 'ping';
/** The room's answer, sent to the asker alone. */
export const HEARTBEAT_ANSWER = 'pong';
/** A heartbeat carries nothing. */
export const heartbeatSchema = z.strictObject({}).optional();

/**
 * A page asks after this long without a frame from its room. A room in play sends patches more
 * often than that, so a busy table costs no heartbeat at all; a quiet one, one small request
 * every two seconds per connection (the rate limit allows 20 a second).
 */
export const HEARTBEAT_AFTER_SILENCE_MS = 2000;
/**
 * A question left unanswered this long means the connection is dead: a frozen room is noticed
 * within silence + timeout, 5 s, about when its lease runs out and another process claims it.
 */
export const HEARTBEAT_TIMEOUT_MS = 3000;
