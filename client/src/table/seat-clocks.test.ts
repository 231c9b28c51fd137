import { CLOCK_RULES, leftMsAt } from '@samurai/shared';
import { clockInWords, followClocks, formatClock } from './seat-clocks';

describe('seat clocks as people read them', () => {
  it('read as people read clocks', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(1)).toBe('0:01');
    expect(formatClock(7_000)).toBe('0:07');
    expect(formatClock(591_000)).toBe('9:51');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('0:00');
    expect(clockInWords(7_000)).toBe('7 seconds');
    expect(clockInWords(61_000)).toBe('1 minute 1 second');
    expect(clockInWords(600_000)).toBe('10 minutes');
    expect(clockInWords(0)).toBe('0 seconds');
    // A slow clock's: its two largest units.
    expect(clockInWords(2 * 3_600_000 + 5 * 60_000 + 7_000)).toBe('2 hours 5 minutes');
    expect(clockInWords(3 * 86_400_000)).toBe('3 days');
    expect(clockInWords(2 * 86_400_000 + 23 * 3_600_000 + 59 * 60_000)).toBe('2 days 23 hours');
    expect(clockInWords(86_400_000 + 60_000)).toBe('1 day');
  });
});

describe('following the clocks from the state', () => {
  const bank = CLOCK_RULES['bank-20m-20s'];
  it('reads a new game’s clocks afresh, not what the last game left', () => {
    // Game 1: Ann's bank (sent once, 12000 tenths) runs 16 minutes and stops; the state sends no new figure.
    let followed = followClocks({ game: 0, readings: [] }, 1, [{ tenths: 12_000, running: true }], 0, bank);
    followed = followClocks(followed, 1, [{ tenths: 12_000, running: false }], 960_000, bank);
    expect(leftMsAt(followed.readings[0], 960_000)).toBe(240_000);
    // The rematch deals a full bank: the same figure as the state already holds, so no patch changes it.
    followed = followClocks(followed, 2, [{ tenths: 12_000, running: false }], 961_000, bank);
    expect(leftMsAt(followed.readings[0], 961_000)).toBe(1_200_000);
    // Her first move adds the increment to the full bank.
    followed = followClocks(followed, 2, [{ tenths: 12_000, running: true }], 962_000, bank);
    expect(leftMsAt(followed.readings[0], 962_000)).toBe(1_220_000);
  });
});
