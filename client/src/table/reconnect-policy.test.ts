import { keepTrying, LOOKUPS_PER_MINUTE, lookUpWait, RECONNECT_WINDOW_MS, reconnectDelay, recentLookUps } from './reconnect-policy';

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
    expect(reconnectDelay(1, () => 1, 'restarting')).toBe(1000);
    expect(reconnectDelay(1, () => 0, 'restarting')).toBe(500);
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

describe('trying for a room that was not found', () => {
  test('waits grow from 2.5–5 s to between 30 s and a minute', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, () => 1, 'missing'))).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect([1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, () => 0, 'missing'))).toEqual([2500, 5000, 10_000, 20_000, 30_000, 30_000]);
  });

  /** The tries one tab makes in `spanMs` with the shortest waits (random 0), starting from its first. */
  function triesIn(spanMs: number): number[] {
    const times: number[] = [];
    for (let at = 0, attempt = 1; at < spanMs; at += reconnectDelay(attempt++, () => 0, 'missing')) times.push(at);
    return times;
  }

  test('one tab alone stays far under the server’s 20 at once and 10 a minute, however long it tries', () => {
    const tries = triesIn(60 * 60_000);
    // Its first minute: the "not found" itself and four more at most; then at most two a minute.
    expect(tries.filter((time) => time < 60_000).length).toBeLessThanOrEqual(5);
    for (let minute = 1; minute < 60; minute++) {
      expect(tries.filter((time) => time >= minute * 60_000 && time < (minute + 1) * 60_000).length).toBeLessThanOrEqual(2);
    }
  });

  test('all the tabs of a browser together: at most LOOKUPS_PER_MINUTE tries in any minute', () => {
    expect(LOOKUPS_PER_MINUTE).toBe(2);
    // Eight tabs, each wanting to try every second, sharing one list of tries as localStorage does.
    const shared: number[] = [];
    const nextTry = Array.from({ length: 8 }, (_, tab) => tab * 100);
    for (let now = 0; now < 10 * 60_000; now += 100) {
      for (let tab = 0; tab < nextTry.length; tab++) {
        if (now < nextTry[tab]) continue;
        const wait = lookUpWait(shared, now);
        if (wait > 0) nextTry[tab] = now + wait;
        else {
          shared.push(now);
          nextTry[tab] = now + 1000;
        }
      }
    }
    for (const start of shared) expect(shared.filter((time) => time >= start && time < start + 60_000).length).toBeLessThanOrEqual(LOOKUPS_PER_MINUTE);
    // And the budget is used: the browser does get its tries.
    expect(shared.length).toBeGreaterThanOrEqual(LOOKUPS_PER_MINUTE * 9);
  });

  test('the wait is until the older of the last minute’s tries is a minute old', () => {
    expect(lookUpWait([], 100_000)).toBe(0);
    expect(lookUpWait([90_000], 100_000)).toBe(0);
    expect(lookUpWait([90_000, 70_000], 100_000)).toBe(30_000);
    expect(lookUpWait([90_000, 95_000, 50_000], 100_000)).toBe(50_000);
    // A minute old: forgotten.
    expect(lookUpWait([40_000, 90_000], 100_000)).toBe(0);
    // From a clock set back since: forgotten rather than waited for.
    expect(recentLookUps([90_000, 500_000], 100_000)).toEqual([90_000]);
  });
});
