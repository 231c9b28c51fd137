import { FLOOD_FACTOR, RateLimiter } from './RateLimiter';

describe('RateLimiter', () => {
  it('allows the limit each second, warns once, drops the rest, and disconnects a second offence', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 10_000, () => now);
    expect([1, 2, 3, 4, 5].map(() => limiter.hit())).toEqual(['ok', 'ok', 'ok', 'warn', 'drop']);
    now = 1000;
    expect([1, 2, 3].map(() => limiter.hit())).toEqual(['ok', 'ok', 'ok']);
    expect(limiter.hit()).toBe('disconnect');
  });

  it('disconnects a flood within its first second, warned or not', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 10_000, () => now);
    const verdicts = Array.from({ length: 3 * FLOOD_FACTOR + 1 }, () => limiter.hit());
    expect(verdicts.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'warn', 'drop']);
    expect(verdicts.slice(5, -1).every((v) => v === 'drop')).toBe(true);
    expect(verdicts.at(-1)).toBe('disconnect');
    // A burst just under the flood mark in a fresh window is only warned.
    now = 60_000;
    expect(Array.from({ length: 3 * FLOOD_FACTOR }, () => limiter.hit())).not.toContain('disconnect');
  });

  it('forgives an old warning', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 10_000, () => now);
    expect([limiter.hit(), limiter.hit()]).toEqual(['ok', 'warn']);
    now = 20_000;
    expect([limiter.hit(), limiter.hit()]).toEqual(['ok', 'warn']);
  });
});
