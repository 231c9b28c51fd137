import { t } from '../i18n/i18n';
import { h } from '../ui/dom';

/**
 * "A bot is playing for you" and "I'm back", where your own play is (a hand of tiles, a bar under
 * a card table: the game's screen places it): kept in sight at a phone's bottom, not only on your card in the seat list
 * far below the table. Hidden while you play your own seat.
 */
export class StandInNote {
  readonly el: HTMLElement;
  private readonly words: HTMLElement;
  private readonly button: HTMLButtonElement;

  constructor(resume: () => void) {
    this.words = h('span');
    this.button = h('button', { type: 'button', class: 'primary small', dataset: { testid: 'resume-here' }, on: { click: () => resume() } });
    this.el = h('p', { class: 'stand-in-note', hidden: true, dataset: { testid: 'stand-in-note' } }, this.words, this.button);
  }

  /** Shown while the room's bot plays your seat (`standIn`), in the interface's language. */
  show(standIn: boolean): void {
    this.el.hidden = !standIn;
    if (!standIn) return;
    this.words.textContent = t('table.resumeTitle');
    this.button.textContent = t('table.resume');
  }
}
