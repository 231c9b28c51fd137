import { z } from 'zod';
import { RoomError } from '../../../table/errors';
import { TableErrorMessage, TableServerMessages, tableMessages } from '../../../table/messages';
import { BOT_NAMES } from '../bots/bot';
import { CARD_NAMES, CardName } from '../cards';
import { MoveError } from '../errors';
import { Answer, ANSWERS, Move, PlayChoice } from '../state';
import { MAX_SEATS, roomOptionsSchema } from './options';

const card = z.enum(CARD_NAMES);
const target = z.union([
  z
    .number()
    .int()
    .min(0)
    .max(MAX_SEATS - 1),
  z.literal('centre'),
]);

/**
 * Every message a client may send, by type, with its payload's schema: Mangoku's intents (an
 * engine Move without `type` and `seat`: the seat is the server's knowledge of the sender) and
 * the table's requests. Whether a well-formed intent is allowed now is the engine's to say.
 */
export const CLIENT_MESSAGES = {
  /** Put down a card from your hand (or the card you have just taken), with its targets. */
  play: z.strictObject({ card, ikki: z.literal(true).optional(), targets: z.array(target).min(1).max(2).optional() }),
  /** Answer the prompt you are asked (docs/rules/mangoku.md § Reactions). */
  answer: z.strictObject({ answer: z.enum(ANSWERS) }),
  /** Take a card: from the hand a Nobleman showed you, or face up from the discard pile (Kabuki). */
  take: z.strictObject({ card }),
  ...tableMessages(MAX_SEATS, BOT_NAMES, roomOptionsSchema),
} as const;
export type ClientMessageType = keyof typeof CLIENT_MESSAGES;
export type ClientMessages = { [K in ClientMessageType]: z.input<(typeof CLIENT_MESSAGES)[K]> };
export const CLIENT_MESSAGE_TYPES = Object.keys(CLIENT_MESSAGES) as ClientMessageType[];

export const GAME_INTENTS = ['play', 'answer', 'take'] as const;
export type GameIntent = (typeof GAME_INTENTS)[number];

export function isGameIntent(type: string): type is GameIntent {
  return (GAME_INTENTS as readonly string[]).includes(type);
}

/** The engine move a validated game intent stands for, made by `seat`. */
export function intentToMove(type: GameIntent, payload: unknown, seat: number): Move {
  switch (type) {
    case 'play':
      return { type, seat, play: payload as PlayChoice };
    case 'answer':
      return { type, seat, answer: (payload as { answer: Answer }).answer };
    case 'take':
      return { type, seat, card: (payload as { card: CardName }).card };
  }
}

/** The message a client sends for an engine move (the inverse of intentToMove). */
export function moveToIntent(move: Move): { type: GameIntent; payload: object } {
  switch (move.type) {
    case 'play': {
      const { card: played, ikki, targets } = move.play;
      return { type: 'play', payload: { card: played, ...(ikki ? { ikki } : {}), ...(targets ? { targets: targets.slice() } : {}) } };
    }
    case 'answer':
      return { type: 'answer', payload: { answer: move.answer } };
    case 'take':
      return { type: 'take', payload: { card: move.card } };
  }
}

// ---- server → client messages ----------------------------------------------------------------

/** Every code an `error` message may carry. */
export type ErrorCode = MoveError | RoomError;
export type ErrorMessage = TableErrorMessage<ErrorCode>;
export type ServerMessages = TableServerMessages<ErrorCode>;
export type ServerMessageType = keyof ServerMessages;
