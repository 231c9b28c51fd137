import {
  CLOCK_RULES,
  ClockSnapshot,
  Clocks,
  isRunning,
  isSlowClock,
  newClocks,
  nextClockDeadline,
  postponeClocks,
  ranOut,
  restoreClocks,
  snapshotClocks,
  startAfterWait,
  TableOptions,
  timedOut,
  updateClocks,
} from '@samurai/shared';
import type { GameSession } from './game-module';
import type { RoomConfig } from './room-config';
import type { RoomJournal } from './RoomJournal';
import type { Seating } from './Seating';
import type { TableMirror } from './TableMirror';

/** What of its room the table's time reads and writes. */
export interface TimedTable {
  readonly config: RoomConfig;
  readonly options: TableOptions;
  readonly seating: Seating;
  readonly session: GameSession;
  readonly mirror: TableMirror;
  readonly journal: RoomJournal;
  /** The wake timer fired: whatever was due happens now, and is shown. */
  woke(): void;
}

/** No clock: a room in its lobby, or a game without one. */
const NO_CLOCKS = newClocks(CLOCK_RULES.none, 0);

/**
 * A room's time: who has owed a move since when (idle players), the game's clocks (clock.ts), the
 * host's grace, the away time, and the one wake timer for the next moment any of them (or the
 * game's own time: GameSession.nextDeadline) changes something by itself.
 *
 * A clock runs for a person who owes a move (the game's seatsToAct), not for a move the room's bot
 * began for them; a move its person began runs on their clock until it is made, by them or by a
 * bot standing in. Its every change is written to the room's log, and a server stopping writes the
 * running clocks as they stand: restored, a clock carries on with the time it had left then (after
 * a crash, as of its last change), and the time the server was down is nobody's.
 *
 * How long a seat has owed its move counts from when the move fell due until it is made (a turn
 * of several plays and its end is one move, as for the clocks), whoever plays it: a bot
 * standing in, a reconnection or "I'm back" do not start it again. So a person cannot keep the
 * table waiting past the idle time by handing their seat to the bot and taking it back, nor by
 * playing and taking back; and once a bot stands in for a move its person kept the table waiting
 * for (idle, or out of time), the seat is theirs again only once that move is made (owedByStandIn).
 */
export class TableTime {
  /** Per seat, since when it has owed its current move (0: owes none), whoever plays it. */
  private dueSince: number[] = [];
  /** Per seat, the dueSince of the move whose time ran out (0: none): the bot makes that move. */
  private ranOutAt: number[] = [];
  /** Per seat, how many times in a row its clock ran out, with no move of its person's between (the table's log keeps it). */
  timeoutsInARow: number[] = [];
  private clocks: Clocks = NO_CLOCKS;
  /** Per seat, whether its clock runs for a move owed (updateDue's scratch list for the clocks). */
  private readonly owing: boolean[] = [];
  /**
   * What the clocks were last updated for (updateDue): the seats owing as bits, whether anyone
   * was due, and the clocks that came of it. The same again changes nothing (updateClocks is
   * idempotent), so a move within a turn costs the clocks nothing.
   */
  private owingBits = -1;
  private owingWaiting = false;
  private owingClocks: Clocks | null = null;
  /** When the clocks last changed, not yet written to the log (0: written). */
  private clockChangedAt = 0;
  private wakeTimer: NodeJS.Timeout | null = null;
  /** The next moment something changes by itself (Infinity: none). */
  private wakeAt = Infinity;
  /** When the wake timer fires: at or before wakeAt. */
  private timerAt = Infinity;
  /** Since when the room has waited for its storage (0: it does not): its time stands still meanwhile. */
  private heldAt = 0;

  constructor(private readonly table: TimedTable) {}

