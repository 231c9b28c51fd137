import { CHAT_KEPT_LINES, CHAT_MAX_LENGTH, ChatLine, chatLinesOf, chatTextSchema, EMOTE_IDS, EMOTES, packChatLine, unpackChatLine } from './chat';
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
  const text: ChatLine = { n: 7, at: 1_700_000_000_000, seat: 2, name: 'Ann "the" Host\\', colour: 'sky', body: { text: '<img src=x onerror=alert(1)> | , ] "' } };
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
  it('are read in the order said from the state\'s ring', () => {
    const lines = Array.from({ length: CHAT_KEPT_LINES + 5 }, (_, i): ChatLine => ({ ...text, n: i + 1 }));
    const ring: string[] = [];
    for (const line of lines) ring[(line.n - 1) % CHAT_KEPT_LINES] = packChatLine(line);
    expect(ring.length).toBe(CHAT_KEPT_LINES);
    expect(chatLinesOf(ring).map((l) => l.n)).toEqual(lines.slice(5).map((l) => l.n));
    expect(chatLinesOf(undefined)).toEqual([]);
  });
});
