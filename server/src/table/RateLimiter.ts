/** What to do with one more message from a client. */
export type RateVerdict = 'ok' | 'warn' | 'drop' | 'disconnect';

/**
 * At most `perSecond` messages in each one-second window. The first window over the limit earns a
 * warning (its excess is dropped); going over again within `strikeWindowMs` of that warning
 * earns a disconnection. A window past FLOOD_FACTOR times the limit is no burst a person could
 * make but a flood: it is disconnected at once, since every frame it is allowed costs a read.
 */
export const FLOOD_FACTOR = 5;

export class RateLimiter {
  private windowStart = -Infinity;
  private count = 0;
  private warnedThisWindow = false;
  private lastStrike = -Infinity;

  constructor(
    private readonly perSecond: number,
    private readonly strikeWindowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(): RateVerdict {
    const now = this.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
      this.warnedThisWindow = false;
    }
    this.count++;
    if (this.count <= this.perSecond) return 'ok';
    if (this.count > this.perSecond * FLOOD_FACTOR) return 'disconnect';
    if (this.warnedThisWindow) return 'drop';
    if (now - this.lastStrike < this.strikeWindowMs) return 'disconnect';
    this.lastStrike = now;
    this.warnedThisWindow = true;
    return 'warn';
  }
}
