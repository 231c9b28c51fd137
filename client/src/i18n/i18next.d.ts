import 'i18next';
import type en from './locales/en.json';

// Keys are checked at compile time against the English file: a t('…') with a key English lacks does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
