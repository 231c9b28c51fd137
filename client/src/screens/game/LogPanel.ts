import { LogEntry } from '@samurai/shared';
import { SeatModel } from '../../model/view-model';
import { logLines } from '../../model/words';
import { fill, h } from '../../ui/dom';
import { seatMark } from '../../ui/faces';

/** Every public event, newest last, plus private notes (your draws) that only you see. */
export class LogPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private key = '';
  private notes: { at: number; text: string }[] = [];
  private entries: readonly LogEntry[] = [];
  private seats: readonly SeatModel[] = [];

  constructor() {
    this.list = h('ol', { class: 'log-list', dataset: { testid: 'log' }, 'aria-live': 'polite' });
    this.el = h('section', { class: 'panel log-panel', 'aria-label': 'Game log' }, h('h2', { class: 'panel-title', text: 'Game log' }), this.list);
  }

  update(entries: readonly LogEntry[], seats: readonly SeatModel[]): void {
    this.entries = entries;
    this.seats = seats;
    this.render();
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
    const key = JSON.stringify([this.entries.length, this.notes.length, this.seats.map((s) => s.name)]);
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
            { class: `log-line ${line.kind}${line.undone ? ' undone' : ''}`, dataset: { kind: line.kind } },
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
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    fill(this.list, items);
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }
}
