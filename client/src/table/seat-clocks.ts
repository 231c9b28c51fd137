import { ClockReading, ClockRule, nextReadings } from '@samurai/shared';
import { t } from '../i18n/i18n';

/**
 * The seats' clocks as people read them. (How a browser follows them from the room state is
 * shared/src/table/clock-readings.ts.)
 */

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
  const inMinutes = t('table.clocks.minutes', { count: minutes });
  const inSeconds = t('table.clocks.seconds', { count: seconds });
  if (minutes === 0) return inSeconds;
  return seconds === 0 ? inMinutes : t('table.clocks.minutesSeconds', { minutes: inMinutes, seconds: inSeconds });
}

/** Under this, a running clock is shown as urgent. */
export const LOW_TIME_MS = 10_000;

/** The clocks a browser follows, and the game they are of. */
export interface FollowedClocks {
  readonly game: number;
  readonly readings: readonly ClockReading[];
}

/**
 * The readings after a state of game `game` (nextReadings). A new game reads every clock afresh
 * from the state: the state sends a figure only when it changes, so a reading kept from the last
 * game (a bank's 3:12, a timed-out seat's 0:00) would otherwise outlive it.
 */
export function followClocks(
  followed: FollowedClocks,
  game: number,
  seats: readonly { readonly tenths: number; readonly running: boolean }[],
  now: number,
  rule: ClockRule,
): FollowedClocks {
  return { game, readings: nextReadings(game === followed.game ? followed.readings : [], seats, now, rule) };
}
