import { claimedRole, nameSchema, sameName } from './names';

describe('names', () => {
  it('are trimmed, collapsed and stripped of control characters', () => {
    expect(nameSchema.parse('  Ann   \t Lee  ')).toBe('Ann Lee');
    expect(nameSchema.parse('Bo\u0000b\u200b')).toBe('Bob');
  });

  it('lose every invisible character: joiners, variation selectors, Hangul fillers, a blank braille cell', () => {
    expect(nameSchema.parse('A\u2060n\ufe0fn\u3164')).toBe('Ann');
    expect(nameSchema.parse('Ann\u2800Lee')).toBe('Ann Lee');
    expect(nameSchema.safeParse('\u3164\u115f\u2800').success).toBe(false);
  });

  it('are 1 to 20 characters', () => {
    expect(nameSchema.safeParse('   ').success).toBe(false);
    expect(nameSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(nameSchema.safeParse('x'.repeat(21)).success).toBe(false);
    expect(nameSchema.safeParse(42).success).toBe(false);
  });
});

/*
 * Without the confusables data (as in the browser): the server adds the look-alike letters of
 * other scripts (name-skeleton.test.ts).
 */
describe('sameName without the confusables data', () => {
  it.each([
    ['Alice', 'alice', 'case'],
    ['Alice', 'ALICE', 'case'],
    ['Alice', 'Ａｌｉｃｅ', 'full-width letters'],
    ['Alice', 'Alicé', 'an accent (precomposed)'],
    ['Alice', 'Ali\u0301ce', 'an accent (combining)'],
    ['Alice', 'Álice', 'an accent on a capital'],
    ['Zoe', 'Zoë', 'a diaeresis'],
    ['fiona', 'ﬁona', 'a ligature'],
    ['Alice', 'Al\u200bice', 'a zero-width space'],
    ['Alice', 'A\u00adlice', 'a soft hyphen'],
    ['Alice', 'A l i c e', 'spaces between the letters'],
    ['Alice', 'Alice!', 'decorating punctuation'],
    ['Alice', '~Alice~', 'decorating symbols'],
    ['Ann Lee', 'Ann-Lee', 'a hyphen for a space'],
    ['ユキ', 'ﾕｷ', 'half-width katakana'],
  ])('%s and %s are the same name (%s)', (a, b) => {
    expect(sameName(a, b)).toBe(true);
  });

  it.each([
    ['Ann', 'Anne'],
    ['Jo', 'Joe'],
    ['Bob', 'Rob'],
    ['ゆき', 'ユキ'], // hiragana and katakana look different: the same sound, two names
    ['か', 'が'], // a dakuten is part of the letter, not an accent
    ['क', 'कि'], // so is a Devanagari vowel sign
    ['★', '☆'], // names of symbols alone keep their symbols
    ['Straße', 'Strasse'],
    ['Alice', 'Alice 2'],
  ])('%s and %s stay different', (a, b) => {
    expect(sameName(a, b)).toBe(false);
  });
});

describe('a name cannot claim a role', () => {
  it.each([
    ['Alice (host)', 'host'],
    ['[host] Alice', 'host'],
    ['Alice （ｈｏｓｔ）', 'host'],
    ['Alice (the host)', 'host'],
    ['Alice - away', 'away'],
    ['Alice | you', 'you'],
    ['Alice (yóu)', 'you'],
    ['Alice·bot', 'bot'],
    ['Kenji «bot»', 'bot'],
    ['Host', 'host'],
    ['HOST', 'host'],
    ['h o s t', 'host'],
    ['(host)', 'host'],
    ['Spectator!', 'spectator'],
    ['Admin', 'admin'],
    ['Open seat', 'open seat'],
  ])('%s claims "%s"', (name, role) => {
    expect(claimedRole(name)).toBe(role);
    expect(nameSchema.safeParse(name)).toMatchObject({ success: false, error: { issues: [{ message: `a name cannot claim a role such as "${role}"` }] } });
  });

  it.each(['Ann Host', 'Host Family', 'Robot', 'Hostess', 'Abbot', 'You Li', 'Bo (2)', 'Mr. Bott'])('%s is a name like any other', (name) => {
    expect(claimedRole(name)).toBeNull();
    expect(nameSchema.safeParse(name).success).toBe(true);
  });
});
