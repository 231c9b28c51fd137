import { h, svgElement } from '../ui/dom';
import { chooseLanguage, language, onLanguageChange, t } from './i18n';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from './languages';
import './language.css';

const GLOBE =
  '<svg viewBox="0 0 24 24" width="16" height="16"><circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M2.5 12h19M12 2.5c-3.2 3-3.2 16 0 19M12 2.5c3.2 3 3.2 16 0 19" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>';

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
    this.el = h('label', { class: 'language-switcher' }, svgElement(GLOBE, 'icon globe'), this.select);
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
