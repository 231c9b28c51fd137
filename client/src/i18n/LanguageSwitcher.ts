import { h } from '../ui/dom';
import { chooseLanguage, language, onLanguageChange, t } from './i18n';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from './languages';
import './language.css';

/** Said in every language, so someone who cannot read the current one still finds the switch. */
const LANGUAGE_EVERYWHERE = 'Language · Langue · Sprache · 言語';

/**
 * The language switch (the home page, the lobby, the game's header bar): the four languages,
 * each in its own words; the choice is used at once and remembered by this browser.
 */
export class LanguageSwitcher {
  readonly el: HTMLElement;
  private readonly select: HTMLSelectElement;
  private readonly stop: () => void;

  constructor(storage: Pick<Storage, 'getItem' | 'setItem'>) {
    this.select = h(
      'select',
      {
        class: 'language-select',
        title: LANGUAGE_EVERYWHERE,
        dataset: { testid: 'language' },
        on: {
          change: () => {
            const chosen = this.select.value;
            if (!isLanguage(chosen)) return;
            // A file that cannot be loaded (offline): the switch goes back to the language still in use.
            chooseLanguage(chosen, storage).catch(() => this.render());
          },
        },
      },
      LANGUAGES.map((lang) => h('option', { value: lang, lang, text: LANGUAGE_NAMES[lang] })),
    );
    this.el = h('label', { class: 'language-switcher' }, h('span', { class: 'globe', 'aria-hidden': 'true', text: '🌐' }), this.select);
    this.render();
    this.stop = onLanguageChange(() => this.render());
  }

  destroy(): void {
    this.stop();
    this.el.remove();
  }

  private render(): void {
    this.select.value = language();
    this.select.setAttribute('aria-label', t('ui.language'));
  }
}
