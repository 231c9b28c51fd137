import { mangoku, RecordSeat } from '@samurai/shared';
import { recordLink } from '../../../replay/record-link';
import { t } from '../../../i18n/i18n';
import type { TableSeatModel } from '../../../table/table-model';
import { ResultAside } from '../../../table/ResultAside';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { cardRow } from '../ui/card-face';
import { ordinal, resultLines, who, Wording } from '../model/words';

export interface ResultActions {
  rematch(): void;
  /** Where the record downloads from, or null when there is none (the harness). */
  recordUrl(): string | null;
  /** Who sat where, written into the downloaded record (null: unknown). */
  recordSeats(): readonly RecordSeat[] | null;
  /** The replay of this game, to watch it again (a new tab); null where there is none. */
  replayUrl?(): string | null;
  /** The result was put aside (to see the table) or brought back. */
  hidden?(hidden: boolean): void;
}

/**
 * The game's end: the ranking by coins (a draw-off for first place, if coins tied), the record, a
 * rematch. "See the table" (or Escape) puts it aside, the table and the header free again; the
 * `reopen` button, which the turn banner shows meanwhile, brings it back.
 */
export class ResultOverlay {
  readonly el: HTMLElement;
  /** Brings the result back once it is put aside (hidden while the result shows). */
  readonly reopen: HTMLButtonElement;
  private readonly aside: ResultAside;
  private readonly cardEl: HTMLElement;
  private readonly rematchButton: HTMLButtonElement;
  private readonly seeTable: HTMLButtonElement;
  private readonly hint: HTMLElement;

  constructor(
    private readonly actions: ResultActions,
    result: mangoku.Result,
    seats: readonly TableSeatModel[],
    w: Wording,
    isHost: boolean,
    /** Put aside already (the same result built again in another language). */
    hidden = false,
  ) {
    this.rematchButton = h('button', {
      type: 'button',
      class: 'primary',
      text: t('mangoku.result.rematch'),
      dataset: { testid: 'rematch' },
      on: { click: () => this.actions.rematch() },
    });
    this.seeTable = h('button', {
      type: 'button',
      class: 'quiet',
      text: t('mangoku.result.seeTable'),
      dataset: { testid: 'close-result' },
      on: { click: () => this.setHidden(true) },
    });
    this.hint = h('p', { class: 'muted small' });
    const url = this.actions.recordUrl();
    // Places: first place alone; each next group's place counts the players ahead of it.
    let ahead = 0;
    const rows = result.ranking.flatMap((group) => {
      const place = ahead + 1;
      ahead += group.length;
      return group.map((seat) =>
        h(
          'tr',
          { class: seat === result.winners[0] ? 'winner-row' : '', dataset: { testid: 'rank-row', seat, place } },
          h('td', { text: ordinal(place) }),
          h('th', { scope: 'row' }, seats[seat] ? seatMark(seats[seat].look, 18) : null, ` ${who(w, seat, true)}`),
          h('td', { class: 'total', text: String(result.coins[seat]) }),
        ),
      );
    });
    const lines = resultLines(w, result);
    this.cardEl = h(
      'div',
      { class: 'overlay-card' },
      h('div', { class: 'finale' }, h('div', { class: 'winner', text: lines[lines.length - 1] })),
      lines.slice(0, -1).map((line) => h('p', { class: 'muted', text: line })),
      result.drawOff.map((round) =>
        h(
          'div',
          { class: 'mk-drawoff' },
          round.map((d) => h('span', { class: 'mk-drawoff-card' }, h('span', { class: 'small', text: who(w, d.seat, true) }), cardRow([d.card]))),
        ),
      ),
      h(
        'table',
        { class: 'score-table', dataset: { testid: 'ranking' } },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { text: t('mangoku.result.place') }),
            h('th', { text: t('mangoku.result.player') }),
            h('th', { text: t('mangoku.result.coins') }),
          ),
        ),
        h('tbody', {}, rows),
      ),
      h(
        'div',
        { class: 'button-row' },
        url ? recordLink(url, () => this.actions.recordSeats(), `mangoku-${Date.now()}.json`, t('mangoku.result.download')) : null,
        this.actions.replayUrl?.()
          ? h('a', {
              class: 'button',
              href: this.actions.replayUrl()!,
              target: '_blank',
              rel: 'noopener',
              text: t('mangoku.result.watchAgain'),
              dataset: { testid: 'watch-again' },
            })
          : null,
        this.rematchButton,
        this.seeTable,
      ),
      this.hint,
    );
    this.el = h('div', { class: 'overlay mk-result', role: 'dialog', 'aria-label': t('mangoku.result.label'), dataset: { testid: 'result' } }, this.cardEl);
    this.aside = new ResultAside(
      this.el,
      () => this.seeTable,
      (aside) => this.actions.hidden?.(aside),
    );
    this.reopen = this.aside.reopen;
    this.setHost(isHost);
    this.setHidden(hidden, false);
  }

  /** Puts the result aside (the table free, `reopen` in sight), or brings it back; `focus`: the button that undoes it takes the focus. */
  setHidden(hidden: boolean, focus = true): void {
    this.aside.setHidden(hidden, focus);
  }

  /** The host can change (the old one left): only the host sees the rematch button. */
  setHost(isHost: boolean): void {
    this.rematchButton.hidden = !isHost;
    fill(this.hint, isHost ? t('mangoku.result.rematchHost') : t('mangoku.result.rematchOthers'));
  }

  destroy(): void {
    this.aside.destroy();
    this.el.remove();
  }
}
