/**
 * The seats' clocks as a browser reads them from the room state (the table's wire, like the
 * game's viewFromRoomState): each seat's time left in tenths of a second (clockLeft, as of the
 * patch that set it) and which clocks run (clockRunning). A browser counts a running clock down
 * from the moment that patch arrived, on its own monotonic clock, and never decides anything with
 * it: the server alone says when time is up.
 */
import { CLOCK_RULES, ClockRule } from './clock';

/** One seat's clock as this browser last heard of it. */
export interface ClockReading {
  /** Time left, tenths of a second, as of `since`. */
  readonly tenths: number;
  readonly running: boolean;
  /** When this browser received that value (performance.now(), ms). */
  readonly since: number;
  /** The seat's time as the state last said it (the server sends it when a clock starts, not when it stops). */
  readonly sent: number;
}

/**
 * The readings after a new state, for a clock of `rule`. The server sends which clocks run, and a
 * seat's time only when a browser cannot work it out (TableTime.setClocks): a seat whose time the
 * patch set counts from `now`; a clock the patch stopped stops at what this browser counted down
 * to (the server's own figure: a stopped clock keeps what it had left); a clock the patch started
 * starts, per move, at the time the state holds, and for a bank at what it had left plus the
 * increment; a seat the patch left alone keeps counting. Every figure is sent again to every
 * browser whenever someone joins.
 */
export function nextReadings(
  previous: readonly ClockReading[],
  seats: readonly { readonly tenths: number; readonly running: boolean }[],
  now: number,
  rule: ClockRule = CLOCK_RULES.none,
): ClockReading[] {
  return seats.map((seat, s) => {
    const before = previous[s];
    if (!before || before.sent !== seat.tenths) return { tenths: seat.tenths, running: seat.running, since: now, sent: seat.tenths };
    if (before.running === seat.running) return before;
    if (!seat.running) return { tenths: Math.ceil(leftMsAt(before, now) / 100), running: false, since: now, sent: seat.tenths };
    const tenths = rule.kind === 'bank' ? before.tenths + rule.incrementMs / 100 : seat.tenths;
    return { tenths, running: true, since: now, sent: seat.tenths };
  });
}

/** Milliseconds left on a clock at `now`. */
export function leftMsAt(reading: ClockReading, now: number): number {
  const ms = reading.tenths * 100;
  return reading.running ? Math.max(0, ms - (now - reading.since)) : ms;
}
