import { keepTrying, RECONNECT_WINDOW_MS, reconnectDelay } from './reconnect-policy';

describe('reconnect policy', () => {
  test('waits grow from half a second and stop growing at 8 s', () => {
    const whole = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => reconnectDelay(n, whole))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });

  test('each wait is jittered between half of it and all of it', () => {
    expect(reconnectDelay(4, () => 0)).toBe(2000);
    expect(reconnectDelay(4, () => 0.5)).toBe(3000);
    const seen = new Set(Array.from({ length: 50 }, (_, i) => reconnectDelay(3, () => i / 50)));
    expect(seen.size).toBeGreaterThan(40);
    for (const delay of seen) expect(delay >= 1000 && delay <= 2000).toBe(true);
  });

  test('a server that is restarting is given a second before the first attempt', () => {
    expect(reconnectDelay(1, () => 1, true)).toBe(1000);
    expect(reconnectDelay(1, () => 0, true)).toBe(500);
  });

  test('the page keeps trying for two minutes: at least 18 attempts even with the longest waits', () => {
    expect(keepTrying(0)).toBe(true);
    expect(keepTrying(RECONNECT_WINDOW_MS - 1)).toBe(true);
    expect(keepTrying(RECONNECT_WINDOW_MS)).toBe(false);
    // Even with the longest waits every time, many attempts fit in the window.
    let elapsed = 0;
    let attempts = 0;
    while (keepTrying(elapsed)) elapsed += reconnectDelay(++attempts, () => 1);
    expect(RECONNECT_WINDOW_MS).toBe(120_000);
    expect(attempts).toBeGreaterThanOrEqual(18);
  });
});
