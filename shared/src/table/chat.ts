import { z } from 'zod';
import { claimedWord, Skeleton } from './names';

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

/** At most this many combining marks on one character (accents, vowel signs, a variation selector); more are dropped. */
export const CHAT_MAX_MARKS = 4;

/** Characters that show as nothing or as a space (Hangul fillers, the blank braille pattern): white space in a line. */
const BLANKS = /[\s\u2028\u2029\u115f\u1160\u3164\uffa0\u2800]+/gu;
const STACKED_MARKS = new RegExp(`(\\p{M}{${CHAT_MAX_MARKS}})\\p{M}+`, 'gu');
/** Something a reader sees: a letter, a digit, punctuation or a symbol (emoji included). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * A chat line as stored and shown: Unicode-normalised (NFC), every run of white space (line
 * breaks, tabs and blank characters included) one space, control and format characters removed —
 * bidi overrides that would turn the line around, zero-width spaces — except the zero-width
 * joiner, which emoji sequences need, and no more than CHAT_MAX_MARKS combining marks on a
 * character (a stack of hundreds covers the lines around it). A line with nothing visible left is
 * empty. (Names go further: no invisible character at all.)
 */
export function normaliseChatText(raw: string): string {
  const text = raw
    .normalize('NFC')
    .replace(BLANKS, ' ')
    .replace(/(?!\u200d)[\p{Cc}\p{Cf}]/gu, '')
    .replace(STACKED_MARKS, '$1')
    .trim();
  return VISIBLE.test(text) ? text : '';
}

/**
 * The voices of the table itself: a line may not open with one of these as a label in brackets
 * ("[system] …", "(Host) …", "<server> …"), as if the table said it rather than the person whose
 * name it shows under.
 */
export const SYSTEM_WORDS: readonly string[] = [
  'system',
  'server',
  'admin',
  'administrator',
  'moderator',
  'mod',
  'host',
  'bot',
  'notice',
  'warning',
  'official',
  'staff',
];

/** A label in brackets of any kind ([ ], ( ), 【 】, < >, …) at the start of a line. */
const OPENING_LABEL = /^[\p{Ps}<]+[^\p{Ps}\p{Pe}<>]{1,40}[\p{Pe}>]+/u;

/**
 * The label a line opens with when it claims to be the table's ("[system]", "(һost)" with a
 * Cyrillic һ given the server's skeleton), or null. The browser checks without look-alikes;
 * the server with them.
 */
export function systemLabel(text: string, skeleton?: Skeleton): string | null {
  const label = OPENING_LABEL.exec(text)?.[0];
  return label && claimedWord(label, SYSTEM_WORDS, skeleton) ? label : null;
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
      .refine((text) => chatLength(text) <= CHAT_MAX_LENGTH, `a chat line is at most ${CHAT_MAX_LENGTH} characters`)
      .superRefine((text, context) => {
        const label = systemLabel(text);
        if (label) context.addIssue({ code: 'custom', message: systemLabelRefusal(label) });
      }),
  );

/** Why a line opening with a label such as "[system]" is refused. */
export function systemLabelRefusal(label: string): string {
  return `a chat line cannot open with "${label}": the table shows who says what`;
}

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

const packedLineSchema = z.tuple([z.number().int().min(1), z.number(), z.number().int().min(-1), z.string(), z.string(), z.enum(['t', 'e']), z.string()]);

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
