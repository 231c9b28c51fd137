import { clockInWords, formatClock } from './seat-clocks';

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
  });
});
