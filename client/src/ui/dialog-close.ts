import { t } from '../i18n/i18n';
import { h } from './dom';

/**
 * A close button at the top of a long dialog, kept in view while it scrolls (a phone would
 * otherwise scroll through the whole text to the button at its end). Closes as Escape does.
 */
export function topCloseButton(label: string): HTMLFormElement {
  return h(
    'form',
    { method: 'dialog', class: 'dialog-top-close' },
    h(
      'button',
      { class: 'quiet small', value: 'close', 'aria-label': label, title: label, dataset: { testid: 'dialog-close' } },
      h('span', { 'aria-hidden': 'true', text: '✕' }),
      h('span', { class: 'close-word', text: ` ${t('ui.close')}` }),
    ),
  );
}
