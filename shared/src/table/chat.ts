import { z } from 'zod';

/** The longest chat line, in characters (Unicode code points) after normalising. */
export const CHAT_MAX_LENGTH = 200;
/** The room keeps (in its state and its log) this many of the latest lines. */
export const CHAT_KEPT_LINES = 100;

/** Quick emotes: one tap, the same few words for everyone. A closed set: the server sends only the id. */
export const EMOTES = [
  { id: 'good', glyph: '👍', text: 'Good move' },
  { id: 'wow', glyph: '😮', text: 'Wow' },
  { id: 'oops', glyph: '😅', text: 'Oops' },
  { id: 'thanks', glyph: '🙏', text: 'Thanks' },
  { id: 'thinking', glyph: '⏳', text: 'Thinking…' },
] as const;
export type Emote = (typeof EMOTES)[number];
export type EmoteId = Emote['id'];
export const EMOTE_IDS = EMOTES.map((e) => e.id) as [EmoteId, ...EmoteId[]];

export function emoteById(id: string): Emote | undefined {
  return EMOTES.find((e) => e.id === id);
}

/**
 * A chat line as stored and shown: Unicode-normalised (NFC), every run of white space (line
 * breaks and tabs included) one space, and control and format characters removed — bidi
 * overrides that would turn the line around, zero-width spaces — except the zero-width joiner,
 * which emoji sequences need. (Names go further: no invisible character at all.)
 */
export function normaliseChatText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\s\u2028\u2029]+/gu, ' ')
    .replace(/(?!\u200d)[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

/** Length as people count it: code points, so an emoji is one character, not two. */
export function chatLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const chatTextSchema = z
  .string()
  // Far beyond any real line: the normalising below never runs on a huge string.
  .max(CHAT_MAX_LENGTH * 4, `a chat line is at most ${CHAT_MAX_LENGTH} characters`)
  .transform(normaliseChatText)
  .pipe(
    z
      .string()
      .min(1, 'a chat line cannot be empty')
      .refine((text) => chatLength(text) <= CHAT_MAX_LENGTH, `a chat line is at most ${CHAT_MAX_LENGTH} characters`),
  );

/** A line of the room's chat. */
export interface ChatLine {
  /** Its number in the room (1 for the first line ever said): lines are shown in this order. */
  readonly n: number;
  /** When the server received it (ms since 1970, the server's clock). */
  readonly at: number;
  /** The speaker's seat when it was said; -1 for a spectator. */
  readonly seat: number;
  /** The speaker's name when it was said ('' for a spectator who gave none). */
  readonly name: string;
  /** The speaker's ColourId ('' for a spectator). */
  readonly colour: string;
  /** What was said: a text, or a quick emote. */
  readonly body: { readonly text: string } | { readonly emote: EmoteId };
}

/**
 * A line as one string (the room state keeps strings, each far cheaper than a structure):
 * `[n, at, seat, name, colour, "t" | "e", text or emote id]` as JSON.
 */
export function packChatLine(line: ChatLine): string {
  const body = 'text' in line.body ? ['t', line.body.text] : ['e', line.body.emote];
  return JSON.stringify([line.n, line.at, line.seat, line.name, line.colour, ...body]);
}

const packedLineSchema = z.tuple([
  z.number().int().min(1),
  z.number(),
  z.number().int().min(-1),
  z.string(),
  z.string(),
  z.enum(['t', 'e']),
  z.string(),
]);

/** A packed line read back; null for anything that is not one (a line is data from the wire, checked like any). */
export function unpackChatLine(packed: string): ChatLine | null {
  let raw: unknown;
  try {
    raw = JSON.parse(packed);
  } catch {
    return null;
  }
  const parsed = packedLineSchema.safeParse(raw);
  if (!parsed.success) return null;
  const [n, at, seat, name, colour, kind, value] = parsed.data;
  if (kind === 'e' && !emoteById(value)) return null;
  return { n, at, seat, name, colour, body: kind === 't' ? { text: value } : { emote: value as EmoteId } };
}

/** The lines of a room state's chat in the order they were said (the state keeps them in a ring: the newest replaces the oldest). */
export function chatLinesOf(packed: ArrayLike<string> | undefined): ChatLine[] {
  const lines: ChatLine[] = [];
  for (const text of Array.from(packed ?? [])) {
    const line = unpackChatLine(text);
    if (line) lines.push(line);
  }
  return lines.sort((a, b) => a.n - b.n);
}
