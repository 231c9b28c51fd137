import fs from 'node:fs';
import path from 'node:path';
import { ROOM_ERROR_MESSAGES, RoomError } from '@samurai/shared';
import en from './locales/en.json';
import { Language, LANGUAGES } from './languages';
import { roomErrorKey } from './room-errors';
import { WordTree as Tree, wordTree } from './word-trees';

// Each language's words as t() reads them: the table's file and each game's namespace.
const FILES = Object.fromEntries(LANGUAGES.map((lang) => [lang, wordTree(lang)])) as Record<Language, Tree>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key as a dotted path, with its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') keys.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) keys.set(k, v);
  }
  return keys;
}

/** Keys as a translator thinks of them: a plural's forms under one name. */
function baseKeys(keys: Map<string, string>): Set<string> {
  return new Set([...keys.keys()].map((k) => k.replace(PLURAL, '')));
}

/** The interpolation variables of each base key (all its plural forms together). */
function variables(keys: Map<string, string>): Map<string, string[]> {
  const vars = new Map<string, Set<string>>();
  for (const [key, text] of keys) {
    const base = key.replace(PLURAL, '');
    const set = vars.get(base) ?? new Set<string>();
    for (const match of text.matchAll(/\{\{\s*(\w+)/g)) set.add(match[1]);
    vars.set(base, set);
  }
  return new Map([...vars].map(([k, s]) => [k, [...s].sort()]));
}

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(FILES[lang])])) as Record<Language, Map<string, string>>;

describe('the translations', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key English has, and no other', (lang) => {
    const english = baseKeys(flat.en);
    const other = baseKeys(flat[lang]);
    expect([...english].filter((k) => !other.has(k))).toEqual([]);
    expect([...other].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(LANGUAGES)('%s has exactly the plural forms its language uses (Intl.PluralRules)', (lang) => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
    const forms = new Map<string, string[]>();
    for (const key of flat[lang].keys()) {
      const match = PLURAL.exec(key);
      if (match) forms.set(key.slice(0, match.index), [...(forms.get(key.slice(0, match.index)) ?? []), match[1]]);
    }
    // English's plural keys are plural in every language.
    const englishPlurals = [...flat.en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, ''));
    for (const base of new Set(englishPlurals)) expect([base, (forms.get(base) ?? []).sort()]).toEqual([base, categories]);
    for (const [base, found] of forms) expect([base, found.sort()]).toEqual([base, categories]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s uses the same interpolation variables as English in every string', (lang) => {
    const english = variables(flat.en);
    const other = variables(flat[lang]);
    for (const [key, vars] of english) expect([key, other.get(key)]).toEqual([key, vars]);
  });

  it.each(LANGUAGES)('%s has no empty string and no untranslated key left in', (lang) => {
    for (const [key, text] of flat[lang]) {
      expect([key, text.trim().length > 0]).toEqual([key, true]);
      expect([key, text.includes(key)]).toEqual([key, false]);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is a translation, not a copy of English', (lang) => {
    // A few strings are the same words in both ("Chat", "Wow", "5 min + 5 s"); a copied file would be nearly all of them.
    const same = [...flat[lang]].filter(([key, text]) => flat.en.get(key) === text);
    expect(same.length / flat[lang].size).toBeLessThan(0.1);
  });

  it.each(LANGUAGES)('%s writes its apostrophes one way: curly (’), never straight', (lang) => {
    const straight = [...flatten(FILES[lang])].filter(([, text]) => text.includes("'")).map(([key]) => key);
    expect(straight).toEqual([]);
  });

  it('French calls a bot one thing everywhere: « robot » (not « bot » here and « robot » there)', () => {
    const bots = [...flatten(FILES.fr)].filter(([, text]) => /\bbots?\b/i.test(text)).map(([key]) => key);
    expect(bots).toEqual([]);
  });

  it('word every table error code, in English exactly as the server does', () => {
    const codes = Object.values(RoomError);
    expect(Object.keys(en.errors.room).length).toBe(codes.length);
    for (const code of codes) expect([code, flat.en.get(roomErrorKey(code))]).toEqual([code, ROOM_ERROR_MESSAGES[code]]);
  });
});

describe('the keys the code uses', () => {
  const SRC = path.resolve(__dirname, '..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(file);
      return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [file] : [];
    });
  const code = sources(SRC).map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
  const english = [...flat.en.keys()];
  const exists = (key: string) => flat.en.has(key) || english.some((k) => k.replace(PLURAL, '') === key);

  it('finds the calls (the scan itself works)', () => {
    const calls = code.flatMap((f) => [...f.text.matchAll(/\bt\(\s*['"`]/g)]);
    expect(calls.length).toBeGreaterThan(100);
  });

  it("every t('…') key in client/src is in English (and so, by the tests above, in every language)", () => {
    const missing: string[] = [];
    for (const { file, text } of code) {
      for (const match of text.matchAll(/\bt\(\s*(?:'([^']+)'|"([^"]+)")/g)) {
        const key = match[1] ?? match[2];
        if (!exists(key)) missing.push(`${file}: ${key}`);
      }
      // A key built from a template (`errors.room.${code}`): its fixed part must start some keys.
      for (const match of text.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) {
        if (!english.some((k) => k.startsWith(match[1]))) missing.push(`${file}: ${match[1]}…`);
      }
      // The same inside a conditional: t(cond ? 'a' : 'b').
      for (const match of text.matchAll(/\bt\([^()'"`]*\?\s*'([^']+)'\s*:\s*'([^']+)'/g)) {
        for (const key of [match[1], match[2]]) if (!exists(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
