import type { TableSeatModel } from '../../../table/table-model';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { LogLine } from '../model/game-log';

/** The game in words, newest last: every public event, and what was shown to you alone. */
export class LogPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private key = '';
  /** Follow new lines unless the reader has scrolled up to read older ones. */
  private following = true;

  constructor() {
    this.list = h('ol', { class: 'log-list', dataset: { testid: 'log' }, 'aria-live': 'polite', 'aria-label': 'Game log', tabindex: 0 });
    this.list.addEventListener('scroll', () => {
      this.following = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 24;
    });
    this.el = h('section', { class: 'panel log-panel', 'aria-label': 'Game log' }, h('h2', { class: 'panel-title', text: 'Game log' }), this.list);
  }

  update(lines: readonly LogLine[], seats: readonly TableSeatModel[]): void {
    // Every line: a turn's line grows as it is played (a card taken, then played) while the last line stays an answer.
    const key = JSON.stringify([lines, seats.map((s) => [s.name, s.colourId])]);
    if (key === this.key) return;
    this.key = key;
    fill(
      this.list,
      lines.length
        ? lines.map((line) =>
            h(
              'li',
              { class: `log-line mk-${line.kind}${line.kind === 'private' ? ' private' : ''}`, dataset: { kind: line.kind } },
              line.seat !== null && seats[line.seat] ? seatMark(seats[line.seat].look, 14) : h('span', { class: 'mk-no-mark', 'aria-hidden': 'true' }),
              h('span', { text: line.text }),
            ),
          )
        : h('li', { class: 'log-line muted', text: 'Nothing has happened yet.' }),
    );
    if (this.following) this.list.scrollTop = this.list.scrollHeight;
  }
}
