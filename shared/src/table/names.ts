import { z } from 'zod';

export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 20;

/**
 * A display name as stored: Unicode-normalised (NFC), with control, format and other invisible
 * characters (zero-width spaces, joiners, variation selectors, Hangul fillers) removed and spaces
 * collapsed, so that nothing in a name is there without being seen.
 */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu, '')
    .replace(/[\s\u2800]+/gu, ' ') // U+2800, the blank braille pattern, shows as a space
    .trim();
}

/**
 * Maps each character to the one it is confusable with (Unicode TR39 skeleton). Only the server
 * has the confusables data (it is too large for the browser bundle); the browser folds without it.
 */
export type Skeleton = (text: string) => string;

const NO_SKELETON: Skeleton = (text) => text;

/** Accents of any script: the generic combining-diacritics blocks ("A" + U+0301 is "Á"). */
// Ranges of combining marks, each matched on its own (the rule reads one range's end and the next's start as one character).
// eslint-disable-next-line no-misleading-character-class
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;
/**
 * Any mark on a letter of an alphabet whose marks are accents (and a mark on nothing). Marks on
 * other scripts are part of their letters and stay: Japanese が is not か, Hindi कि is not क.
 */
const MARKS_ON_ALPHABETS = /(^|[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Armenian}\p{sc=Common}])\p{M}+/gu;

function withoutAccents(text: string, everywhere: boolean): string {
  const decomposed = text.normalize('NFD');
  return (everywhere ? decomposed.replace(DIACRITICS, '') : decomposed).replace(MARKS_ON_ALPHABETS, '$1');
}

/** Compatibility forms folded (full-width "Ａ" is "A", "ﬁ" is "fi"), accents removed. */
function plainForm(name: string): string {
  return withoutAccents(normaliseName(name).normalize('NFKC'), true);
}

/** The two keys a name is compared by (see sameName). */
export interface NameKeys {
  /** The skeleton of the name as written, case kept: "AIice" with a capital I is "Alice". */
  readonly asWritten: string;
  /** The skeleton of the name in lower case: "ALICE" is "alice". */
  readonly caseless: string;
}

/** A skeleton with what only decorates removed: spaces, punctuation, symbols, accents. */
function keyOf(text: string, skeleton: Skeleton): string {
  const folded = withoutAccents(skeleton(text), false);
  return folded.replace(/[^\p{L}\p{N}\p{M}]/gu, '') || folded.replace(/\s/gu, '');
}

export function nameKeys(name: string, skeleton: Skeleton = NO_SKELETON): NameKeys {
  const plain = plainForm(name);
  return { asWritten: keyOf(plain, skeleton), caseless: keyOf(plain.toLowerCase(), skeleton).toLowerCase() };
}

/**
 * Two names look alike. Folded away before comparing: compatibility forms (full-width, ligatures),
 * accents, spaces, punctuation and symbols ("A l i c e" and "Alice!" are "Alice"; a name of
 * symbols alone keeps its symbols), and look-alike characters (`skeleton`), comparing both as
 * written and in lower case: a capital I looks like a small l, so "AIice" meets "Alice", and
 * "ALICE" meets "Alice", but "Ian" does not meet "Lan". Different writing systems stay different
 * unless the skeleton says their characters look alike (hiragana へ and katakana ヘ do, ゆき and
 * ユキ do not). Without a skeleton this is the browser's early check; the server compares with
 * the Unicode confusables data.
 */
export function sameName(a: string, b: string, skeleton: Skeleton = NO_SKELETON): boolean {
  const x = nameKeys(a, skeleton);
  const y = nameKeys(b, skeleton);
  return x.asWritten === y.asWritten || x.caseless === y.caseless;
}

/**
 * Words the table itself shows beside names or instead of them (the "you", "host", "bot" and
 * "away" badges, "watching", an open seat), and the roles a player might pretend to.
 */
export const ROLE_WORDS: readonly string[] = ['host', 'you', 'bot', 'away', 'spectator', 'watching', 'admin', 'moderator', 'server', 'system', 'open seat'];

/** Per list of words, per skeleton: each word's keys (see nameKeys), to the word. */
const wordKeys = new WeakMap<readonly string[], WeakMap<Skeleton, Map<string, string>>>();

function keysOf(words: readonly string[], skeleton: Skeleton): Map<string, string> {
  let bySkeleton = wordKeys.get(words);
  if (!bySkeleton) wordKeys.set(words, (bySkeleton = new WeakMap()));
  let keys = bySkeleton.get(skeleton);
  if (!keys) {
    keys = new Map();
    for (const word of words) {
      const { asWritten, caseless } = nameKeys(word, skeleton);
      keys.set(asWritten.toLowerCase(), word).set(caseless, word);
    }
    bySkeleton.set(skeleton, keys);
  }
  return keys;
}

/**
 * The word of `words` a text claims, or null: when the text is that word, or when the word in
 * it is set off by punctuation or symbols, as a label would be (see claimedRole).
 */
export function claimedWord(text: string, words: readonly string[], skeleton: Skeleton = NO_SKELETON): string | null {
  const keys = keysOf(words, skeleton);
  // Any case of a word is that word: "Ηost" with a Greek capital eta is "Host".
  const wordOf = (part: string) => {
    const { asWritten, caseless } = nameKeys(part, skeleton);
    return keys.get(asWritten.toLowerCase()) ?? keys.get(caseless);
  };
  const whole = wordOf(text);
  if (whole) return whole;
  // Words and what separates them, alternately: [separator, word, separator, …, separator].
  const parts = plainForm(text).split(/([\p{L}\p{N}\p{M}]+)/u);
  for (let i = 1; i < parts.length; i += 2) {
    const word = wordOf(parts[i]);
    if (word && /\S/u.test(parts[i - 1] + parts[i + 1])) return word;
  }
  return null;
}

/**
 * The role a name claims, or null. A name claims a role when it is one ("Host", "B O T",
 * "[һost]" with a Cyrillic һ) or when a role word in it is set off by punctuation or symbols, as
 * a label would be: "Alice (host)", "[bot] Kenji", "Alice - away", "Alice | you". A role word
 * among plain words is a name like any other ("Ann Host", "Robot", "Hostess").
 */
export function claimedRole(name: string, skeleton: Skeleton = NO_SKELETON): string | null {
  return claimedWord(name, ROLE_WORDS, skeleton);
}

export const nameSchema = z
  .string()
  .max(200, 'a name is at most 20 characters')
  .transform(normaliseName)
  .pipe(
    z
      .string()
      .min(NAME_MIN_LENGTH, 'a name cannot be empty')
      .max(NAME_MAX_LENGTH, `a name is at most ${NAME_MAX_LENGTH} characters`)
      .superRefine((name, context) => {
        const role = claimedRole(name);
        if (role) context.addIssue({ code: 'custom', message: `a name cannot claim a role such as "${role}"` });
      }),
  );
