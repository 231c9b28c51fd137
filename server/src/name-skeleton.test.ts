import { sameName } from '@samurai/shared';
import { claimedRoleOf, confusableNames } from './name-skeleton';

describe('names compared with the Unicode confusables data', () => {
  it.each([
    ['Alice', 'Аlice', 'a Cyrillic А'],
    ['Alice', 'Αlice', 'a Greek Α'],
    ['Alice', 'ΑLICE', 'a Greek Α, in capitals'],
    ['Alice', 'AIice', 'a capital I for the l'],
    ['Alice', 'A1ice', 'a digit 1 for the l'],
    ['Alice', 'Alicе', 'a Cyrillic е'],
    ['Alice', '𝐀𝐥𝐢𝐜𝐞', 'mathematical bold letters'],
    ['Alice', 'Ａｌｉｃｅ', 'full-width letters'],
    ['Alice', 'Alicé', 'an accent'],
    ['Alice', 'Аlicé', 'a Cyrillic А and an accent'],
    ['Alice', 'A l i c e', 'spaced'],
    ['Bob', 'B0b', 'a zero for the o'],
    ['Bob', 'Вob', 'a Cyrillic В'],
    ['Emma', 'Ernrna', 'rn for m'],
    ['lan', 'Ian', 'a capital I for a small l'],
    ['へルガ', 'ヘルガ', 'hiragana へ for katakana ヘ'],
    ['Hana', 'Наnа', 'a bot name in Cyrillic'],
    ['Yuki', 'Υuki', 'a bot name with a Greek Υ'],
  ])('%s and %s look alike (%s)', (a, b) => {
    expect(confusableNames(a, b)).toBe(true);
    expect(confusableNames(b, a)).toBe(true);
  });

  it('catches look-alikes that the browser (without the data) lets through', () => {
    expect(sameName('Alice', 'Аlice')).toBe(false);
    expect(confusableNames('Alice', 'Аlice')).toBe(true);
  });

  it.each([
    ['Ann', 'Anne'],
    ['Jo', 'Joe'],
    ['Ian', 'Lan'], // a capital I is not a capital L
    ['Bob', '8ob'],
    ['ゆき', 'ユキ'], // the data keeps hiragana and katakana apart where they look different
    ['か', 'が'],
    ['Hana', 'Hanna'],
    ['Kenji', 'Kenta'],
  ])('%s and %s stay different', (a, b) => {
    expect(confusableNames(a, b)).toBe(false);
  });

  it.each([
    ['(һost)', 'host'], // a Cyrillic һ
    ['Ηost', 'host'], // a Greek capital eta
    ['Alice (Һ0ST)', 'host'],
    ['B0T', 'bot'],
    ['[ВОТ] Kenji', 'bot'], // Cyrillic capitals
    ['Alice (host)', 'host'],
  ])('%s claims "%s" however it is spelt', (name, role) => {
    expect(claimedRoleOf(name)).toBe(role);
  });

  it.each(['Alice', 'Ann Host', 'Robot', 'Hostess', 'ゆき'])('%s claims no role', (name) => {
    expect(claimedRoleOf(name)).toBeNull();
  });
});
