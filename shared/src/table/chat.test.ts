import {
  CHAT_KEPT_LINES,
  CHAT_MAX_LENGTH,
  CHAT_MAX_MARKS,
  ChatLine,
  chatLinesOf,
  chatTextSchema,
  EMOTE_IDS,
  EMOTES,
  packChatLine,
  systemLabel,
  unpackChatLine,
} from './chat';
import { tableMessages } from './messages';
import { z } from 'zod';

describe('chat text', () => {
  it('is trimmed, its white space collapsed (line breaks too), its control and bidi characters removed', () => {
    expect(chatTextSchema.parse('  hello \n\t  there  ')).toBe('hello there');
    expect(chatTextSchema.parse('evil\u202Etxt.exe')).toBe('eviltxt.exe');
    expect(chatTextSchema.parse('a\u0000b\u200bc\u2066d')).toBe('abcd');
  });
  it('keeps emoji whole: joiners and variation selectors stay', () => {
    const family = '👨\u200d👩\u200d👧';
    expect(chatTextSchema.parse(family)).toBe(family);
    expect(chatTextSchema.parse('❤\ufe0f')).toBe('❤\ufe0f');
  });
  it('is normalised to NFC', () => {
    expect(chatTextSchema.parse('e\u0301')).toBe('\u00e9');
  });
  it('is 1 to 200 characters, counted as people count them (an emoji is one)', () => {
    expect(chatTextSchema.safeParse('   ').success).toBe(false);
    expect(chatTextSchema.safeParse('\u200b').success).toBe(false);
    expect(chatTextSchema.safeParse('x'.repeat(CHAT_MAX_LENGTH)).success).toBe(true);
    expect(chatTextSchema.safeParse(`  ${'x'.repeat(CHAT_MAX_LENGTH)}  `).success).toBe(true);
    expect(chatTextSchema.safeParse('x'.repeat(CHAT_MAX_LENGTH + 1)).success).toBe(false);
    expect(chatTextSchema.safeParse('😀'.repeat(CHAT_MAX_LENGTH)).success).toBe(true);
    expect(chatTextSchema.safeParse('😀'.repeat(CHAT_MAX_LENGTH + 1)).success).toBe(false);
    expect(chatTextSchema.safeParse(42).success).toBe(false);
  });
  it('has something to see: a line of invisible or blank characters alone is empty', () => {
    for (const blank of [
      '\u200d',
      '\u200d\u200d\u200d',
      '\ufe0f\ufe0f',
      '\u3164\u3164',
      '\u2800 \u2800',
      '\u115f\u1160\uffa0',
      '\u0301\u0302\u0303',
      '\u{e0041}\u{e0042}',
    ]) {
      expect(chatTextSchema.safeParse(blank).error?.issues[0].message).toBe('a chat line cannot be empty');
    }
    // Blanks beside something visible are spaces.
    expect(chatTextSchema.parse('a\u3164\u3164b\u2800c')).toBe('a b c');
    expect(chatTextSchema.parse('.')).toBe('.');
    expect(chatTextSchema.parse('😀')).toBe('😀');
  });
  it(`keeps at most ${CHAT_MAX_MARKS} combining marks on a character: a stack of hundreds is cut, real scripts and emoji keep theirs`, () => {
    const zalgo = `Z${'\u0336\u0301\u0327'.repeat(66)}ok`;
    const cut = chatTextSchema.parse(zalgo);
    // (NFC orders the marks and puts the acute on the Z: Ź.)
    expect(cut.normalize('NFD').match(/\p{M}/gu)?.length).toBeLessThanOrEqual(CHAT_MAX_MARKS + 1);
    expect(cut.endsWith('ok')).toBe(true);
    expect(chatTextSchema.parse(`a${'\u0301'.repeat(198)}`)).toBe(`á${'\u0301'.repeat(CHAT_MAX_MARKS)}`);
    for (const kept of ['Tiếng Việt', 'בְּרֵאשִׁית', 'हिन्दी', 'བསྒྲུབས', 'ภาษาไทย', '1\ufe0f\u20e3', '🏳\ufe0f\u200d🌈', '👍🏽']) {
      expect(chatTextSchema.parse(kept)).toBe(kept.normalize('NFC'));
    }
  });
  it('may not open with a bracketed label in the table\'s voice ("[system]"); other brackets are fine', () => {
    for (const fake of [
      '[system] Ann was removed',
      '(Host) everyone leave',
      '<SERVER> restarting',
      '【admin】 hi',
      '[ s y s t e m ] x',
      '[System notice] ok',
      '{mod}',
    ]) {
      const result = chatTextSchema.safeParse(fake);
      expect(result.error?.issues[0].message).toMatch(/^a chat line cannot open with ".+": the table shows who says what$/);
    }
    for (const fine of ['(laughs) ok', '[quote] nice', 'the [system] is fine', 'system: what?', '(Ann from the server team)', ':) host', '¯\\_(ツ)_/¯']) {
      expect(chatTextSchema.safeParse(fine).success).toBe(true);
    }
    // Look-alike letters are the server's to catch (it has the confusables data): here, a skeleton that folds one.
    expect(systemLabel('[ѕystem] hi')).toBeNull();
    expect(systemLabel('[ѕystem] hi', (text) => text.replace(/ѕ/g, 's'))).toBe('[ѕystem]');
  });
  it('says why a line is refused', () => {
    const result = chatTextSchema.safeParse('y'.repeat(CHAT_MAX_LENGTH + 1));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe(`a chat line is at most ${CHAT_MAX_LENGTH} characters`);
  });
  it('as requests: a text or one of the emotes, nothing else', () => {
    const messages = tableMessages(4, ['random'] as const, z.strictObject({}));
    expect(messages.chat.safeParse({ text: 'hi' }).success).toBe(true);
    expect(messages.chat.safeParse({ text: 'hi', seat: 1 }).success).toBe(false);
    expect(messages.emote.safeParse({ emote: 'thanks' }).success).toBe(true);
    expect(messages.emote.safeParse({ emote: 'rude' }).success).toBe(false);
    expect(messages.mute.safeParse({ seat: 1, muted: true }).success).toBe(true);
    expect(messages.mute.safeParse({ seat: 4, muted: true }).success).toBe(false);
    expect(messages.spectatorChat.safeParse({ open: false }).success).toBe(true);
  });
});

