/**
 * For tests in Node: each language's words as t() sees them, one tree: the table's file with each
 * game's namespace under its name (games/<namespace>/locales/<lang>.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GAME_WORDS, GamesWords } from '../games/words';
import type en from './locales/en.json';
import type { Language } from './languages';

export type WordTree = { [key: string]: string | WordTree };

const read = (file: string): WordTree => JSON.parse(fs.readFileSync(file, 'utf8')) as WordTree;

/** The words of `lang`: the table's and every game's. */
export function wordTree(lang: Language): WordTree {
  const tree = read(path.join(__dirname, 'locales', `${lang}.json`));
  for (const { namespace } of GAME_WORDS) tree[namespace] = read(path.join(__dirname, '..', 'games', namespace, 'locales', `${lang}.json`));
  return tree;
}

/** The words of `lang` typed as English's (the keys; plural forms vary by language): for browser tests. */
export const wordsOf = (lang: Language) => wordTree(lang) as unknown as typeof en & GamesWords;
