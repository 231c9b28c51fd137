import { LANGUAGE_KEY, languageOfTag, pickLanguage, rememberedLanguage, rememberLanguage } from './languages';

/** localStorage's two calls, over a Map (and one that refuses, as a private window's may). */
function memory(): Pick<Storage, 'getItem' | 'setItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}
const refusing: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the language a browser starts in', () => {
  it('is the first of the browser’s languages that we have, by its language alone', () => {
    expect(pickLanguage(null, ['fr-FR', 'en-US'])).toBe('fr');
    expect(pickLanguage(null, ['de-AT'])).toBe('de');
    expect(pickLanguage(null, ['ja-JP-u-ca-japanese'])).toBe('ja');
    expect(pickLanguage(null, ['es-ES', 'pt-BR', 'de-CH', 'fr'])).toBe('de');
    expect(pickLanguage(null, ['EN-gb'])).toBe('en');
  });

  it('is English when the browser asks for none of ours, or for nothing, or for nonsense', () => {
    expect(pickLanguage(null, ['es-ES', 'zh-CN'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
    expect(pickLanguage(null, ['', 'not a tag!', '*'])).toBe('en');
    expect(languageOfTag('x-klingon')).toBeNull();
  });

  it('is the one chosen before, whatever the browser says; a remembered value that is none of ours is ignored', () => {
    expect(pickLanguage('ja', ['fr-FR'])).toBe('ja');
    expect(pickLanguage('en', ['de-DE'])).toBe('en');
    expect(pickLanguage('klingon', ['de-DE'])).toBe('de');
    expect(pickLanguage('FR', ['de-DE'])).toBe('de');
  });
});

describe('the remembered choice', () => {
  it('is kept under its key and read back', () => {
    const storage = memory();
    expect(rememberedLanguage(storage)).toBeNull();
    rememberLanguage(storage, 'de');
    expect(storage.map.get(LANGUAGE_KEY)).toBe('de');
    expect(rememberedLanguage(storage)).toBe('de');
    expect(pickLanguage(rememberedLanguage(storage), ['fr-FR'])).toBe('de');
  });

  it('fails quietly where storage is refused: the browser’s language then', () => {
    expect(() => rememberLanguage(refusing, 'fr')).not.toThrow();
    expect(rememberedLanguage(refusing)).toBeNull();
    expect(pickLanguage(rememberedLanguage(refusing), ['ja'])).toBe('ja');
  });
});
