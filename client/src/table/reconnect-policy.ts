/**
 * When to try again after the connection to a room dropped: soon at first, then less and less
 * often, each wait jittered so that every browser of a restarted server does not come back in
 * the same instant. After RECONNECT_WINDOW_MS of failures the page stops and offers a button.
 */

/** How long the page keeps trying by itself. */
export const RECONNECT_WINDOW_MS = 2 * 60 * 1000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;
/** A server that said it is restarting needs a moment before it listens again. */
const RESTART_FIRST_DELAY_MS = 1000;

/**
 * The wait before attempt `attempt` (1, 2, …): doubling from half a second up to 8 s, then a
 * random point between half of it and all of it ("equal jitter": never hammering, never in step).
 */
export function reconnectDelay(attempt: number, random: () => number, restarting = false): number {
  const first = restarting ? RESTART_FIRST_DELAY_MS : FIRST_DELAY_MS;
  const ceiling = Math.min(MAX_DELAY_MS, first * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Whether another attempt fits in the window, `elapsedMs` after the connection dropped. */
export function keepTrying(elapsedMs: number): boolean {
  return elapsedMs < RECONNECT_WINDOW_MS;
}
