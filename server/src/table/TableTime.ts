import { CLOCK_RULES, ClockSnapshot, Clocks, newClocks, nextClockDeadline, ranOut, restoreClocks, snapshotClocks, TableOptions, timedOut, updateClocks } from '@samurai/shared';
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
 * A clock runs for a person who owes a move (the game's seatsToAct), not while the room's bot
 * plays for them. Its every change is written to the room's log, and a server stopping writes the
 * running clocks as they stand: restored, a clock carries on with the time it had left then (after
 * a crash, as of its last change), and the time the server was down is nobody's.
 */
export class TableTime {
  /** Per seat, since when its person has owed a move (0: owes none). */
  private dueSince: number[] = [];
  private clocks: Clocks = NO_CLOCKS;
  /** Per seat, whether its person owes a move (updateDue's scratch list for the clocks). */
  private readonly owing: boolean[] = [];
  private wakeTimer: NodeJS.Timeout | null = null;
  /** The next moment something changes by itself (Infinity: none). */
  private wakeAt = Infinity;
  /** When the wake timer fires: at or before wakeAt. */
  private timerAt = Infinity;

  constructor(private readonly table: TimedTable) {}

  /**
   * Notes who owes a move since when (`acted`: the seat whose move was just accepted owes its
   * next one from now) and runs the clocks accordingly. Returns whether any seat's idle flag changed.
   */
  updateDue(acted = -1): boolean {
    const { seating, session } = this.table;
    const now = Date.now();
    const due = session.seatsToAct();
    let changed = false;
    const owing = this.owing;
    owing.length = seating.seats.length;
    for (let s = 0; s < seating.seats.length; s++) {
      const wasIdle = this.isIdle(s, now);
      const owes = due.includes(s) && seating.botAt(s) === null;
      owing[s] = owes;
      if (!owes) this.dueSince[s] = 0;
      else if (!this.dueSince[s] || s === acted) this.dueSince[s] = now;
      if (this.isIdle(s, now) !== wasIdle) changed = true;
    }
    // A bot's turn (nobody owing, but someone due) ends a person's move; only a game that waits for nobody pauses the clocks.
    if (this.clocks.rule.kind !== 'none') this.setClocks(updateClocks(this.clocks, owing, now, due.length > 0), now);
    this.scheduleWake(now);
    return changed;
  }

  /** The person at `seat` is back: they owe their move from now. */
  resetDue(seat: number): void {
    if (seat >= 0 && this.dueSince[seat]) this.dueSince[seat] = Date.now();
  }

  /** A person who has owed a move for idleAfterMs: the host may let a bot play for them. */
  isIdle(seat: number, now = Date.now()): boolean {
    const since = this.dueSince[seat] ?? 0;
    return since > 0 && now - since >= this.table.config.idleAfterMs;
  }

  /** A new game's clocks: full time for every seat, none running yet. */
  startGame(now = Date.now()): void {
    const { config, options, seating, mirror } = this.table;
    this.clocks = newClocks(config.clockRules[options.clock], seating.seats.length);
    mirror.syncClocks(this.clocks, null, now);
  }

  /** A restored game's clocks, from the last ones written (see restoreClocks). */
  restore(snapshot: ClockSnapshot | null, now: number): void {
    const { config, options, seating } = this.table;
    this.clocks = restoreClocks(config.clockRules[options.clock], snapshot, seating.seats.length, now);
  }

  /** Every seat's time left as of now, into the state (a newcomer's first state, a restored room's). */
  showClocks(now = Date.now()): void {
    this.table.mirror.syncClocks(this.clocks, null, now);
  }

  /** The server is stopping: running clocks are written down as they stand, to carry on from there. */
  writeDown(): void {
    const event = this.clockEvent();
    if (event) this.table.journal.append([event]);
  }

  /** The running clocks as they stand, as the log's event (none without clocks or once the game is over). */
  clockEvent(): { kind: 'clock'; data: string } | null {
    if (this.clocks.rule.kind === 'none' || this.table.session.phase === 'over') return null;
    return { kind: 'clock', data: JSON.stringify(snapshotClocks(this.clocks, Date.now())) };
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
    this.table.journal.append([{ kind: 'clock', data: JSON.stringify(snapshotClocks(next, now)) }]);
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
      const member = seating.seats[seat];
      if (member && member.bot === null && member.standIn === null) seating.standIn(seat, options.botLevel, true);
    }
    const awayMs = options.awayMinutes * config.awayMinuteMs;
    if (awayMs === 0) return;
    seating.seats.forEach((member, seat) => {
      if (member && member.bot === null && !member.connected && member.standIn === null && now - member.awaySince >= awayMs) seating.standIn(seat, options.botLevel);
    });
  }

  private gameUnderWay(): boolean {
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
      for (const m of seating.members) if (m.bot === null && !m.connected && m.standIn === null) at = Math.min(at, m.awaySince + awayMs);
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

  dispose(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }
}
