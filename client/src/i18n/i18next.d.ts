import 'i18next';
import type { GamesWords } from '../games/words';
import type en from './locales/en.json';

// Keys are checked at compile time against the English files (the table's, and each game's under its
// namespace's name, as t() reads them): a t('…') with a key English lacks does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & GamesWords };
  }
}
