/**
 * The interface's languages, and which one a browser starts in: the one chosen here before
 * (remembered), else the first of the browser's preferred languages that we have, else English.
 * Pure: storage and the browser's preferences are passed in.
 */

export const LANGUAGES = ['en', 'fr', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words, as the switcher offers it (never translated). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français', de: 'Deutsch', ja: '日本語' };

/** Where the choice is kept (localStorage in the browser). */
export const LANGUAGE_KEY = 'samurai.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a BCP 47 tag ("fr-CA" → fr, "ja-JP-u-ca-japanese" → ja), or null when we have none of it. */
export function languageOfTag(tag: string): Language | null {
  try {
    const language = new Intl.Locale(tag).language;
    return isLanguage(language) ? language : null;
  } catch {
    // Not a well-formed tag (a browser or a user's setting may hold anything).
    return null;
  }
}

/** The language to start in: the remembered choice, else the browser's first we have, else English. */
export function pickLanguage(remembered: string | null, preferred: readonly string[]): Language {
  if (isLanguage(remembered)) return remembered;
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The choice made in this browser, or null (nothing chosen, or storage unavailable). */
export function rememberedLanguage(storage: LanguageStorage): string | null {
  try {
    return storage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(storage: LanguageStorage, language: Language): void {
  try {
    storage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage full or refused (a private window): the choice lasts for this page only.
  }
}
