import { z } from 'zod';
import { BOT_NAMES } from '../bots/bot';
import { MoveError } from '../errors';
import { Move, Play } from '../state';
import { Piece, PIECES, TILE_NAMES, TileName } from '../tiles';
import { colourSchema } from '../../../table/colours';
import { RoomError } from '../../../table/errors';
import { WelcomeMessage } from '../../../table/joining';
import { nameSchema } from '../../../table/names';
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

/** Every message a client may send, by type, with its payload's schema. */
export const CLIENT_MESSAGES = {
  // Game intents: an engine Move without `type` and `seat`.
  chooseHand: z.strictObject({ tiles: z.array(z.enum(TILE_NAMES)).max(20) }),
  placePiece: z.strictObject({ hex: hexSchema, piece: pieceSchema }),
  play: z.strictObject({ play: playSchema }),
  undo: nothing,
  endTurn: nothing,
  pass: nothing,
  // Lobby intents (host only, before the game, except `profile`, which is your own).
  addBot: z.strictObject({ level: z.enum(BOT_NAMES).optional() }).optional(),
  /** Empties a seat: a bot, or another player (who is told so and may come back as a spectator). */
  removeSeat: z.strictObject({ seat: z.number().int().min(0).max(3) }),
  setOptions: roomOptionsSchema.partial(),
  start: nothing,
  /** After the end: a new game with the same seats, the seat order rotated by one. */
  rematch: nothing,
  /**
   * During a game: the room's bot plays for a player who is away, or who has owed a move for
   * IDLE_AFTER_MS (their seat's `idle`), until they come back or act again.
   */
  standIn: z.strictObject({ seat: z.number().int().min(0).max(3) }),
  /** A player a bot stands in for, back at the table: their seat is theirs again (any move does this too). */
  resume: nothing,
  /** The host lets a removed person (by the name in `removed`) sit down in this room again. */
  letBack: z.strictObject({ name: nameSchema }),
  /** Change your own name or colour before the game. */
  profile: z.strictObject({ name: nameSchema.optional(), colour: colourSchema.optional() }),
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

export interface ErrorMessage {
  readonly code: ErrorCode;
  /** One sentence for people (the client may translate by code instead). */
  readonly message: string;
  /** Specific to this request: which hex, which tile, which field. */
  readonly detail: string;
  /** The type of the refused message, when there was one. */
  readonly request?: string;
}


/** Every message the server sends, by type. */
export interface ServerMessages {
  welcome: WelcomeMessage;
  error: ErrorMessage;
}
export type ServerMessageType = keyof ServerMessages;

