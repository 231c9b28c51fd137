/**
 * The interface's words, through i18next: each language (English too) is one JSON file and its own
 * chunk of the build, loaded only when chosen, so a page fetches only the words it shows (the
 * bundle stays small). The locale tests keep every key in every language, so no page needs a second
 * language to fall back on. Pages await `startLanguage` (or `applyLanguage`) before drawing.
 * Keys are grouped: `ui.*` (the small kit), `table.*`, `replay.*`, `errors.room.*`, `tutorial.*`
 * here; each game's words are its own i18next namespace in its folder (games/words.ts), loaded with
 * the language and read as `<game>.*`.
 */
import i18next from 'i18next';
import { GAME_WORDS } from '../games/words';
import { DEFAULT_LANGUAGE, isLanguage, Language, pickLanguage, rememberedLanguage, rememberLanguage } from './languages';

const LOADERS: Readonly<Record<Language, () => Promise<{ default: unknown }>>> = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  ja: () => import('./locales/ja.json'),
};

void i18next.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: {},
  // Nothing to fetch at init (languages are added as they load): ready at once.
  initAsync: false,
  // Everything is put on the page as text (textContent), never as markup: nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A game's namespace is the first part of its keys ("<game>.tagline"); any other first part is
  // a group of the table's own namespace ("table.home.title"): i18next allows "." as both
  // separators when the namespaces are listed.
  ns: ['translation', ...GAME_WORDS.map((game) => game.namespace)],
  defaultNS: 'translation',
  nsSeparator: '.',
});

/** Translates a key of `locales/en.json` or of a game's (its plural forms chosen by `count`, by Intl.PluralRules). */
export const t = i18next.t;

/** The language the interface speaks now. */
export function language(): Language {
  const current = i18next.language;
  return isLanguage(current) ? current : DEFAULT_LANGUAGE;
}

/** Switches the interface to `lang`, loading its files first when needed; listeners then redraw. */
export async function applyLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    const [table, ...games] = await Promise.all([LOADERS[lang](), ...GAME_WORDS.map((game) => game.load[lang]())]);
    GAME_WORDS.forEach((game, i) => i18next.addResourceBundle(lang, game.namespace, games[i].default as object));
    i18next.addResourceBundle(lang, 'translation', table.default as object);
  }
  await i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The person's choice: used at once and remembered by this browser. */
export async function chooseLanguage(lang: Language, storage: Pick<Storage, 'getItem' | 'setItem'>): Promise<void> {
  await applyLanguage(lang);
  rememberLanguage(storage, lang);
}

/** At start: the remembered choice, else the browser's language (English if it is none of ours). */
export function startLanguage(storage: Pick<Storage, 'getItem' | 'setItem'>, preferred: readonly string[]): Promise<void> {
  return applyLanguage(pickLanguage(rememberedLanguage(storage), preferred));
}

/** Called after every change of language (screens redraw their words); returns the way to stop. */
export function onLanguageChange(listener: (lang: Language) => void): () => void {
  const handler = (lng: string) => listener(isLanguage(lng) ? lng : DEFAULT_LANGUAGE);
  i18next.on('languageChanged', handler);
  return () => i18next.off('languageChanged', handler);
}

/** A number as the interface's language writes it ("0.04" in English, "0,04" in French). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language(), options).format(n);
}

/** The locale each language joins lists in (British English: the words are British). */
const LIST_LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', fr: 'fr', de: 'de', ja: 'ja' };
const listFormats = new Map<Language, Intl.ListFormat>();

/** Words joined as the interface's language joins a list: "Ann, Ben and Cleo", "Ann, Ben et Cleo", "Ann、Ben、Cleo". */
export function listOf(items: readonly string[]): string {
  const lang = language();
  let format = listFormats.get(lang);
  if (!format) listFormats.set(lang, (format = new Intl.ListFormat(LIST_LOCALES[lang], { style: 'long', type: 'conjunction' })));
  return format.format(items);
}
