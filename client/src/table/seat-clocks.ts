/**
 * The seats' clocks as a browser shows them. The server sends each seat's time left (tenths of a
 * second, as of the patch that set it) and which clocks run; the browser counts a running clock
 * down from the moment that patch arrived, on its own monotonic clock. It never decides anything
 * with it: the server alone says when time is up.
 */

/** One seat's clock as this browser last heard of it. */
export interface ClockReading {
  /** Time left, tenths of a second, as of `since`. */
  readonly tenths: number;
  readonly running: boolean;
  /** When this browser received that value (performance.now(), ms). */
  readonly since: number;
}

/**
 * The readings after a new state: a seat whose time or running flag changed was set by this
 * patch, so it counts from `now`; a seat the patch left alone keeps counting from when it was set.
 */
export function nextReadings(previous: readonly ClockReading[], seats: readonly { readonly tenths: number; readonly running: boolean }[], now: number): ClockReading[] {
  return seats.map((seat, s) => {
    const before = previous[s];
    if (before && before.tenths === seat.tenths && before.running === seat.running) return before;
    return { tenths: seat.tenths, running: seat.running, since: now };
  });
}

/** Milliseconds left on a clock at `now`. */
export function leftMsAt(reading: ClockReading, now: number): number {
  const ms = reading.tenths * 100;
  return reading.running ? Math.max(0, ms - (now - reading.since)) : ms;
}

/** A clock's time as people read it: "0:07", "9:51", "1:02:03" (whole seconds, rounded up: "0:00" only when it is all gone). */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The same in words, for screen readers and tooltips: "7 seconds", "9 minutes 51 seconds". */
export function clockInWords(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const parts = [minutes > 0 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : '', seconds > 0 || minutes === 0 ? `${seconds} second${seconds === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** Under this, a running clock is shown as urgent. */
export const LOW_TIME_MS = 10_000;
