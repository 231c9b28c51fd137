import { RoomError } from '@samurai/shared';

/** A connection cut off for flooding waits this long to come back (by seat and by address). */
interface Cooldown {
  until: number;
  strikes: number;
}

/** The longest wait, however many times a seat or an address flooded. */
const MAX_COOLDOWN_MS = 10 * 60 * 1000;

/** A join refused because its seat or address is cooling down. */
export interface CoolingDown {
  readonly ok: false;
  readonly error: RoomError.CoolingDown;
  readonly detail: string;
}

/**
 * Seats and addresses cut off for flooding (by key: `address:<a>`, `member:<id>`): each waits
 * before it may come back, twice as long each time, at most MAX_COOLDOWN_MS.
 */
export class FloodCooldowns {
  private readonly cooldowns = new Map<string, Cooldown>();

  constructor(private readonly firstWaitMs: number) {}

  /** Why a join under `key` must wait, or null if it need not. */
  check(key: string, now = Date.now()): CoolingDown | null {
    const cooldown = this.cooldowns.get(key);
    const wait = cooldown ? cooldown.until - now : 0;
    if (wait <= 0) return null;
    return { ok: false, error: RoomError.CoolingDown, detail: `You were disconnected for sending too much: come back in ${Math.ceil(wait / 1000)} s.` };
  }

  /** A connection was cut off for flooding: each of its keys waits, longer each time. */
  start(keys: readonly string[], now = Date.now()): void {
    for (const [key, cooldown] of this.cooldowns) if (now - cooldown.until > MAX_COOLDOWN_MS) this.cooldowns.delete(key);
    for (const key of keys) {
      const strikes = (this.cooldowns.get(key)?.strikes ?? 0) + 1;
      const wait = Math.min(MAX_COOLDOWN_MS, this.firstWaitMs * 2 ** (strikes - 1));
      this.cooldowns.set(key, { until: now + wait, strikes });
    }
  }
}
