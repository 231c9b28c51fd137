import { CLOCK_RULES, ClockReading, leftMsAt, nextReadings } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { fill, h, setText } from '../ui/dom';
import { seatMark } from '../ui/seat-look';
import { clockInWords, formatClock, LOW_TIME_MS } from './seat-clocks';
import { CLOCK_FIELD } from './table-options';
import type { ChatAndClocks } from './chat-and-clocks';
import type { TableModel } from './table-model';

/** How often a running clock's figure is redrawn. */
const TICK_MS = 250;

/**
 * Every seat's clock in the game's header (the table's bar), for players and spectators alike:
 * its time left, counting down while it runs. Hidden when the room plays without a clock.
 */
export class SeatClocks {
  readonly el: HTMLElement;
  private readings: ClockReading[] = [];
  private chips: { el: HTMLElement; time: HTMLElement; name: string }[] = [];
  private seatsKey = '';
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    this.el = h('span', { class: 'seat-clocks', role: 'group', 'aria-label': t('table.clocks.label'), hidden: true, dataset: { testid: 'seat-clocks' } });
  }

  update(model: TableModel, talk: ChatAndClocks): void {
    const now = performance.now();
    const { clock } = talk;
    this.el.hidden = clock === 'none';
    if (clock === 'none') return this.stop();
    const label = CLOCK_FIELD.choices.find((c) => c.value === clock)?.label ?? clock;
    this.el.title = t('table.clocks.title', { clock: label });
    this.el.setAttribute('aria-label', t('table.clocks.labelWith', { clock: label }));
    const seatsKey = JSON.stringify(model.seats.map((s) => [s.name, s.colourId, s.kind]));
    if (seatsKey !== this.seatsKey) {
      this.seatsKey = seatsKey;
      this.chips = model.seats.map((seat) => {
        const name = seat.isYou ? t('table.clocks.you') : seat.name;
        const time = h('span', { class: 'seat-clock-time' });
        const el = h('span', { class: 'seat-clock', dataset: { testid: 'seat-clock', seat: seat.index } }, seatMark(seat.look, 14), h('span', { class: 'sr-only', text: `${name}: ` }), time);
        return { el, time, name };
      });
      fill(this.el, this.chips.map((c) => c.el));
    }
    this.readings = nextReadings(
      this.readings,
      talk.seats.map((s) => s.clock),
      now,
      CLOCK_RULES[clock],
    );
    this.render(now);
    if (this.readings.some((r) => r.running)) this.start();
    else this.stop();
  }

  destroy(): void {
    this.stop();
  }

  /** The language changed: the chips are made again with the next update. */
  relabel(): void {
    this.seatsKey = '';
  }

  private render(now = performance.now()): void {
    this.readings.forEach((reading, s) => {
      const chip = this.chips[s];
      if (!chip) return;
      const left = leftMsAt(reading, now);
      const text = formatClock(left);
      setText(chip.time, text);
      chip.el.dataset.running = String(reading.running);
      chip.el.classList.toggle('low', reading.running && left < LOW_TIME_MS);
      const words = t(reading.running ? 'table.clocks.leftRunning' : 'table.clocks.left', { name: chip.name, time: clockInWords(left) });
      if (chip.el.title !== words) chip.el.title = words;
    });
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // Gone from the page (the game left): stop ticking.
      if (!this.el.isConnected) return this.stop();
      this.render();
    }, TICK_MS);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
