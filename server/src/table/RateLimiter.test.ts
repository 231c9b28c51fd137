import { RateLimiter } from './RateLimiter';

describe('RateLimiter', () => {
  it('allows the limit each second, warns once, drops the rest, and disconnects a second offence', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 10_000, () => now);
    expect([1, 2, 3, 4, 5].map(() => limiter.hit())).toEqual(['ok', 'ok', 'ok', 'warn', 'drop']);
    now = 1000;
    expect([1, 2, 3].map(() => limiter.hit())).toEqual(['ok', 'ok', 'ok']);
    expect(limiter.hit()).toBe('disconnect');
  });

  it('forgives an old warning', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 10_000, () => now);
    expect([limiter.hit(), limiter.hit()]).toEqual(['ok', 'warn']);
    now = 20_000;
    expect([limiter.hit(), limiter.hit()]).toEqual(['ok', 'warn']);
  });
});
