import { h } from './dom';

/** Short messages at the bottom of the screen: server refusals in words, confirmations. */
export class Toasts {
  readonly el = h('div', { class: 'toasts', 'aria-live': 'assertive', dataset: { testid: 'toasts' } });

  show(text: string, kind: 'info' | 'error' = 'info', ms = kind === 'error' ? 6000 : 3000): void {
    const toast = h('div', { class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status', dataset: { testid: `toast-${kind}` }, text });
    const close = () => {
      toast.classList.add('leaving');
      setTimeout(() => toast.remove(), 250);
    };
    toast.addEventListener('click', close);
    this.el.appendChild(toast);
    while (this.el.children.length > 4) this.el.firstElementChild?.remove();
    setTimeout(close, ms);
  }
}
