import { END_REASONS, EndReason, GameView, PIECES, RecordSeat } from '@samurai/shared';
import { recordLink } from '../../../replay/record-link';
import { scoringReveal } from '../model/scoring-steps';
import { SeatModel } from '../model/view-model';
import { casteName } from '../model/words';
import { t } from '../../../i18n/i18n';
import { ResultAside } from '../../../table/ResultAside';
import { h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';

export interface ScoringActions {
  rematch(): void;
  recordUrl(): string;
  /** Who sat where, written into the downloaded record (null: unknown). */
  recordSeats(): readonly RecordSeat[] | null;
  /** The replay of this game, to watch it again (a new tab); null where there is none. */
  replayUrl(): string | null;
  leave(): void;
}

const STEP_MS = 1100;

const REASON_KEYS: Readonly<Record<EndReason, 'casteGone' | 'fourthAside' | 'allPassed'>> = {
  'caste-gone': 'casteGone',
  'fourth-aside': 'fourthAside',
  'all-passed': 'allPassed',
};

/**
 * The end: pieces revealed, leader tokens one caste at a time, the deciding rule, the winner. It
 * covers the board, not the header; "Look at the board" (or Escape) puts it aside, and `reopen`,
 * in the turn banner meanwhile, brings it back.
 */
export class ScoringOverlay {
  readonly el: HTMLElement;
  private readonly aside: ResultAside;
  private stepList!: HTMLElement;
  private finale!: HTMLElement;
  private timer: ReturnType<typeof setInterval> | undefined;
  private shown = 0;
  private total = 0;
  private rematchButton!: HTMLButtonElement;
  private rematchHint!: HTMLElement;

  constructor(
    private readonly view: GameView,
    private readonly seats: readonly SeatModel[],
    private readonly actions: ScoringActions,
    private isHost: boolean,
  ) {
    this.el = h('div', {
      class: 'overlay scoring-overlay',
      role: 'dialog',
      'aria-modal': 'false',
      'aria-labelledby': 'scoring-title',
      dataset: { testid: 'scoring' },
    });
    this.aside = new ResultAside(this.el, () => this.el.querySelector('[data-testid=look-at-board]'));
    this.el.appendChild(this.card());
    this.timer = setInterval(() => this.next(), STEP_MS);
    this.next();
  }

  /** Brings the scoring back once it is put aside (hidden while it shows). */
  get reopen(): HTMLButtonElement {
    return this.aside.reopen;
  }

  /** Its words again, in the language chosen now: the steps shown so far stay shown (and put aside, if it was). */
  relabel(): void {
    this.aside.relabel();
    const shown = this.shown;
    this.el.replaceChildren(this.card());
    this.shown = 0;
    while (this.shown < Math.min(shown, this.total)) this.next();
    this.shown = shown;
  }

  private card(): HTMLElement {
    const { view, seats, isHost } = this;
    const result = view.result!;
    const nameOf = (s: number) => seats[s]?.name || t('samurai.seat', { n: s + 1 });
    // The words speak to you (a player, not a spectator): "You win!".
    const reveal = scoringReveal(result.captured, nameOf, seats.find((s) => s.isYou)?.index ?? -1);
    this.total = reveal.steps.length;
    const castes = PIECES.map((_, c) => casteName(c));
    const table = h(
      'table',
      { class: 'score-table', dataset: { testid: 'score-table' } },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('samurai.scoring.player') }),
          castes.map((n, c) => h('th', { scope: 'col', title: n }, pieceFace(c, 20), h('span', { class: 'sr-only', text: n }))),
          h('th', { scope: 'col', text: t('samurai.scoring.all') }),
        ),
      ),
      h(
        'tbody',
        {},
        seats.map((seat) =>
          h(
            'tr',
            { dataset: { seat: seat.index }, class: reveal.scoring.winners.includes(seat.index) ? 'winner-row' : '' },
            h('th', { scope: 'row' }, seatMark(seat.look, 18), ` ${nameOf(seat.index)}`),
            result.captured[seat.index].map((n, c) =>
              h('td', { dataset: { caste: c }, class: reveal.scoring.leaders[c] === seat.index ? 'leader-cell' : '', text: String(n) }),
            ),
            h('td', { class: 'total', text: String(reveal.scoring.totals[seat.index]) }),
          ),
        ),
        h(
          'tr',
          { class: 'score-aside' },
          h('th', { scope: 'row', text: t('samurai.scoring.setAside') }),
          result.aside.map((n) => h('td', { text: String(n) })),
          h('td', { text: String(result.aside[0] + result.aside[1] + result.aside[2]) }),
        ),
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
      h(
        'div',
        { class: 'winner-marks' },
        reveal.scoring.winners.map((s) => seatMark(seats[s].look, 40)),
      ),
    );
    this.rematchButton = h('button', {
      type: 'button',
      class: 'primary',
      text: t('samurai.scoring.rematch'),
      dataset: { testid: 'rematch' },
      hidden: !isHost,
      on: { click: () => this.actions.rematch() },
    });
    this.rematchHint = h('p', { class: 'muted small' });
    this.sayRematch();
    const reason = (END_REASONS as readonly string[]).includes(result.reason) ? t(`samurai.scoring.reasons.${REASON_KEYS[result.reason]}`) : '';
    return h(
      'div',
      { class: 'overlay-card' },
      h('h2', { id: 'scoring-title', text: t('samurai.scoring.gameOver') }),
      h('p', { class: 'muted', text: reason }),
      table,
      this.stepList,
      this.finale,
      h(
        'div',
        { class: 'button-row' },
        h('button', {
          type: 'button',
          class: 'quiet',
          text: t('samurai.scoring.showAll'),
          dataset: { testid: 'reveal-all' },
          on: { click: () => this.revealAll() },
        }),
        recordLink(this.actions.recordUrl(), () => this.actions.recordSeats(), `samurai-${Date.now()}.json`, t('samurai.scoring.download')),
        this.actions.replayUrl()
          ? h('a', {
              class: 'button',
              href: this.actions.replayUrl(),
              target: '_blank',
              rel: 'noopener',
              text: t('samurai.scoring.watchAgain'),
              dataset: { testid: 'watch-again' },
            })
          : null,
        this.rematchButton,
        h('button', {
          type: 'button',
          class: 'quiet',
          text: t('samurai.scoring.lookAtBoard'),
          dataset: { testid: 'look-at-board' },
          on: { click: () => this.aside.setHidden(true) },
        }),
        h('button', { type: 'button', class: 'quiet', text: t('samurai.scoring.leave'), on: { click: () => this.actions.leave() } }),
      ),
      this.rematchHint,
    );
  }

  /** The host can change (the old one left): only the host sees the rematch button. */
  setHost(isHost: boolean): void {
    this.rematchButton.hidden = !isHost;
    this.isHost = isHost;
    this.sayRematch();
  }

  /** Who may start a rematch; where nobody hosts (a lesson, a replay: no room behind the game), no word of one. */
  private sayRematch(): void {
    const hosted = this.isHost || this.seats.some((s) => s.isHost);
    this.rematchHint.textContent = !hosted ? '' : this.isHost ? t('samurai.scoring.rematchHost') : t('samurai.scoring.rematchOthers');
    this.rematchHint.hidden = !hosted;
  }

  destroy(): void {
    clearInterval(this.timer);
    this.aside.destroy();
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
