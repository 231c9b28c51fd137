import { t } from '../i18n/i18n';
import { h } from '../ui/dom';

/**
 * A game's end screen put aside to see the table, the same in every game: its own button ("See
 * the table", "Look at the board") or Escape puts it aside, the board free; `reopen`, which the
 * turn banner shows meanwhile, brings it back.
 */
export class ResultAside {
  /** Brings the result back once it is put aside (hidden while the result shows). */
  readonly reopen: HTMLButtonElement;

  /** `back`: the button that puts the result aside again (it takes the focus when the result comes back). */
  constructor(
    private readonly overlay: HTMLElement,
    private readonly back: () => HTMLElement | null,
    private readonly changed: (hidden: boolean) => void = () => undefined,
  ) {
    this.reopen = h('button', {
      type: 'button',
      class: 'small reopen-result',
      hidden: true,
      text: t('table.showResult'),
      dataset: { testid: 'show-result' },
      on: { click: () => this.setHidden(false) },
    });
    document.addEventListener('keydown', this.onKey);
  }

  /** Puts the result aside (`reopen` in sight), or brings it back; `focus`: the button that undoes it takes the focus. */
  setHidden(hidden: boolean, focus = true): void {
    this.overlay.hidden = hidden;
    this.reopen.hidden = !hidden;
    if (focus) (hidden ? this.reopen : this.back())?.focus();
    this.changed(hidden);
  }

  relabel(): void {
    this.reopen.textContent = t('table.showResult');
  }

  destroy(): void {
    document.removeEventListener('keydown', this.onKey);
    this.reopen.remove();
  }

  /** Escape puts the result aside (not while a dialog is open, or in the chat, whose Escape closes it). */
  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || e.defaultPrevented || this.overlay.hidden || document.querySelector('dialog[open]')) return;
    if ((e.target as Element | null)?.closest?.('[data-testid=chat-dock]')) return;
    this.setHidden(true);
  };
}
