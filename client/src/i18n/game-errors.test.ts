import { mangoku, MOVE_ERROR_MESSAGES, MOVE_ERRORS } from '@samurai/shared';
import { applyLanguage, t } from './i18n';
import { moveErrorKey } from './game-errors';
import { Language, LANGUAGES } from './languages';
import { WordTree as Tree, wordTree } from './word-trees';

const FILES = Object.fromEntries(LANGUAGES.map((lang) => [lang, wordTree(lang)])) as Record<Language, Tree>;
const en = FILES.en;

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Each game's engine: its stable codes and the English sentence it gives each. */
const ENGINES = [
  { game: 'samurai', codes: MOVE_ERRORS as readonly string[], english: MOVE_ERROR_MESSAGES as Readonly<Record<string, string>> },
  { game: 'mangoku', codes: mangoku.MOVE_ERRORS as readonly string[], english: mangoku.MOVE_ERROR_MESSAGES as Readonly<Record<string, string>> },
] as const;

afterEach(() => applyLanguage('en'));

describe('every game error code in every language', () => {
  it('turns a code into its key: area and name in camelCase (no key ends like a plural form)', () => {
    expect(moveErrorKey('move_tile/not_movable')).toBe('moveTile.notMovable');
    expect(moveErrorKey('target/too_many')).toBe('target.tooMany');
    expect(moveErrorKey('undo/nothing')).toBe('undo.nothing');
  });

  it.each(ENGINES.flatMap((e) => LANGUAGES.map((lang) => [e.game, lang, e] as const)))(
    '%s: every code worded in %s, and no key for a code that does not exist',
    (game, lang, engine) => {
      expect(engine.codes.length).toBeGreaterThan(20);
      const missing = engine.codes.filter((code) => !lookup(FILES[lang], `${game}.errors.${String(moveErrorKey(code))}`)?.trim());
      expect(missing).toEqual([]);
      const keys = Object.entries((FILES[lang][game] as Tree).errors as Tree).flatMap(([area, names]) =>
        Object.keys(names as Tree).map((name) => `${area}.${name}`),
      );
      expect(keys.sort()).toEqual(engine.codes.map((code) => moveErrorKey(code)).sort());
    },
  );

  it.each(ENGINES)('$game: English says exactly what the engine says (its messages stay for logs and tools)', ({ game, codes, english }) => {
    for (const code of codes) expect([code, lookup(en, `${game}.errors.${String(moveErrorKey(code))}`)]).toEqual([code, english[code]]);
  });

  it('a refusal reads in the chosen language, each game its own codes (the same code string words differently)', async () => {
    await applyLanguage('fr');
    expect(t(`samurai.errors.${moveErrorKey('play/occupied' as const)}`)).toBe('Cette case porte déjà une tuile.');
    expect(t(`mangoku.errors.${moveErrorKey('move/wrong_step' as const)}`)).toBe('Ce n’est pas ce que la partie attend maintenant.');
    await applyLanguage('ja');
    expect(t(`mangoku.errors.${moveErrorKey('answer/no_monk' as const)}`)).toBe('出せる僧侶がありません。');
  });
});
