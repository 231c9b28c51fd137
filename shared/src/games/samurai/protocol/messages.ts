import { z } from 'zod';
import { BOT_NAMES } from '../bots/bot';
import { MoveError } from '../errors';
import { Move, Play } from '../state';
import { Piece, PIECES, TILE_NAMES, TileName } from '../tiles';
import { RoomError } from '../../../table/errors';
import { TableErrorMessage, TableServerMessages, tableMessages } from '../../../table/messages';
import { roomOptionsSchema } from './options';

const hexSchema = z.string().regex(/^\d{1,2},\d{1,2}$/, 'a hex is named "col,row"');
const pieceSchema = z.enum(PIECES);
const pieceAtSchema = z.strictObject({ hex: hexSchema, piece: pieceSchema });
// Discriminated by tile: a parse goes straight to its one candidate (a plain union tries each in turn).
export const playSchema = z.discriminatedUnion('tile', [
  z.strictObject({ tile: z.literal('switch'), swap: z.tuple([pieceAtSchema, pieceAtSchema]) }),
  z.strictObject({ tile: z.literal('move'), from: hexSchema, to: hexSchema }),
  z.strictObject({ tile: z.enum(TILE_NAMES).exclude(['switch', 'move']), hex: hexSchema }),
]);
const nothing = z.strictObject({}).optional();

/** Every message a client may send, by type, with its payload's schema: Samurai's intents and the table's requests. */
export const CLIENT_MESSAGES = {
  // Game intents: an engine Move without `type` and `seat`.
  chooseHand: z.strictObject({ tiles: z.array(z.enum(TILE_NAMES)).max(20) }),
  placePiece: z.strictObject({ hex: hexSchema, piece: pieceSchema }),
  play: z.strictObject({ play: playSchema }),
  undo: nothing,
  endTurn: nothing,
  pass: nothing,
  ...tableMessages(4, BOT_NAMES, roomOptionsSchema),
} as const;
export type ClientMessageType = keyof typeof CLIENT_MESSAGES;
export type ClientMessages = { [K in ClientMessageType]: z.input<(typeof CLIENT_MESSAGES)[K]> };
export const CLIENT_MESSAGE_TYPES = Object.keys(CLIENT_MESSAGES) as ClientMessageType[];

export const GAME_INTENTS = ['chooseHand', 'placePiece', 'play', 'undo', 'endTurn', 'pass'] as const;
export type GameIntent = (typeof GAME_INTENTS)[number];

export function isGameIntent(type: string): type is GameIntent {
  return (GAME_INTENTS as readonly string[]).includes(type);
}

/** The engine move a validated game intent stands for, made by `seat`. */
export function intentToMove(type: GameIntent, payload: unknown, seat: number): Move {
  const p = (payload ?? {}) as { tiles: TileName[]; hex: string; piece: Piece; play: Play };
  switch (type) {
    case 'chooseHand':
      return { type, seat, tiles: p.tiles };
    case 'placePiece':
      return { type, seat, hex: p.hex, piece: p.piece };
    case 'play':
      return { type, seat, play: p.play };
    default:
      return { type, seat };
  }
}

/** The message a client sends for an engine move (the inverse of intentToMove). */
export function moveToIntent(move: Move): { type: GameIntent; payload: object | undefined } {
  switch (move.type) {
    case 'chooseHand':
      return { type: move.type, payload: { tiles: move.tiles.slice() } };
    case 'placePiece':
      return { type: move.type, payload: { hex: move.hex, piece: move.piece } };
    case 'play':
      return { type: move.type, payload: { play: move.play } };
    default:
      return { type: move.type, payload: undefined };
  }
}

// ---- server → client messages ----------------------------------------------------------------

/** Every code an `error` message may carry. */
export type ErrorCode = MoveError | RoomError;
export type ErrorMessage = TableErrorMessage<ErrorCode>;
export type ServerMessages = TableServerMessages<ErrorCode>;
export type ServerMessageType = keyof ServerMessages;
