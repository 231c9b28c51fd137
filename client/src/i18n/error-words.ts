/**
 * The check every game's error words pass (each game's own test calls it with its engine's codes):
 * every move error code worded in every language, no key for a code that does not exist, and
 * English exactly what the engine says (its messages stay for logs and tools).
 */
import { moveErrorKey } from './game-errors';
import { LANGUAGES, Language } from './languages';
import { WordTree as Tree, wordTree } from './word-trees';

const FILES = Object.fromEntries(LANGUAGES.map((lang) => [lang, wordTree(lang)])) as Record<Language, Tree>;

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A game's engine: its namespace, its stable codes and the English sentence it gives each. */
export interface EngineErrors {
  readonly game: string;
  readonly codes: readonly string[];
  readonly english: Readonly<Record<string, string>>;
}

/** The tests of `engine`'s error words, in the calling test file. */
export function describeErrorWords(engine: EngineErrors): void {
  const { game, codes, english } = engine;
  it.each(LANGUAGES.map((lang) => [game, lang] as const))('%s: every code worded in %s, and no key for a code that does not exist', (_, lang) => {
    expect(codes.length).toBeGreaterThan(20);
    const missing = codes.filter((code) => !lookup(FILES[lang], `${game}.errors.${String(moveErrorKey(code))}`)?.trim());
    expect(missing).toEqual([]);
    const keys = Object.entries((FILES[lang][game] as Tree).errors as Tree).flatMap(([area, names]) =>
      Object.keys(names as Tree).map((name) => `${area}.${name}`),
    );
    expect(keys.sort()).toEqual(codes.map((code) => moveErrorKey(code)).sort());
  });

  it(`${game}: English says exactly what the engine says (its messages stay for logs and tools)`, () => {
    for (const code of codes) expect([code, lookup(FILES.en, `${game}.errors.${String(moveErrorKey(code))}`)]).toEqual([code, english[code]]);
  });
}
