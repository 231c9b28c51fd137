import { clockInWords, formatClock, leftMsAt, nextReadings } from './seat-clocks';

describe('seat clocks in the browser', () => {
  it('count a running clock down from the moment its value arrived, and hold a stopped one', () => {
    const [running, stopped] = nextReadings([], [{ tenths: 300, running: true }, { tenths: 1200, running: false }], 1000);
    expect(leftMsAt(running, 1000)).toBe(30_000);
    expect(leftMsAt(running, 11_500)).toBe(19_500);
    expect(leftMsAt(running, 99_000)).toBe(0);
    expect(leftMsAt(stopped, 99_000)).toBe(120_000);
  });

  it('keep counting from when a value was set while later patches leave it alone, and restart when it changes', () => {
    const first = nextReadings([], [{ tenths: 300, running: true }, { tenths: 50, running: false }], 1000);
    const same = nextReadings(first, [{ tenths: 300, running: true }, { tenths: 50, running: false }], 5000);
    expect(same[0]).toBe(first[0]);
    expect(leftMsAt(same[0], 5000)).toBe(26_000);
    // The server set it again (a move made, the clock restarted): from now.
    const moved = nextReadings(same, [{ tenths: 300, running: false }, { tenths: 50, running: true }], 6000);
    expect(leftMsAt(moved[0], 60_000)).toBe(30_000);
    expect(leftMsAt(moved[1], 7000)).toBe(4000);
  });

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
