/** How much one address may do: `burst` at once, refilled at `perMinute`. */
export interface BucketRule {
  readonly burst: number;
  readonly perMinute: number;
}

export type Take = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

const OK: Take = { ok: true };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client address. Buckets that have refilled carry no information, so they
 * are forgotten when the map grows past `maxTracked` (an attacker with many addresses cannot
 * grow it without bound; a forgotten bucket is simply full again).
 */
export class AddressBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
    private readonly maxTracked = 50_000,
  ) {
    this.perMs = rule.perMinute / 60_000;
  }

  /** Spends one token of `address`, or says how long until there is one. */
  take(address: string): Take {
    const bucket = this.refilled(address);
    if (bucket.tokens < 1) return this.refusal(bucket);
    bucket.tokens -= 1;
    this.remember(address, bucket);
    return OK;
  }

  /**
   * Gives back a token `take` spent, when what it was spent on turned out to cost nothing (a
   * look-up that found its room). Never beyond the burst; a bucket forgotten meanwhile is full.
   */
  giveBack(address: string): void {
    if (!this.buckets.has(address)) return;
    const bucket = this.refilled(address);
    bucket.tokens = Math.min(this.rule.burst, bucket.tokens + 1);
  }

  private refilled(address: string): Bucket {
    const now = this.now();
    const bucket = this.buckets.get(address);
    if (!bucket) return { tokens: this.rule.burst, at: now };
    bucket.tokens = Math.min(this.rule.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    return bucket;
  }

  private refusal(bucket: Bucket): Take {
    const retryAfterMs = this.perMs > 0 ? Math.ceil((1 - bucket.tokens) / this.perMs) : Number.POSITIVE_INFINITY;
    return { ok: false, retryAfterMs };
  }

  private remember(address: string, bucket: Bucket): void {
    if (!this.buckets.has(address) && this.buckets.size >= this.maxTracked) this.forgetFull();
    this.buckets.set(address, bucket);
  }

  /** Drops buckets that have refilled (oldest first); if none has, the oldest ones. */
  private forgetFull(): void {
    const now = this.now();
    for (const [address, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.rule.burst) this.buckets.delete(address);
    }
    const excess = this.buckets.size - Math.floor(this.maxTracked * 0.9);
    if (excess > 0) {
      let dropped = 0;
      for (const address of this.buckets.keys()) {
        if (dropped++ >= excess) break;
        this.buckets.delete(address);
      }
    }
  }
}
