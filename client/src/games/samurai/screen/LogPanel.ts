import { LogEntry } from '@samurai/shared';
import { SeatModel } from '../model/view-model';
import { logLines } from '../model/words';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';

/** Every public event, newest last, plus private notes (your draws) that only you see. */
export class LogPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private key = '';
  private notes: { at: number; text: string }[] = [];
  private entries: readonly LogEntry[] = [];
  private seats: readonly SeatModel[] = [];
  /** Follow new lines unless the reader has scrolled up to read older ones. */
  private following = true;
  private lastTop = 0;
  private readonly resizeObserver: ResizeObserver;

  /** The line last tapped on a touch screen, whose hexes stay pointed out until it is tapped again. */
  private tapped = '';

  /** `point`: hexes to point out on the board; `tapped` when a tap (not a resting pointer) asked. */
  constructor(point: (hexes: number[], tapped: boolean) => void = () => undefined) {
    this.list = h('ol', { class: 'log-list', dataset: { testid: 'log' }, 'aria-live': 'polite', 'aria-label': 'Game log', tabindex: 0 });
    // Resting the pointer on a line points its hexes out on the board.
    const hexesOf = (line: HTMLElement | null | undefined) => (line?.dataset.hexes ? line.dataset.hexes.split(' ').map(Number) : []);
    this.list.addEventListener('pointerover', (e) => {
      if (e.pointerType === 'touch') return;
      point(hexesOf((e.target as HTMLElement).closest<HTMLElement>('.log-line')), false);
    });
    this.list.addEventListener('pointerleave', (e) => e.pointerType !== 'touch' && point([], false));
    // Nothing rests on a touch screen: a tap on a line points its hexes out, a second tap lets go.
    this.list.addEventListener('click', (e) => {
      if ((e as PointerEvent).pointerType === 'mouse') return;
      const line = (e.target as HTMLElement).closest<HTMLElement>('.log-line');
      const hexes = hexesOf(line);
      if (!line || hexes.length === 0) return;
      const again = this.tapped === line.dataset.hexes;
      this.tapped = again ? '' : line.dataset.hexes!;
      for (const other of this.list.querySelectorAll('.log-line.pointed')) other.classList.remove('pointed');
      line.classList.toggle('pointed', !again);
      point(again ? [] : hexes, true);
    });
    // Only the reader scrolling up stops the following (the panel resizing moves nothing up).
    this.list.addEventListener('scroll', () => {
      const top = this.list.scrollTop;
      const atBottom = this.list.scrollHeight - top - this.list.clientHeight < 24;
      if (atBottom) this.following = true;
      else if (top < this.lastTop - 1) this.following = false;
      this.lastTop = top;
    });
    // The panel grows and shrinks with the others: keep the newest line in view meanwhile.
    this.resizeObserver = new ResizeObserver(() => this.following && this.toBottom());
    this.resizeObserver.observe(this.list);
    this.el = h('section', { class: 'panel log-panel', 'aria-label': 'Game log' }, h('h2', { class: 'panel-title', text: 'Game log' }), this.list);
  }

  update(entries: readonly LogEntry[], seats: readonly SeatModel[]): void {
    this.entries = entries;
    this.seats = seats;
    this.render();
  }

  destroy(): void {
    this.resizeObserver.disconnect();
  }

  /** A private line after the current last entry ("You drew …"). */
  note(text: string): void {
    this.notes.push({ at: this.entries.length, text });
    this.render();
  }

  reset(): void {
    this.notes = [];
    this.key = '';
  }

  private render(): void {
    // The log changes at its end only, but a take-back and the next play leave its length as it was.
    const key = JSON.stringify([this.entries.length, this.entries[this.entries.length - 1], this.notes.length, this.seats.map((s) => s.name)]);
    if (key === this.key) return;
    this.key = key;
    const nameOf = (seat: number) => this.seats[seat]?.name || `Seat ${seat + 1}`;
    const lines = logLines(this.entries, nameOf);
    const items: HTMLElement[] = [];
    let note = 0;
    lines.forEach((line, i) => {
      const seat = line.seat === null ? null : this.seats[line.seat];
      if (line.kind !== 'end') {
        items.push(
          h(
            'li',
            { class: `log-line ${line.kind}`, dataset: { kind: line.kind, hexes: line.hexes.join(' ') } },
            seat ? seatMark(seat.look, 14) : h('span', { class: 'seat-mark none', 'aria-hidden': 'true' }),
            h('span', { text: line.text }),
          ),
        );
      } else {
        items.push(h('li', { class: 'log-line end', dataset: { kind: 'end' }, text: line.text }));
      }
      while (note < this.notes.length && this.notes[note].at <= i + 1) {
        items.push(h('li', { class: 'log-line private', text: this.notes[note].text }));
        note++;
      }
    });
    for (; note < this.notes.length; note++) items.push(h('li', { class: 'log-line private', text: this.notes[note].text }));
    if (items.length === 0) items.push(h('li', { class: 'log-line muted', text: 'Nothing has happened yet.' }));
    fill(this.list, items);
    if (this.following) this.toBottom();
  }

  private toBottom(): void {
    this.list.scrollTop = this.list.scrollHeight;
    this.lastTop = this.list.scrollTop;
  }
}
