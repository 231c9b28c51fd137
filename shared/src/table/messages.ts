import { z } from 'zod';
import { chatTextSchema, EMOTE_IDS } from './chat';
import { colourSchema } from './colours';
import { HEARTBEAT_ANSWER } from './heartbeat';
import { WelcomeMessage } from './joining';
import { nameSchema } from './names';

const nothing = z.strictObject({}).optional();

/**
 * The table's own requests, the same in every game: the lobby (host only, before the game,
 * except `profile`, which is your own), rematch, stand-ins and removals. A game's client
 * messages are these and its own intents.
 */
export function tableMessages<B extends readonly [string, ...string[]], O extends z.ZodObject>(maxSeats: number, botLevels: B, optionsSchema: O) {
  const seat = z
    .number()
    .int()
    .min(0)
    .max(maxSeats - 1);
  return {
    addBot: z.strictObject({ level: z.enum(botLevels).optional() }).optional(),
    /** Empties a seat: a bot, or another player (who is told so and may come back as a spectator). */
    removeSeat: z.strictObject({ seat }),
    setOptions: optionsSchema.partial(),
    start: nothing,
    /**
     * After the end: back to the table for the next game (the seat order rotated by one, every
     * stand-in ended), where the host may change options and seats and each person says `playAgain`.
     */
    rematch: nothing,
    /** At the table after a game: you play the next one too (the host's `start` waits for everyone's). */
    playAgain: nothing,
    /**
     * The host gives the seat of a person to a bot of the table's level: at the table after a game,
     * one who has not said `playAgain`; during a game, one who timed out TIMEOUTS_BEFORE_REPLACING
     * times in a row (the seat's `timeouts`). Their connection closes (CLOSE_SEAT_TO_BOT).
     */
    seatToBot: z.strictObject({ seat }),
    /** You leave the game under way: a bot of the table's level plays your seat to the end. */
    concede: nothing,
    /** Your vote to abandon the game under way (or its withdrawal): a majority of the people seated ends it, with no winner. */
    abandon: z.strictObject({ agree: z.boolean() }),
    /**
     * During a game: the room's bot plays for a player who is away, or who has owed a move for
     * IDLE_AFTER_MS (their seat's `idle`), until they come back or act again.
     */
    standIn: z.strictObject({ seat }),
    /** A player a bot stands in for, back at the table: their seat is theirs again (any move does this too). */
    resume: nothing,
    /** The host lets a removed person (by the name in `removed`) sit down in this room again. */
    letBack: z.strictObject({ name: nameSchema }),
    /** Change your own name or colour before the game. */
    profile: z.strictObject({ name: nameSchema.optional(), colour: colourSchema.optional() }),
    /** A chat line (players and spectators, at any time; see chat.ts for what is kept of it). */
    chat: z.strictObject({ text: chatTextSchema }),
    /** A quick emote, in the chat. */
    emote: z.strictObject({ emote: z.enum(EMOTE_IDS) }),
    /** The host mutes (or unmutes) the person at a seat: their lines and emotes are refused meanwhile. */
    mute: z.strictObject({ seat, muted: z.boolean() }),
    /** The host opens or closes the chat to spectators, at any time. */
    spectatorChat: z.strictObject({ open: z.boolean() }),
  } as const;
}

export type TableMessages = ReturnType<typeof tableMessages<readonly [string, ...string[]], z.ZodObject>>;
export type TableMessageType = keyof TableMessages;
export const TABLE_MESSAGE_TYPES = [
  'addBot',
  'removeSeat',
  'setOptions',
  'start',
  'rematch',
  'playAgain',
  'seatToBot',
  'concede',
  'abandon',
  'standIn',
  'resume',
  'letBack',
  'profile',
  'chat',
  'emote',
  'mute',
  'spectatorChat',
] as const satisfies readonly TableMessageType[];

/** The only requests a spectator may make. */
export const SPECTATOR_MESSAGE_TYPES = ['chat', 'emote'] as const satisfies readonly TableMessageType[];

/** A refused request, sent to its sender alone. */
export interface TableErrorMessage<Code extends string = string> {
  readonly code: Code;
  /** One sentence for people (the client may translate by code instead). */
  readonly message: string;
  /** Specific to this request: which hex, which tile, which field. */
  readonly detail: string;
  /** The type of the refused message, when there was one. */
  readonly request?: string;
}

/** Every message the server sends, by type. */
export interface TableServerMessages<Code extends string = string> {
  welcome: WelcomeMessage;
  error: TableErrorMessage<Code>;
  /** The answer to a heartbeat (heartbeat.ts): nothing but its arrival. */
  [HEARTBEAT_ANSWER]: undefined;
}
