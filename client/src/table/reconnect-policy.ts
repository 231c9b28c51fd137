/**
 * When to try again after the connection to a room dropped: soon at first, then less and less
 * often, each wait jittered so that every browser of a restarted server does not come back in
 * the same instant. After RECONNECT_WINDOW_MS of failures the page stops and offers a button.
 *
 * A room the server says does not exist ("not found") may be gone for good or only for a while
 * (a room that could not write closes until it is restored): the page keeps its seat and keeps
 * trying, slowly, for as long as it is open. Every such try is a failed look-up, which the
 * server allows an address 20 of at once and then 10 a minute (LOOKUP_BURST, LOOKUPS_PER_MINUTE):
 * a tab's waits grow to between 30 s and a minute, and all the tabs of a browser together try at
 * most LOOKUPS_PER_MINUTE times a minute (the times are shared in localStorage), so a household's
 * few browsers behind one address stay well under the server's limit.
 */

/** How long the page keeps trying by itself after a dropped connection. */
export const RECONNECT_WINDOW_MS = 2 * 60 * 1000;

/** Why the page is waiting to try again, and so how long: its first wait and its longest. */
const SCHEDULES = {
  /** The connection dropped (network, a dead process). */
  dropped: { firstMs: 500, maxMs: 8000 },
  /** The server said it is restarting: it needs a moment before it listens again. */
  restarting: { firstMs: 1000, maxMs: 8000 },
  /** The room was not found: slowly, each try costs one of the address's failed look-ups. */
  missing: { firstMs: 5000, maxMs: 60_000 },
} as const;
export type RetryReason = keyof typeof SCHEDULES;

/**
 * The wait before attempt `attempt` (1, 2, …): doubling from the reason's first wait up to its
 * longest, then a random point between half of it and all of it ("equal jitter": never
 * hammering, never in step).
 */
export function reconnectDelay(attempt: number, random: () => number, reason: RetryReason = 'dropped'): number {
  const { firstMs, maxMs } = SCHEDULES[reason];
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Whether another attempt fits in the window, `elapsedMs` after the connection dropped. */
export function keepTrying(elapsedMs: number): boolean {
  return elapsedMs < RECONNECT_WINDOW_MS;
}

/** Tries for a room not found, by all the tabs of one browser together, per minute. */
export const LOOKUPS_PER_MINUTE = 2;
const MINUTE_MS = 60_000;

/**
 * How long to wait before another try for a room not found, given when this browser's recent
 * such tries went (`recent`, any order): 0 while fewer than LOOKUPS_PER_MINUTE went in the last
 * minute, else until the oldest of them is a minute old.
 */
export function lookUpWait(recent: readonly number[], now: number): number {
  const inMinute = recentLookUps(recent, now).sort((a, b) => b - a);
  if (inMinute.length < LOOKUPS_PER_MINUTE) return 0;
  return inMinute[LOOKUPS_PER_MINUTE - 1] + MINUTE_MS - now;
}

/** The tries worth remembering at `now`: the last minute's (any from a later time, a clock set back, are dropped). */
export function recentLookUps(recent: readonly number[], now: number): number[] {
  return recent.filter((time) => now - time < MINUTE_MS && time <= now);
}