  /**
   * Notes which seats owe a move since when and runs the clocks accordingly. Returns whether any
   * seat's idle flag changed, or a slow game's seat was given back to its person (seats to sync and
   * write down). A change of the clocks is written to the log at once, unless the caller takes it
   * to write with its own events (`writeClock` false: see takeClockChange).
   */
  updateDue(writeClock = true): boolean {
    const { seating, session } = this.table;
    const now = Date.now();
    const due = session.seatsToAct();
    let changed = false;
    let bits = 0;
    const owing = this.owing;
    owing.length = seating.seats.length;
    for (let s = 0; s < seating.seats.length; s++) {
      const owes = due.includes(s);
      // Before its debt is cleared: whether the bot made the move whose time ran out.
      if (!owes && this.slowMoveMadeForThem(s)) changed = true;
      const since = this.dueSince[s] ?? 0;
      const next = owes ? since || now : 0;
      // Only a seat whose debt began or ended can turn idle or back (idleAfterMs 0: at once).
      const wasIdle = next !== since && this.isIdle(s, now);
      this.dueSince[s] = next;
      if (next !== since && this.isIdle(s, now) !== wasIdle) changed = true;
      // A move its person began stays on their clock while a bot stands in, until it is made.
      owing[s] = owes && (seating.botAt(s) === null || isRunning(this.clocks, s));
      if (owing[s]) bits |= 1 << s;
    }
    // A bot's turn (nobody owing, but someone due) ends a person's move; only a game that waits for nobody pauses the clocks.
    const waiting = due.length > 0;
    if (this.clocks.rule.kind !== 'none' && (bits !== this.owingBits || waiting !== this.owingWaiting || this.clocks !== this.owingClocks)) {
      this.setClocks(updateClocks(this.clocks, owing, now, waiting), now);
      this.owingBits = bits;
      this.owingWaiting = waiting;
      this.owingClocks = this.clocks;
    }
    if (writeClock) this.writeClockChange();
    this.scheduleWake(now);
    return changed;
  }

  /**
   * At your own pace (a slow clock), the move whose time ran out was made (by the bot standing in):
   * the seat is its person's again, their clock runs for their next move as anyone's. Answers
   * whether it gave the seat back.
   */
  private slowMoveMadeForThem(seat: number): boolean {
    const ranOutAt = this.ranOutAt[seat] ?? 0;
    if (ranOutAt === 0 || ranOutAt !== this.dueSince[seat] || !isSlowClock(this.table.options.clock)) return false;
    this.ranOutAt[seat] = 0;
    const member = this.table.seating.seats[seat];
    if (!member?.standIn) return false;
    member.standIn = null;
    return true;
  }

  /**
   * The clocks' change not written yet, as the log's event, for the caller to write in the same
   * append as what changed them (a move and the clocks it stops and starts: one write); null when
   * they did not change.
   */
  takeClockChange(): { kind: 'clock'; data: string } | null {
    const at = this.clockChangedAt;
    if (at === 0) return null;
    this.clockChangedAt = 0;
    return { kind: 'clock', data: JSON.stringify(snapshotClocks(this.clocks, at)) };
  }

  private writeClockChange(): void {
    const event = this.takeClockChange();
    if (event) this.table.journal.append([event]);
  }

  /** A person who has owed a move for idleAfterMs, with no bot playing it: the host may let a bot play for them. */
  isIdle(seat: number, now = Date.now()): boolean {
    const since = this.dueSince[seat] ?? 0;
    return since > 0 && now - since >= this.table.config.idleAfterMs && this.table.seating.botAt(seat) === null;
  }

  /**
   * Whether a bot stands in for a move its person kept the table waiting for (they were idle, or
   * their time ran out): neither "I'm back", a move of theirs nor a reconnection takes the seat
   * back before that move is made.
   */
  owedByStandIn(seat: number, now = Date.now()): boolean {
    const since = this.dueSince[seat] ?? 0;
    if (since === 0 || !this.table.seating.seats[seat]?.standIn) return false;
    return now - since >= this.table.config.idleAfterMs || this.ranOutAt[seat] === since;
  }

  /** A new game's clocks: full time for every seat, none running yet. */
  startGame(now = Date.now()): void {
    const { config, options, seating, mirror } = this.table;
    this.timeoutsInARow = seating.seats.map(() => 0);
    this.clocks = newClocks(config.clockRules[options.clock], seating.seats.length);
    mirror.syncClocks(this.clocks, null, now);
  }