describe('emotes', () => {
  it('are a handful, each with its own id and glyph', () => {
    expect(EMOTES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(EMOTE_IDS).size).toBe(EMOTES.length);
    expect(new Set(EMOTES.map((e) => e.glyph)).size).toBe(EMOTES.length);
  });
});

describe('packed lines', () => {
  const text: ChatLine = {
    n: 7,
    at: 1_700_000_000_000,
    seat: 2,
    name: 'Ann "the" Host\\',
    colour: 'sky',
    body: { text: '<img src=x onerror=alert(1)> | , ] "' },
  };
  const emote: ChatLine = { n: 8, at: 1_700_000_000_500, seat: -1, name: '', colour: '', body: { emote: 'thanks' } };

  it('round-trip, whatever the text holds', () => {
    expect(unpackChatLine(packChatLine(text))).toEqual(text);
    expect(unpackChatLine(packChatLine(emote))).toEqual(emote);
  });
  it('anything else reads as no line', () => {
    for (const bad of ['', 'not json', '[]', '[1,2,3]', '{"n":1}', '[0,1,0,"a","","t","x"]', '[1,1,0,"a","","e","rude"]', '[1,1,0,"a","","q","x"]']) {
      expect(unpackChatLine(bad)).toBeNull();
    }
  });
  it("are read in the order said from the state's ring", () => {
    const lines = Array.from({ length: CHAT_KEPT_LINES + 5 }, (_, i): ChatLine => ({ ...text, n: i + 1 }));
    const ring: string[] = [];
    for (const line of lines) ring[(line.n - 1) % CHAT_KEPT_LINES] = packChatLine(line);
    expect(ring.length).toBe(CHAT_KEPT_LINES);
    expect(chatLinesOf(ring).map((l) => l.n)).toEqual(lines.slice(5).map((l) => l.n));
    expect(chatLinesOf(undefined)).toEqual([]);
  });
});
