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

/**
 * The same in words, for screen readers and tooltips, in its two largest units: "7 seconds", "9
 * minutes 51 seconds", "2 hours 5 minutes", "2 days 23 hours" (a slow clock's).
 */
export function clockInWords(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const units = [
    ['days', Math.floor(total / 86_400)],
    ['hours', Math.floor((total % 86_400) / 3600)],
    ['minutes', Math.floor((total % 3600) / 60)],
    ['seconds', total % 60],
  ] as const;
  const found = units.findIndex(([, count]) => count > 0);
  const first = found < 0 ? units.length - 1 : found;
  const [larger, smaller] = [units[first], units[first + 1]];
  const inLarger = t(`table.clocks.${larger[0]}`, { count: larger[1] });
  if (!smaller || smaller[1] === 0) return inLarger;
  // The two units as the language joins minutes and seconds.
  return t('table.clocks.minutesSeconds', { minutes: inLarger, seconds: t(`table.clocks.${smaller[0]}`, { count: smaller[1] }) });
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