  /**
   * A restored game's clocks, from the last ones written (see restoreClocks), running since
   * `since`: now after a restart (the time the server was down is nobody's), or when the table was
   * unloaded (its clocks ran on meanwhile: the players were away, not the server).
   */
  restore(snapshot: ClockSnapshot | null, since: number): void {
    const { config, options, seating } = this.table;
    this.clocks = restoreClocks(config.clockRules[options.clock], snapshot, seating.seats.length, since);
  }

  /** Every seat's time left as of now, into the state (a newcomer's first state, a restored room's). */
  showClocks(now = Date.now()): void {
    this.table.mirror.syncClocks(this.clocks, null, now);
  }

  /** The server is stopping, or the table unloading: running clocks are written down as they stand, to carry on from there. */
  writeDown(now = Date.now()): void {
    const event = this.clockEvent(now);
    if (event) this.table.journal.append([event]);
  }

  /** The running clocks as they stand, as the log's event (none without clocks or once the game is over). */
  clockEvent(now = Date.now()): { kind: 'clock'; data: string } | null {
    if (this.clocks.rule.kind === 'none' || this.table.session.phase === 'over') return null;
    return { kind: 'clock', data: JSON.stringify(snapshotClocks(this.clocks, now)) };
  }

  /**
   * When a table unloaded at `now` (every person away) must come back by itself, or null: a
   * seat's clock runs out, or its person's away time ends (counted from the unloading: a table
   * brought back has everyone away since then). Whatever else the wake timer waits for (a seat
   * shown idle, the host's grace) changes nothing for a table nobody is at.
   */
  wakeWhileUnloaded(now: number): number | null {
    const { seating, options, config } = this.table;
    let at = nextClockDeadline(this.clocks);
    const awayMs = options.awayMinutes * config.awayMinuteMs;
    if (awayMs > 0 && this.gameUnderWay() && seating.members.some((m) => m.bot === null && m.standIn === null)) at = Math.min(at, now + awayMs);
    return at === Infinity ? null : at;
  }

  /**
   * New clocks: mirrored and written down, so a restart keeps them. Which clocks run is always
   * sent; a seat's time only when a browser could not work it out (see seat-clocks.ts in the
   * client): a clock that stops keeps what it had left, which every browser counting it down
   * already shows (a clock that ran out is sent: 0); a new move per move starts at the time the
   * state holds (sent when it differs); a bank's new move at what was left plus the increment. A
   * clock that carries on after a pause is sent. So a move costs each client a few bytes, not a dozen.
   */
  private setClocks(next: Clocks, now: number): void {
    const previous = this.clocks;
    if (next === previous) return;
    this.clocks = next;
    const perMove = next.rule.kind === 'move';
    this.table.mirror.syncClocks(
      next,
      // A clock that ran out is sent too: a browser counting it down stops a little short of zero ("0:01").
      next.seats.map((clock, s) => clock !== previous.seats[s] && (clock.since !== null ? perMove || previous.seats[s]?.paused === true : clock.leftMs === 0)),
      now,
    );
    // Written by the caller (updateDue, expire), or with the move that changed them (takeClockChange).
    this.clockChangedAt = now;
  }

  /**
   * The table's own time: a seat whose clock ran out, or whose person has been away for the
   * host's away time, gets the room's bot, which plays for them until they act again or come back.
   */
  expire(now: number): void {
    if (!this.gameUnderWay()) return;
    const { seating, options, config } = this.table;
    for (const seat of ranOut(this.clocks, now)) {
      this.setClocks(timedOut(this.clocks, seat), now);
      this.ranOutAt[seat] = this.dueSince[seat] ?? 0;
      this.timeoutsInARow[seat] = (this.timeoutsInARow[seat] ?? 0) + 1;
      const member = seating.seats[seat];
      if (member && member.bot === null && member.standIn === null) seating.standIn(seat, options.botLevel, true);
    }
    this.writeClockChange();
    const awayMs = options.awayMinutes * config.awayMinuteMs;
    if (awayMs === 0) return;
    seating.seats.forEach((member, seat) => {
      if (member && member.bot === null && !member.connected && member.standIn === null && now - member.awaySince >= awayMs)
        seating.standIn(seat, options.botLevel);
    });
  }

