import { CLOCK_RULES, ClockId, ClockReading, leftMsAt } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { h, setText, svgElement } from '../ui/dom';
import { clockInWords, followClocks, formatClock, LOW_TIME_MS } from './seat-clocks';
import { CLOCK_FIELD } from './table-options';
import type { ChatAndClocks } from './chat-and-clocks';
import type { TableModel } from './table-model';

/** How often a running clock's figure is redrawn. */
const TICK_MS = 250;

const CLOCK_ICON =
  '<svg viewBox="0 0 24 24" width="12" height="12"><circle cx="12" cy="13" r="8.5" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M12 8.5V13l3 2M9.5 2.5h5" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>';

/** One place a clock is shown: its element, and the figure in it. */
interface Face {
  readonly el: HTMLElement;
  readonly time: HTMLElement;
  /** The seat it shows (the banner's changes); -1: none. */
  seat: number;
}

/**
 * Every seat's clock, for players and spectators alike: its time left, counting down while it
 * runs. Each seat's panel carries its own (`seat`), as a board game site's player panels do, and
 * the turn banner the one that matters now (`banner`): yours while it runs, else that of the seat
 * the game waits for. Hidden when the room plays without a clock.
 */
export class SeatClocks {
  private readings: readonly ClockReading[] = [];
  /** The game the readings are of. */
  private game = 0;
  private clock: ClockId = 'none';
  /** Each seat's name as its clock says it ("You" for yours). */
  private names: string[] = [];
  private yourSeat = -1;
  private readonly seats: Face[] = [];
  private readonly bannerFace: Face = SeatClocks.face('banner-seat-clock', -1);
  private timer: ReturnType<typeof setInterval> | null = null;

  /**
   * Seat `seat`'s clock for its player panel: the same element for the table's life (a panel
   * drawn again puts it back), kept current here.
   */
  seat(seat: number): HTMLElement {
    while (this.seats.length <= seat) this.seats.push(SeatClocks.face('seat-clock', this.seats.length));
    this.render();
    return this.seats[seat].el;
  }

  /** The clock for the turn banner, showing yours while it runs, else `acting`'s (the seat the game waits for; -1: none). */
  banner(acting: number): HTMLElement {
    this.bannerFace.seat = acting;
    this.render();
    return this.bannerFace.el;
  }

  update(model: TableModel, talk: ChatAndClocks): void {
    const now = performance.now();
    this.clock = talk.clock;
    this.yourSeat = model.yourSeat;
    this.names = model.seats.map((seat) => (seat.isYou ? t('table.clocks.you') : seat.name));
    if (this.clock === 'none') {
      this.readings = [];
      this.stop();
    } else {
      ({ game: this.game, readings: this.readings } = followClocks(
        { game: this.game, readings: this.readings },
        model.game,
        talk.seats.map((s) => s.clock),
        now,
        CLOCK_RULES[this.clock],
      ));
    }
    this.render(now);
    if (this.readings.some((r) => r.running)) this.start();
    else this.stop();
  }

  /** Out of the room: nothing ticks, and the next room's clocks start afresh. */
  destroy(): void {
    this.stop();
    this.readings = [];
  }

  /** The language changed: the words come again with the next update. */
  relabel(): void {
    this.names = [];
  }

  private static face(testid: string, seat: number): Face {
    const time = h('span', { class: 'seat-clock-time' });
    // A timer: its name says whose clock and what is left (the figure alone would say neither).
    const el = h(
      'span',
      { class: `seat-clock ${testid}`, role: 'timer', hidden: true, dataset: { testid, seat } },
      svgElement(CLOCK_ICON, 'icon seat-clock-icon'),
      time,
    );
    return { el, time, seat };
  }

  private render(now = performance.now()): void {
    const label = CLOCK_FIELD.choices.find((c) => c.value === this.clock)?.label ?? this.clock;
    for (const face of this.seats) this.show(face, face.seat, now, label);
    const you = this.readings[this.yourSeat];
    this.show(this.bannerFace, you?.running ? this.yourSeat : this.bannerFace.seat, now, label, true);
  }

  /** Shows seat `seat`'s clock on `face`; `runningOnly`: hidden while it stands still. */
  private show(face: Face, seat: number, now: number, label: string, runningOnly = false): void {
    const reading = this.readings[seat];
    const hidden = !reading || (runningOnly && !reading.running);
    if (face.el.hidden !== hidden) face.el.hidden = hidden;
    if (!reading) return;
    const left = leftMsAt(reading, now);
    setText(face.time, formatClock(left));
    face.el.dataset.running = String(reading.running);
    face.el.dataset.shows = String(seat);
    face.el.classList.toggle('low', reading.running && left < LOW_TIME_MS);
    const name = this.names[seat] ?? '';
    const words = `${t(reading.running ? 'table.clocks.leftRunning' : 'table.clocks.left', { name, time: clockInWords(left) })} (${t('table.clocks.title', { clock: label })})`;
    if (face.el.title !== words) {
      face.el.title = words;
      face.el.setAttribute('aria-label', words);
    }
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.render(), TICK_MS);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
