import { mangoku } from '@samurai/shared';
import { h } from '../../../ui/dom';
import { seatMark, SeatLook } from '../../../ui/seat-look';
import { cardRow } from '../ui/card-face';
import { campaignEndLines, revealPhrase, shownText, handOf, who, Wording } from '../model/words';
import { t } from '../../../i18n/i18n';

interface Notice {
  readonly key: string;
  readonly el: HTMLElement;
  /** When it goes by itself (this browser's clock), or Infinity. */
  until: number;
  /** A reveal's clock: its seconds shown are kept up to date. */
  readonly revealEnds?: number;
  readonly secondsEl?: HTMLElement;
}

/**
 * Notes over the table that come and go: a campaign's end (honour, the draw-off, who takes the
 * pile), a blocked defender's hand (to its attacker only) and a Shrine Maiden's reveal with its
 * seconds left (to everyone). Nothing here blocks the table.
 */
export class Notices {
  readonly el: HTMLElement;
  private readonly notices: Notice[] = [];

  constructor() {
    this.el = h('div', { class: 'mk-notices mk-small-cards', dataset: { testid: 'notices' } });
  }

  has(key: string): boolean {
    return this.notices.some((n) => n.key === key);
  }

  /** A campaign's end, until dismissed or for a while. */
  campaignEnd(index: number, campaign: mangoku.CampaignSummary, w: Wording, looks: readonly SeatLook[], now: number): void {
    const key = `end:${index}`;
    if (this.has(key) || !campaign.end) return;
    const lines = campaignEndLines(w, index + 1, campaign);
    const winner = campaign.end.winner;
    const el = this.card(
      key,
      'mk-notice-end',
      h('h3', {}, winner !== null && looks[winner] ? seatMark(looks[winner], 20) : null, h('span', { text: lines[0] })),
      lines.slice(1).map((line) => h('p', { text: line })),
      campaign.drawOff.map((round) =>
        h(
          'div',
          { class: 'mk-drawoff' },
          round.map((d) => h('span', { class: 'mk-drawoff-card' }, h('span', { class: 'small', text: who(w, d.seat, true) }), cardRow([d.card]))),
        ),
      ),
    );
    el.dataset.testid = 'campaign-end';
    this.add({ key, el, until: now + 9000 });
  }

  /** A blocked defender's hand, shown to the attacker alone. */
  shown(shown: mangoku.Shown, w: Wording, now: number): void {
    const key = `shown:${shown.turn}:${shown.from}:${shown.why}`;
    if (this.has(key)) return;
    const el = this.card(key, 'mk-notice-shown', h('p', { text: shownText(w, shown) }), cardRow(shown.cards));
    el.dataset.testid = 'shown-hand';
    this.add({ key, el, until: now + 8000 });
  }

  /** A Shrine Maiden's reveal, for as long as it lasts. */
  reveal(reveal: mangoku.Reveal, ends: number, w: Wording, looks: readonly SeatLook[], now: number): void {
    const key = `reveal:${reveal.id}`;
    if (this.has(key)) return;
    const secondsEl = h('span', { class: 'mk-seconds' });
    const el = this.card(
      key,
      'mk-notice-reveal',
      h('h3', {}, h('span', { text: t('mangoku.notices.reveal', { shown: revealPhrase(w, reveal.seats) }) }), secondsEl),
      reveal.seats.map((seat, i) =>
        h(
          'div',
          { class: 'mk-revealed', dataset: { seat } },
          looks[seat] ? seatMark(looks[seat], 18) : null,
          h('span', { class: 'small', text: handOf(w, seat, true) }),
          cardRow(reveal.hands[i]),
        ),
      ),
    );
    el.dataset.testid = 'reveal';
    this.add({ key, el, until: Infinity, revealEnds: ends, secondsEl });
    this.tick(now);
  }

  /** Notices that are over go; reveals count down; `live` reveals keep theirs. */
  tick(now: number, liveReveals?: readonly number[]): void {
    for (const n of this.notices.slice()) {
      if (n.key.startsWith('reveal:') && liveReveals && !liveReveals.includes(Number(n.key.slice(7)))) n.until = 0;
      if (n.secondsEl && n.revealEnds !== undefined)
        n.secondsEl.textContent = t('mangoku.notices.seconds', { seconds: Math.max(0, Math.ceil((n.revealEnds - now) / 1000)) });
      if (n.until <= now) this.remove(n);
    }
  }

  clear(): void {
    for (const n of this.notices.slice()) this.remove(n);
  }

  private card(key: string, cls: string, ...children: (HTMLElement | HTMLElement[] | string | null)[]): HTMLElement {
    const el = h('div', { class: `mk-notice ${cls}`, role: 'status' }, ...children);
    el.appendChild(
      h('button', { type: 'button', class: 'quiet small mk-close', text: '×', 'aria-label': t('ui.close'), on: { click: () => this.removeKey(key) } }),
    );
    return el;
  }

  private add(notice: Notice): void {
    this.notices.push(notice);
    this.el.appendChild(notice.el);
  }

  private removeKey(key: string): void {
    const n = this.notices.find((x) => x.key === key);
    if (n) this.remove(n);
  }

  private remove(n: Notice): void {
    n.el.remove();
    this.notices.splice(this.notices.indexOf(n), 1);
  }
}
