/**
 * The table's clocks: a time per move, or a time bank per player with an increment. Pure: the
 * room says who owes a move and when; these functions say whose time runs and when it runs out.
 *
 * - A seat's clock runs while its person owes a move (the game's `seatsToAct`, a bot not playing
 *   for them): several at once when several owe (starting hands chosen together).
 * - Per move: each move starts with the full time; a turn of several plays and its end is one move.
 * - A stopped clock keeps the time it had left when it stopped (what the table shows until the
 *   seat's next move begins), so a browser can stop a clock by itself and be right.
 * - Bank: each move adds the increment to the bank when it starts (so an empty bank still leaves
 *   the increment for every move), and the time taken comes off the bank.
 * - Nobody may move at all (a prompt waiting for answers that keeps its own time): every
 *   clock is paused, and a seat that owes again carries on with the time it had left. A seat that
 *   stops owing while the game waits for someone else (a person, or a bot thinking) has finished
 *   its move: its next one starts afresh.
 */

export const CLOCK_IDS = ['none', 'move-30s', 'move-1m', 'move-3m', 'bank-5m-5s', 'bank-10m-10s', 'bank-20m-20s', 'move-12h', 'move-1d', 'move-3d'] as const;
export type ClockId = (typeof CLOCK_IDS)[number];

/**
 * The clocks for playing at your own pace (hours or days a move): nobody is expected to stay at
 * the table. When one runs out the room's bot makes that one move and the seat is its person's
 * again (a live clock's bot plays on for them until they act). Slowness goes by the choice, not by
 * its length, so a test may shorten the time and keep the behaviour.
 */
export const SLOW_CLOCK_IDS = ['move-12h', 'move-1d', 'move-3d'] as const satisfies readonly ClockId[];

export function isSlowClock(clock: ClockId): boolean {
  return (SLOW_CLOCK_IDS as readonly ClockId[]).includes(clock);
}

export type ClockRule =
  | { readonly kind: 'none' }
  | { readonly kind: 'move'; readonly moveMs: number }
  | { readonly kind: 'bank'; readonly bankMs: number; readonly incrementMs: number };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CLOCK_RULES: Readonly<Record<ClockId, ClockRule>> = {
  none: { kind: 'none' },
  'move-30s': { kind: 'move', moveMs: 30 * SECOND },
  'move-1m': { kind: 'move', moveMs: MINUTE },
  'move-3m': { kind: 'move', moveMs: 3 * MINUTE },
  'bank-5m-5s': { kind: 'bank', bankMs: 5 * MINUTE, incrementMs: 5 * SECOND },
  'bank-10m-10s': { kind: 'bank', bankMs: 10 * MINUTE, incrementMs: 10 * SECOND },
  'bank-20m-20s': { kind: 'bank', bankMs: 20 * MINUTE, incrementMs: 20 * SECOND },
  'move-12h': { kind: 'move', moveMs: 12 * HOUR },
  'move-1d': { kind: 'move', moveMs: DAY },
  'move-3d': { kind: 'move', moveMs: 3 * DAY },
};

/** After this many minutes away (its browser gone), a person's seat gets the room's bot; 0: never. */
export const AWAY_MINUTES = [0, 1, 2, 5] as const;
export type AwayMinutes = (typeof AWAY_MINUTES)[number];

export interface SeatClock {
  /** Time left (ms): as of `since` while running, else as it stands. */
  readonly leftMs: number;
  /** When it started running (ms since 1970, the server's clock); null while stopped. */
  readonly since: number | null;
  /** Stopped only because nobody owed a move: owing again carries on rather than starting a move. */
  readonly paused: boolean;
}

export interface Clocks {
  readonly rule: ClockRule;
  readonly seats: readonly SeatClock[];
}

/** A running clock's state as the room's log keeps it (no time of day: a restored clock carries on from when it is restored). */
export interface ClockSnapshot {
  readonly seats: readonly { readonly leftMs: number; readonly running: boolean; readonly paused: boolean }[];
}

const fresh = (rule: ClockRule): SeatClock => ({
  leftMs: rule.kind === 'move' ? rule.moveMs : rule.kind === 'bank' ? rule.bankMs : 0,
  since: null,
  paused: false,
});

/** The clocks of a new game: full time for every seat, none running. */
export function newClocks(rule: ClockRule, seats: number): Clocks {
  return { rule, seats: Array.from({ length: seats }, () => fresh(rule)) };
}

/** Time left on a seat's clock at `now`. */
export function leftAt(clocks: Clocks, seat: number, now: number): number {
  const clock = clocks.seats[seat];
  if (!clock) return 0;
  return clock.since !== null ? Math.max(0, clock.leftMs - (now - clock.since)) : clock.leftMs;
}

export function isRunning(clocks: Clocks, seat: number): boolean {
  return (clocks.seats[seat]?.since ?? null) !== null;
}

/** When a seat's time runs out; Infinity while its clock is stopped. */
export function deadlineOf(clocks: Clocks, seat: number): number {
  const clock = clocks.seats[seat];
  return clock && clock.since !== null ? clock.since + clock.leftMs : Infinity;
}