  gameUnderWay(): boolean {
    const phase = this.table.session.phase;
    return phase !== 'lobby' && phase !== 'over';
  }

  /**
   * One timer for the next moment something changes by itself: a seat turns idle, a host's grace
   * ends, the game's own time runs out (a prompt's limit: see GameSession.nextDeadline), a seat's
   * clock runs out, a person has been away for the away time.
   */
  scheduleWake(now: number): void {
    const { session, seating, config, options } = this.table;
    let at = session.nextDeadline?.() ?? Infinity;
    for (const since of this.dueSince) if (since > 0 && now - since < config.idleAfterMs) at = Math.min(at, since + config.idleAfterMs);
    at = Math.min(at, nextClockDeadline(this.clocks));
    const awayMs = options.awayMinutes * config.awayMinuteMs;
    if (awayMs > 0 && this.gameUnderWay()) {
      for (const m of seating.seats) if (m && m.bot === null && !m.connected && m.standIn === null) at = Math.min(at, m.awaySince + awayMs);
    }
    const host = seating.byId(seating.hostId);
    if (host && !host.connected && host.bot === null) {
      const graceEnds = host.awaySince + config.hostGraceMs;
      if (graceEnds > now) at = Math.min(at, graceEnds);
    }
    this.wakeAt = at;
    // A timer due no later than `at` is kept: when it fires early it only waits on (see woken). A
    // person's move usually puts the next moment further off, so a move costs no new timer.
    if (at === Infinity || (this.wakeTimer && this.timerAt <= at)) return;
    this.arm(at, now);
  }

  private arm(at: number, now: number): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.timerAt = at;
    this.wakeTimer = setTimeout(this.woken, Math.max(0, at - now) + 1);
  }

  private readonly woken = (): void => {
    this.wakeTimer = null;
    const now = Date.now();
    if (this.wakeAt === Infinity) return;
    if (now < this.wakeAt) return this.arm(this.wakeAt, now);
    this.wakeAt = Infinity;
    this.table.woke();
  };

  /** The room waits for its storage: nothing happens by itself until carryOn (the room ignores a wake meanwhile). */
  hold(now = Date.now()): void {
    if (this.heldAt) return;
    this.heldAt = now;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }

  /**
   * The room writes again: the time it waited was nobody's (nobody could move). Who has owed a
   * move since when, who has been away since when (the host's absence too), the running clocks and
   * the game's own time carry on from where they stood when the wait began.
   */
  carryOn(now = Date.now()): void {
    const heldAt = this.heldAt;
    if (!heldAt) return;
    this.heldAt = 0;
    const { seating, session, mirror, journal } = this.table;
    for (let s = 0; s < this.dueSince.length; s++) {
      if (!(this.dueSince[s] > 0)) continue;
      const since = startAfterWait(this.dueSince[s], heldAt, now);
      // The move whose time ran out is still that move (owedByStandIn compares the two).
      if (this.ranOutAt[s] === this.dueSince[s]) this.ranOutAt[s] = since;
      this.dueSince[s] = since;
    }
    for (const member of seating.members) if (!member.connected) member.awaySince = startAfterWait(member.awaySince, heldAt, now);
    session.postpone?.(heldAt, now);
    const clocks = postponeClocks(this.clocks, heldAt, now);
    if (clocks !== this.clocks) {
      this.clocks = clocks;
      // Browsers counted the running clocks down meanwhile: every seat's time is sent again.
      mirror.syncClocks(clocks, null, now);
      journal.append([{ kind: 'clock', data: JSON.stringify(snapshotClocks(clocks, now)) }]);
    }
    this.scheduleWake(now);
  }

  dispose(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }
}
