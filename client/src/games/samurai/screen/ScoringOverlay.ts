import { END_REASONS, EndReason, GameView } from '@samurai/shared';
import { scoringReveal } from '../model/scoring-steps';
import { SeatModel } from '../model/view-model';
import { CASTE_NAMES } from '../model/words';
import { h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';

export interface ScoringActions {
  rematch(): void;
  recordUrl(): string;
  /** The replay of this game, to watch it again (a new tab); null where there is none. */
  replayUrl(): string | null;
  leave(): void;
}

const STEP_MS = 1100;

const REASONS: Readonly<Record<EndReason, string>> = {
  'caste-gone': 'The last piece of a caste has left the board.',
  'fourth-aside': 'The fourth piece has been set aside.',
  'all-passed': 'A full round passed without a tile played.',
};

/** The end: pieces revealed, leader tokens one caste at a time, the deciding rule, the winner. */
export class ScoringOverlay {
  readonly el: HTMLElement;
  private readonly stepList: HTMLElement;
  private readonly finale: HTMLElement;
  private timer: ReturnType<typeof setInterval> | undefined;
  private shown = 0;
  private readonly total: number;
  private readonly rematchButton: HTMLButtonElement;
  private readonly rematchHint: HTMLElement;

  constructor(view: GameView, seats: readonly SeatModel[], private readonly actions: ScoringActions, isHost: boolean) {
    const result = view.result!;
    const nameOf = (s: number) => seats[s]?.name || `Seat ${s + 1}`;
    const reveal = scoringReveal(result.captured, nameOf);
    this.total = reveal.steps.length;
    const table = h(
      'table',
      { class: 'score-table', dataset: { testid: 'score-table' } },
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col', text: 'Player' }), CASTE_NAMES.map((n, c) => h('th', { scope: 'col', title: n }, pieceFace(c, 20), h('span', { class: 'sr-only', text: n }))), h('th', { scope: 'col', text: 'All' })),
      ),
      h(
        'tbody',
        {},
        seats.map((seat) =>
          h(
            'tr',
            { dataset: { seat: seat.index }, class: reveal.scoring.winners.includes(seat.index) ? 'winner-row' : '' },
            h('th', { scope: 'row' }, seatMark(seat.look, 18), ` ${nameOf(seat.index)}`),
            result.captured[seat.index].map((n, c) => h('td', { dataset: { caste: c }, class: reveal.scoring.leaders[c] === seat.index ? 'leader-cell' : '', text: String(n) })),
            h('td', { class: 'total', text: String(reveal.scoring.totals[seat.index]) }),
          ),
        ),
        h('tr', { class: 'score-aside' }, h('th', { scope: 'row', text: 'Set aside' }), result.aside.map((n) => h('td', { text: String(n) })), h('td', { text: String(result.aside[0] + result.aside[1] + result.aside[2]) })),
      ),
    );
    this.stepList = h('ol', { class: 'score-steps', 'aria-live': 'polite' });
    reveal.steps.forEach((step, i) =>
      this.stepList.appendChild(
        h('li', { class: 'score-step', hidden: true, dataset: { step: i } }, h('strong', { text: step.title }), h('span', { text: step.text })),
      ),
    );
    this.finale = h(
      'div',
      { class: 'finale', hidden: true },
      h('p', { class: 'winner', dataset: { testid: 'winner' }, text: reveal.headline }),
      h('div', { class: 'winner-marks' }, reveal.scoring.winners.map((s) => seatMark(seats[s].look, 40))),
    );
    this.rematchButton = h('button', { type: 'button', class: 'primary', text: 'Rematch', dataset: { testid: 'rematch' }, hidden: !isHost, on: { click: () => this.actions.rematch() } });
    this.rematchHint = h('p', { class: 'muted small', text: isHost ? 'Same seats; the next seat starts.' : 'The host can start a rematch.' });
    const reason = (END_REASONS as readonly string[]).includes(result.reason) ? REASONS[result.reason] : '';
    this.el = h(
      'div',
      { class: 'overlay scoring-overlay', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'scoring-title', dataset: { testid: 'scoring' } },
      h(
        'div',
        { class: 'overlay-card' },
        h('h2', { id: 'scoring-title', text: 'Game over' }),
        h('p', { class: 'muted', text: reason }),
        table,
        this.stepList,
        this.finale,
        h(
          'div',
          { class: 'button-row' },
          h('button', { type: 'button', class: 'quiet', text: 'Show all', dataset: { testid: 'reveal-all' }, on: { click: () => this.revealAll() } }),
          h('a', { class: 'button', href: this.actions.recordUrl(), download: `samurai-${Date.now()}.json`, text: 'Download game record', dataset: { testid: 'download-record' } }),
          this.actions.replayUrl() ? h('a', { class: 'button', href: this.actions.replayUrl(), target: '_blank', rel: 'noopener', text: 'Watch again', dataset: { testid: 'watch-again' } }) : null,
          this.rematchButton,
          h('button', { type: 'button', class: 'quiet', text: 'Look at the board', on: { click: () => this.el.classList.toggle('minimised') } }),
          h('button', { type: 'button', class: 'quiet', text: 'Leave', on: { click: () => this.actions.leave() } }),
        ),
        this.rematchHint,
      ),
    );
    this.timer = setInterval(() => this.next(), STEP_MS);
    this.next();
  }

  /** The host can change (the old one left): only the host sees the rematch button. */
  setHost(isHost: boolean): void {
    this.rematchButton.hidden = !isHost;
    this.rematchHint.textContent = isHost ? 'Same seats; the next seat starts.' : 'The host can start a rematch.';
  }

  destroy(): void {
    clearInterval(this.timer);
    this.el.remove();
  }

  private next(): void {
    const items = this.stepList.children;
    if (this.shown < items.length) (items[this.shown] as HTMLElement).hidden = false;
    this.shown++;
    if (this.shown >= this.total) {
      clearInterval(this.timer);
      this.finale.hidden = false;
      this.el.dataset.revealed = 'true';
      this.el.querySelector<HTMLElement>('[data-testid=reveal-all]')?.setAttribute('hidden', '');
    }
  }

  private revealAll(): void {
    while (this.shown < this.total) this.next();
  }
}