/** The next moment any seat's time runs out; Infinity when none runs. */
export function nextClockDeadline(clocks: Clocks): number {
  let at = Infinity;
  for (let s = 0; s < clocks.seats.length; s++) at = Math.min(at, deadlineOf(clocks, s));
  return at;
}

/** The seats whose time has run out by `now`. */
export function ranOut(clocks: Clocks, now: number): number[] {
  const seats: number[] = [];
  for (let s = 0; s < clocks.seats.length; s++) if (deadlineOf(clocks, s) <= now) seats.push(s);
  return seats;
}

/**
 * The clocks once `owing` (per seat: its person owes a move) holds from `now` on; `waiting`: the
 * game waits for someone to move, a person or a bot (false only while nobody at all may move).
 * The same object when nothing changed, so the room writes a clock down only when it did.
 */
export function updateClocks(clocks: Clocks, owing: readonly boolean[], now: number, waiting = owing.some(Boolean)): Clocks {
  const { rule } = clocks;
  if (rule.kind === 'none') return clocks;
  let changed = false;
  const seats = clocks.seats.map((clock, s) => {
    const next = nextSeatClock(rule, clock, owing[s] ?? false, waiting, now);
    if (next !== clock) changed = true;
    return next;
  });
  return changed ? { rule, seats } : clocks;
}

function nextSeatClock(rule: Exclude<ClockRule, { kind: 'none' }>, clock: SeatClock, owes: boolean, waiting: boolean, now: number): SeatClock {
  const running = clock.since !== null;
  if (running === owes && !(clock.paused && !owes && waiting)) return clock;
  if (running) {
    const left = Math.max(0, clock.leftMs - (now - (clock.since ?? now)));
    // Nobody may move at all: a pause, not the end of this seat's move.
    if (!waiting) return { leftMs: left, since: null, paused: true };
    return finished(left);
  }
  if (owes) {
    if (clock.paused) return { leftMs: clock.leftMs, since: now, paused: false };
    return { leftMs: rule.kind === 'move' ? rule.moveMs : clock.leftMs + rule.incrementMs, since: now, paused: false };
  }
  // Paused, and the table has moved on without this seat (its move was made for it): finished.
  return finished(clock.leftMs);
}

function finished(leftMs: number): SeatClock {
  return { leftMs, since: null, paused: false };
}

/**
 * A seat whose time ran out (the room's bot plays for it now): its move is over. When its person
 * takes the seat back they start a new move: the full time per move, or the increment on an empty bank.
 */
export function timedOut(clocks: Clocks, seat: number): Clocks {
  const { rule } = clocks;
  if (rule.kind === 'none' || !clocks.seats[seat]) return clocks;
  return { rule, seats: clocks.seats.map((clock, s) => (s === seat ? finished(0) : clock)) };
}

/**
 * The clocks once the time from `heldAt` to `now` is nobody's (the room could not write to its
 * storage, so nobody could move): every running clock carries on from where it stood at `heldAt`
 * (one started since, from where it started). The same object when no clock runs.
 */
export function postponeClocks(clocks: Clocks, heldAt: number, now: number): Clocks {
  if (!clocks.seats.some((clock) => clock.since !== null)) return clocks;
  return {
    rule: clocks.rule,
    seats: clocks.seats.map((clock) => (clock.since === null ? clock : { ...clock, since: startAfterWait(clock.since, heldAt, now) })),
  };
}

/**
 * When something that started at `time` (a clock, a debt of a move, an absence) counts as started,
 * once the time from `heldAt` to `now` stood still: later by as much of the wait as came after it.
 */
export function startAfterWait(time: number, heldAt: number, now: number): number {
  return time + Math.max(0, now - Math.max(time, heldAt));
}

/**
 * When something due at `time` (a prompt's end) falls due, once the time from `heldAt` to `now`
 * stood still: what was still to come when the wait began is still to come, as long, after it.
 */
export function dueAfterWait(time: number, heldAt: number, now: number): number {
  return time > heldAt ? time + (now - heldAt) : time;
}

/** The clocks as of `now`, for the room's log. */
export function snapshotClocks(clocks: Clocks, now: number): ClockSnapshot {
  return { seats: clocks.seats.map((clock, s) => ({ leftMs: leftAt(clocks, s, now), running: clock.since !== null, paused: clock.paused })) };
}

/**
 * The clocks of a restored room: each carries on from `now` with the time it had left when
 * last written (the time the server was down is nobody's). A snapshot that does not fit (another
 * number of seats) gives fresh clocks.
 */
export function restoreClocks(rule: ClockRule, snapshot: ClockSnapshot | null, seats: number, now: number): Clocks {
  if (rule.kind === 'none' || !snapshot || snapshot.seats.length !== seats) return newClocks(rule, seats);
  return {
    rule,
    seats: snapshot.seats.map((s) => ({ leftMs: Math.max(0, Number(s.leftMs) || 0), since: s.running ? now : null, paused: Boolean(s.paused) })),
  };
}
