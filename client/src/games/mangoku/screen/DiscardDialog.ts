import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { fill, h } from '../../../ui/dom';
import { cardTitle } from '../model/words';
import { cardFace } from '../ui/card-face';

/** Every face-up card of the discard pile, oldest first (what a Kabuki may take is among them). */
export class DiscardDialog {
  readonly el: HTMLDialogElement;
  private readonly list: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly title: HTMLElement;
  private readonly back: HTMLButtonElement;

  constructor() {
    this.list = h('ol', { class: 'mk-discard-list' });
    this.summary = h('p', { class: 'muted small' });
    this.title = h('h2', { id: 'mk-discard-title' });
    this.back = h('button', { class: 'primary', value: 'close' });
    this.el = h(
      'dialog',
      { class: 'help mk-discard-dialog', 'aria-labelledby': 'mk-discard-title', dataset: { testid: 'discard-dialog' } },
      h('div', { class: 'help-body' }, this.title, this.summary, this.list, h('form', { method: 'dialog', class: 'button-row' }, this.back)),
    );
    document.body.appendChild(this.el);
  }

  open(view: mangoku.GameView): void {
    const counts = new Map<mangoku.CardName, number>();
    for (const c of view.discard) counts.set(c, (counts.get(c) ?? 0) + 1);
    // Worded when opened, in the language shown then.
    this.title.textContent = t('mangoku.discard.title');
    this.back.textContent = t('mangoku.discard.back');
    const cards = [...counts].map(([c, n]) => `${cardTitle(c)}${n > 1 ? ` ×${n}` : ''}`).join(t('mangoku.comma'));
    this.summary.textContent = view.discard.length
      ? t(view.faceDownCount ? 'mangoku.discard.summaryFaceDown' : 'mangoku.discard.summary', { count: view.discard.length, cards })
      : t('mangoku.discard.none');
    fill(
      this.list,
      view.discard.map((card) => h('li', {}, cardFace(card, { effect: true }))),
    );
    if (!this.el.open) this.el.showModal();
  }

  destroy(): void {
    if (this.el.open) this.el.close();
    this.el.remove();
  }
}
