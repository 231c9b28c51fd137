import { fillChanged, h, setText } from '../../../ui/dom';
import type { TurnStatus } from '../model/turn-status';
import type { SeatModel } from '../model/view-model';

/**
 * The header's line of whose turn it is: the acting seat's colour, the headline and its detail,
 * the seat's clock, and (the scoring put aside) the button that brings the scoring back.
 */
export class TurnBanner {
  readonly el = h('div', { class: 'turn-banner', role: 'status', 'aria-live': 'polite', dataset: { testid: 'turn-banner' } });
  /** Its parts, kept across updates, and the colour its dot shows. */
  private readonly dot = h('span', { class: 'banner-dot' });
  private readonly headline = h('strong');
  private readonly detail = h('span', { class: 'banner-detail' });
  private colour = '';
  /** What it shows now: drawn again only when it changes. */
  private key = '';

  show(status: TurnStatus, seats: readonly SeatModel[], clock: HTMLElement | null | undefined, reopen: HTMLElement | null): void {
    const s = status;
    const acting = seats[s.actingSeat];
    // Drawn again only when its words or colour changed: every step of a replay comes here.
    const key = JSON.stringify([s.actingSeat, acting?.look.color, s.headline, s.detail, s.yourTurn, !!reopen]);
    if (key === this.key) return;
    this.key = key;
    // Its parts are changed in place: a step then lays out and paints only words that changed.
    const colour = acting ? `#${acting.look.color.toString(16).padStart(6, '0')}` : '';
    if (colour && colour !== this.colour) {
      this.colour = colour;
      this.dot.style.background = colour;
    }
    setText(this.headline, s.headline);
    if (s.detail) setText(this.detail, s.detail);
    fillChanged(this.el, acting ? this.dot : null, this.headline, s.detail ? this.detail : null, clock, reopen);
    this.el.classList.toggle('yours', s.yourTurn);
  }
}
