import { mangoku } from '@samurai/shared';
import { fill, h } from '../../../ui/dom';
import { cardFace } from '../ui/card-face';
import { aCard, capitalised, handOf, Wording } from '../model/words';
import { language, t } from '../../../i18n/i18n';

/**
 * Choosing the card to take: from the hand a Nobleman showed you (the whole hand, shown to you
 * only), or a face-up card of the discard pile for the Kabuki. Only the engine's options can be taken.
 */
export class TakeChooser {
  readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly note: HTMLElement;
  private readonly cards: HTMLElement;
  private key = '';

  constructor(private readonly onTake: (card: mangoku.CardName) => void) {
    this.title = h('h2', { class: 'mk-chooser-title' });
    this.note = h('p', { class: 'muted small' });
    this.cards = h('div', { class: 'mk-choices' });
    this.el = h(
      'section',
      { class: 'mk-chooser', hidden: true, 'aria-live': 'polite', dataset: { testid: 'take-chooser' } },
      this.title,
      this.note,
      this.cards,
    );
  }

  update(view: mangoku.GameView | null, w: Wording, pending: boolean): void {
    const step = view?.step;
    const mine = step?.kind === 'take' && step.seat === w.viewer && step.options !== null;
    this.el.hidden = !mine;
    if (!mine || !view || step.kind !== 'take') {
      this.key = '';
      fill(this.cards);
      return;
    }
    const key = JSON.stringify([language(), step, pending, view.shown.length]);
    if (key === this.key) return;
    this.key = key;
    const options = step.options ?? [];
    let shown: readonly mangoku.CardName[] = options;
    if (step.from === 'discard') {
      this.title.textContent = t('mangoku.take.kabukiTitle');
      this.note.textContent = t('mangoku.take.kabukiNote');
    } else {
      const look = view.shown.filter((s) => s.why === 'nobleman' && s.from === step.from).pop();
      shown = look?.cards ?? options;
      this.title.textContent = t('mangoku.take.noblemanTitle', { hand: handOf(w, step.from) });
      this.note.textContent = t('mangoku.take.noblemanNote');
    }
    const offered = new Set<mangoku.CardName>();
    fill(
      this.cards,
      shown.map((card, i) => {
        const first = !offered.has(card);
        offered.add(card);
        return h(
          'div',
          { class: 'mk-choice' },
          cardFace(card, { effect: true }),
          first && options.includes(card)
            ? h('button', {
                type: 'button',
                class: 'primary small',
                text: capitalised(t('mangoku.take.take', { card: aCard(card) })),
                disabled: pending,
                dataset: { testid: 'take', card, index: i },
                on: { click: () => this.onTake(card) },
              })
            : h('span', { class: 'muted small', text: first ? '' : t('mangoku.take.sameCard') }),
        );
      }),
    );
  }

  /** Outlines the card a hint takes (null: none). */
  markHint(card: mangoku.CardName | null): void {
    for (const b of this.cards.querySelectorAll<HTMLElement>('[data-testid=take]')) b.classList.toggle('hinted', b.dataset.card === card);
  }

  /** A digit pressed: take the nth card offered. */
  takeByKey(key: string): boolean {
    if (this.el.hidden || !/^[1-9]$/.test(key)) return false;
    const buttons = this.cards.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
    const button = buttons[Number(key) - 1];
    button?.click();
    return Boolean(button);
  }
}
