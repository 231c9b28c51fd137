import type { TableSeatModel } from '../../../table/table-model';
import { t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { LogLine } from '../model/game-log';

/** The game in words, newest last: every public event, and what was shown to you alone. */
export class LogPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private key = '';
  private readonly words = new LiveWords();
  /** Follow new lines unless the reader has scrolled up to read older ones. */
  private following = true;

  constructor() {
    this.list = this.words.bind(h('ol', { class: 'log-list', dataset: { testid: 'log' }, 'aria-live': 'polite', tabindex: 0 }), {
      label: () => t('mangoku.log.title'),
    });
    this.list.addEventListener('scroll', () => {
      this.following = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 24;
    });
    this.el = this.words.bind(
      h('section', { class: 'panel log-panel' }, this.words.bind(h('h2', { class: 'panel-title' }), { text: () => t('mangoku.log.title') }), this.list),
      {
        label: () => t('mangoku.log.title'),
      },
    );
  }

  /** Its words again in the language chosen now (the lines come worded from the screen's next update). */
  relabel(): void {
    this.words.refresh();
    this.key = '';
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
        : h('li', { class: 'log-line muted', text: t('mangoku.log.empty') }),
    );
    if (this.following) this.list.scrollTop = this.list.scrollHeight;
  }
}
