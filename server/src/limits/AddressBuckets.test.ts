import { AddressBuckets } from './AddressBuckets';

describe('AddressBuckets', () => {
  it('allows the burst, then one token per refill period, and says when the next one comes', () => {
    let now = 0;
    const buckets = new AddressBuckets({ burst: 3, perMinute: 6 }, () => now); // one token per 10 s
    expect([1, 2, 3].map(() => buckets.take('a').ok)).toEqual([true, true, true]);
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterMs: 10_000 });
    now = 4_000;
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterMs: 6_000 });
    now = 10_000;
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
  });

  it('keeps addresses apart', () => {
    const buckets = new AddressBuckets({ burst: 1, perMinute: 1 }, () => 0);
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
    expect(buckets.take('b').ok).toBe(true);
  });

  it('takes a token back when given, never beyond the burst', () => {
    const buckets = new AddressBuckets({ burst: 2, perMinute: 1 }, () => 0);
    expect([1, 2].map(() => buckets.take('a').ok)).toEqual([true, true]);
    buckets.giveBack('a');
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
    buckets.giveBack('a');
    buckets.giveBack('a');
    buckets.giveBack('a');
    expect([1, 2, 3].map(() => buckets.take('a').ok)).toEqual([true, true, false]);
    // An address never seen has nothing to give back: still just its burst.
    buckets.giveBack('b');
    expect([1, 2, 3].map(() => buckets.take('b').ok)).toEqual([true, true, false]);
  });

  it('never refills beyond the burst', () => {
    let now = 0;
    const buckets = new AddressBuckets({ burst: 2, perMinute: 60 }, () => now);
    buckets.take('a');
    now = 3_600_000;
    expect([1, 2, 3].map(() => buckets.take('a').ok)).toEqual([true, true, false]);
  });

  it('forgets refilled buckets when it tracks too many, and stays bounded under many addresses', () => {
    let now = 0;
    const buckets = new AddressBuckets({ burst: 1, perMinute: 60 }, () => now, 100);
    for (let i = 0; i < 10_000; i++) {
      buckets.take(`10.0.${i >> 8}.${i & 255}`);
      now += 5;
    }
    expect((buckets as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThanOrEqual(100);
    // The most recent address is still limited.
    expect(buckets.take('10.0.39.15').ok).toBe(false);
  });
});
