import { CLOCK_RULES } from './clock';
import { leftMsAt, nextReadings } from './clock-readings';

describe("a browser's reading of the seats' clocks", () => {
  it('count a running clock down from the moment its value arrived, and hold a stopped one', () => {
    const [running, stopped] = nextReadings(
      [],
      [
        { tenths: 300, running: true },
        { tenths: 1200, running: false },
      ],
      1000,
    );
    expect(leftMsAt(running, 1000)).toBe(30_000);
    expect(leftMsAt(running, 11_500)).toBe(19_500);
    expect(leftMsAt(running, 99_000)).toBe(0);
    expect(leftMsAt(stopped, 99_000)).toBe(120_000);
  });

  it('stop a clock the server stopped without a figure at what they counted down to, and start one at the figure the state holds', () => {
    const first = nextReadings(
      [],
      [
        { tenths: 300, running: true },
        { tenths: 300, running: false },
      ],
      1000,
    );
    // Seat 0 has made its move: the patch says only which clocks run.
    const turned = nextReadings(
      first,
      [
        { tenths: 300, running: false },
        { tenths: 300, running: true },
      ],
      8000,
    );
    expect(leftMsAt(turned[0], 60_000)).toBe(23_000);
    expect(leftMsAt(turned[1], 9000)).toBe(29_000);
    // Its next move starts at the state's figure again (per move: the full time, unchanged, so not sent).
    const back = nextReadings(
      turned,
      [
        { tenths: 300, running: true },
        { tenths: 300, running: false },
      ],
      20_000,
    );
    expect(leftMsAt(back[0], 20_000)).toBe(30_000);
    expect(leftMsAt(back[1], 99_000)).toBe(18_000);
  });

  it('keep counting from when a value was set while later patches leave it alone, and restart when it changes', () => {
    const first = nextReadings(
      [],
      [
        { tenths: 300, running: true },
        { tenths: 50, running: false },
      ],
      1000,
    );
    const same = nextReadings(
      first,
      [
        { tenths: 300, running: true },
        { tenths: 50, running: false },
      ],
      5000,
    );
    expect(same[0]).toBe(first[0]);
    expect(leftMsAt(same[0], 5000)).toBe(26_000);
    // The server set them again (a newcomer's first state sends every figure): from now.
    const moved = nextReadings(
      same,
      [
        { tenths: 249, running: false },
        { tenths: 50, running: true },
      ],
      6000,
    );
    expect(leftMsAt(moved[0], 60_000)).toBe(24_900);
    expect(leftMsAt(moved[1], 7000)).toBe(4000);
  });

  it("start a bank's new move at what it had left plus the increment, the server sending only which clocks run", () => {
    const bank = CLOCK_RULES['bank-10m-10s'];
    const dealt = nextReadings(
      [],
      [
        { tenths: 6000, running: false },
        { tenths: 6000, running: false },
      ],
      0,
      bank,
    );
    const first = nextReadings(
      dealt,
      [
        { tenths: 6000, running: true },
        { tenths: 6000, running: false },
      ],
      1000,
      bank,
    );
    expect(leftMsAt(first[0], 1000)).toBe(610_000);
    const turned = nextReadings(
      first,
      [
        { tenths: 6000, running: false },
        { tenths: 6000, running: true },
      ],
      31_000,
      bank,
    );
    expect(leftMsAt(turned[0], 99_000)).toBe(580_000);
    expect(leftMsAt(turned[1], 31_000)).toBe(610_000);
    const again = nextReadings(
      turned,
      [
        { tenths: 6000, running: true },
        { tenths: 6000, running: false },
      ],
      40_000,
      bank,
    );
    expect(leftMsAt(again[0], 40_000)).toBe(590_000);
    // A figure the server sent (after a pause, or to a newcomer) is taken as it is.
    const sent = nextReadings(
      again,
      [
        { tenths: 5555, running: true },
        { tenths: 6000, running: false },
      ],
      41_000,
      bank,
    );
    expect(leftMsAt(sent[0], 41_000)).toBe(555_500);
  });
});
