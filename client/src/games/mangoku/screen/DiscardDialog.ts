import { mangoku } from '@samurai/shared';
import { fill, h } from '../../../ui/dom';
import { cardFace } from '../ui/card-face';

/** Every face-up card of the discard pile, oldest first (what a Kabuki may take is among them). */
export class DiscardDialog {
  readonly el: HTMLDialogElement;
  private readonly list: HTMLElement;
  private readonly summary: HTMLElement;

  constructor() {
    this.list = h('ol', { class: 'mk-discard-list' });
    this.summary = h('p', { class: 'muted small' });
    this.el = h(
      'dialog',
      { class: 'help mk-discard-dialog', 'aria-labelledby': 'mk-discard-title', dataset: { testid: 'discard-dialog' } },
      h(
        'div',
        { class: 'help-body' },
        h('h2', { id: 'mk-discard-title', text: 'The discard pile' }),
        this.summary,
        this.list,
        h('form', { method: 'dialog', class: 'button-row' }, h('button', { class: 'primary', text: 'Back to the table', value: 'close' })),
      ),
    );
    document.body.appendChild(this.el);
  }

  open(view: mangoku.GameView): void {
    const counts = new Map<mangoku.CardName, number>();
    for (const c of view.discard) counts.set(c, (counts.get(c) ?? 0) + 1);
    this.summary.textContent = view.discard.length
      ? `${view.discard.length} face up, oldest first${view.faceDownCount ? ', on the face-down card nobody sees' : ''}: ${[...counts].map(([c, n]) => `${mangoku.CARDS[c].title}${n > 1 ? ` ×${n}` : ''}`).join(', ')}.`
      : 'No card is face up yet.';
    fill(this.list, view.discard.map((card) => h('li', {}, cardFace(card, { effect: true }))));
    if (!this.el.open) this.el.showModal();
  }

  destroy(): void {
    if (this.el.open) this.el.close();
    this.el.remove();
  }
}
