/**
 * The wire protocol between the game server and its clients: the single source of truth for
 * both sides (the server validates every message with these schemas; the client builds its
 * messages from these types). Pure TypeScript and zod; no Colyseus import.
 *
 * ## Message flow
 *
 * 1. Create: `client.create(ROOM_NAME, createOptions)`. The server makes a private room whose id is
 *    a 5-character code (the invite link is `<origin>/?room=CODE`); the creator takes seat 0 and
 *    is host. Invalid options refuse the creation with a JOIN_REFUSED error.
 * 2. Join: `client.joinById(code, joinOptions)` as a player (name, colour), as a spectator, or
 *    with the secret `seatToken` to reclaim a seat after a reload or a dropped connection.
 *    A refused join rejects with code JOIN_REFUSED and a message `"<error code>: <text>"`
 *    (see parseJoinError). An unknown code is Colyseus's own "room not found" (4212).
 * 3. The server answers every join with a private `welcome` message: your member id (find
 *    your seat with `seats[i].id === memberId`) and, for players, the seat token to keep in
 *    localStorage under `seatTokenKey(code)`. Then the state arrives (ClientRoomState) and
 *    is patched after every change.
 * 4. Intents: `room.send(type, payload)` with a ClientMessageType. Lobby intents (host: add or
 *    remove seats, set options, start) and game intents (an engine Move without its seat: the
 *    seat is always the one the server knows the sender holds). A refused intent changes
 *    nothing and is answered with a private `error` message; an accepted one shows in the state.
 * 5. The game log is `state.log`, one packed number per public event (decodeLogEntry);
 *    late joiners receive it with the state. The tiles on the board are read from it
 *    (summariseLog): the state carries no board of its own. What only you may know rides in
 *    your own seat's fields, which only your StateView holds: your hand, your tally, and
 *    `drawn`, the tiles you drew when your last turn ended (in the same patch as that turn's
 *    end in the log).
 * 6. Bots, and seats whose only legal move is to pass, are moved by the server after a short delay.
 *    While a player is away the host may have a bot stand in for them (`standIn`); it plays
 *    their seat until they reclaim it.
 * 7. At the end, `phase` is 'over', every tally becomes public and `result` holds the scoring;
 *    the host may then `rematch` (same seats, seat order rotated by one). The record of the last
 *    finished game is at `GET /api/rooms/CODE/record`.
 *
 * Limits: at most RATE_LIMIT_PER_SECOND messages per second (the first excess is answered with
 * room/rate_limited, a second within RATE_LIMIT_STRIKE_WINDOW_MS closes the connection with
 * CLOSE_RATE_LIMITED); messages over MAX_MESSAGE_BYTES are refused with room/message_too_large,
 * and frames over MAX_FRAME_BYTES close the connection.
 */
import { z } from 'zod';
import { hexIndex, HEXES, PlayerCount, SETTLEMENT_COUNT } from './board';
import { BOT_NAMES, BotName } from './bots/bot';
import { MoveError } from './errors';
import { liftTile, placeTile, TileBoard } from './plays';
import {
  CAPTURE_TIMINGS,
  Capture,
  CaptureTiming,
  EndReason,
  emptyBoard,
  filled,
  GameOptions,
  Move,
  Phase,
  PieceAt,
  Placement,
  Play,
  PlaceTileName,
  SETUP_MODES,
  SetupMode,
  STARTING_HANDS,
  StartingHands,
  Table,
  TurnRecord,
} from './state';
import { Piece, PieceCounts, PIECES, TILE_ID, TILE_NAMES, TileId, TILES, TileName } from './tiles';

/** The Colyseus room type. */
export const ROOM_NAME = 'samurai';

// ---- room codes ------------------------------------------------------------------------------

/** Uppercase letters and digits without look-alikes (0/O, 1/I/L). */
export const ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ROOM_CODE_LENGTH = 5;
const ROOM_CODE_PATTERN = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

export function isRoomCode(text: unknown): text is string {
  return typeof text === 'string' && ROOM_CODE_PATTERN.test(text);
}

/** A code as a person typed it (any case, spaces or dashes) in canonical form, or null. */
export function normaliseRoomCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  return isRoomCode(code) ? code : null;
}

/** The invite link for a room: the client reads `room` from the query string. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?room=${code}`;
}

/** Where a browser keeps the secret seat token of a room. */
export function seatTokenKey(code: string): string {
  return `samurai.seatToken.${code}`;
}

// ---- names and colours -----------------------------------------------------------------------

export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 20;

/** A display name as stored: Unicode-normalised, control characters removed, spaces collapsed. */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Names are compared without regard to case (so "Ann" and "ANN" cannot both sit down). */
export function sameName(a: string, b: string): boolean {
  return normaliseName(a).toLocaleLowerCase() === normaliseName(b).toLocaleLowerCase();
}

export const nameSchema = z
  .string()
  .max(200, 'a name is at most 20 characters')
  .transform(normaliseName)
  .pipe(
    z
      .string()
      .min(NAME_MIN_LENGTH, 'a name cannot be empty')
      .max(NAME_MAX_LENGTH, `a name is at most ${NAME_MAX_LENGTH} characters`),
  );

/**
 * Seat colours: Okabe–Ito, distinguishable with every common colour-vision deficiency; each has
 * its own mark shape as well, so colour is never the only cue.
 */
export const SEAT_COLOURS = [
  { id: 'vermillion', name: 'Vermillion', hex: '#D55E00', mark: 'circle' },
  { id: 'sky', name: 'Sky blue', hex: '#56B4E9', mark: 'square' },
  { id: 'green', name: 'Bluish green', hex: '#009E73', mark: 'triangle' },
  { id: 'yellow', name: 'Yellow', hex: '#F0E442', mark: 'diamond' },
  { id: 'purple', name: 'Reddish purple', hex: '#CC79A7', mark: 'star' },
  { id: 'blue', name: 'Blue', hex: '#0072B2', mark: 'hexagon' },
] as const;
export type SeatColour = (typeof SEAT_COLOURS)[number];
export type ColourId = SeatColour['id'];
export const COLOUR_IDS = SEAT_COLOURS.map((c) => c.id) as [ColourId, ...ColourId[]];
export const colourSchema = z.enum(COLOUR_IDS);

export function colourById(id: string): SeatColour | undefined {
  return SEAT_COLOURS.find((c) => c.id === id);
}

// ---- options ---------------------------------------------------------------------------------

/** fixed: seats play in the order they sat down; random: the order is drawn when the game starts. */
export const SEAT_ORDERS = ['fixed', 'random'] as const;
export type SeatOrder = (typeof SEAT_ORDERS)[number];

export const BOT_LEVELS = BOT_NAMES;
export type BotLevel = BotName;

export const MAX_BOT_DELAY_MS = 5000;

export const roomOptionsSchema = z.strictObject({
  players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  captureTiming: z.enum(CAPTURE_TIMINGS),
  startingHands: z.enum(STARTING_HANDS),
  setup: z.enum(SETUP_MODES),
  /** The level of bots the host adds (each bot seat keeps the level it was added with). */
  botLevel: z.enum(BOT_NAMES),
  seatOrder: z.enum(SEAT_ORDERS),
  /** Milliseconds a bot (or a forced pass) waits before moving, so people can follow. */
  botDelayMs: z.number().int().min(0).max(MAX_BOT_DELAY_MS),
});
export interface RoomOptions {
  players: PlayerCount;
  captureTiming: CaptureTiming;
  startingHands: StartingHands;
  setup: SetupMode;
  botLevel: BotLevel;
  seatOrder: SeatOrder;
  botDelayMs: number;
}

export const DEFAULT_ROOM_OPTIONS: RoomOptions = {
  players: 4,
  captureTiming: 'end-of-turn',
  startingHands: 'chosen',
  setup: 'players',
  botLevel: 'greedy',
  seatOrder: 'fixed',
  botDelayMs: 600,
};

/** The engine's options from the room's. */
export function gameOptionsOf(options: RoomOptions): GameOptions {
  return { captureTiming: options.captureTiming, startingHands: options.startingHands, setup: options.setup };
}

// ---- joining ---------------------------------------------------------------------------------

/** A secret seat token (issued by the server; base64url of 24 random bytes). */
export const seatTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'not a seat token');

export const ROLES = ['player', 'spectator'] as const;
export type Role = (typeof ROLES)[number];

/** Join a room: sit down as a player, watch, or reclaim your seat with its token. */
export const joinOptionsSchema = z.union([
  z.strictObject({ seatToken: seatTokenSchema }),
  z.strictObject({ role: z.literal('player'), name: nameSchema, colour: colourSchema.optional() }),
  z.strictObject({ role: z.literal('spectator'), name: nameSchema.optional() }),
]);
export type JoinOptions = z.input<typeof joinOptionsSchema>;

/** Create a room: the creator sits down as a player and hosts; room options default as above. */
export const createOptionsSchema = z.strictObject({
  name: nameSchema,
  colour: colourSchema.optional(),
  options: roomOptionsSchema.partial().optional(),
});
export type CreateOptions = z.input<typeof createOptionsSchema>;

// ---- client → server messages ----------------------------------------------------------------

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
  /** During a game: the room's bot plays for a player who is away, until they come back. */
  standIn: z.strictObject({ seat: z.number().int().min(0).max(3) }),
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

/** Errors the room itself adds to the engine's MoveError codes. */
export enum RoomError {
  /** The message type is not one of CLIENT_MESSAGES. */
  UnknownMessage = 'room/unknown_message',
  /** A lobby message or the join options do not have the documented shape. */
  Malformed = 'room/malformed',
  /** The message is larger than MAX_MESSAGE_BYTES. */
  MessageTooLarge = 'room/message_too_large',
  /** More than RATE_LIMIT_PER_SECOND messages in a second; the excess was ignored. */
  RateLimited = 'room/rate_limited',
  /** Spectators watch; they cannot act. */
  Spectator = 'room/spectator',
  /** Only the host may do that. */
  NotHost = 'room/not_host',
  /** Another seat already uses that name (names are compared without regard to case). */
  NameTaken = 'room/name_taken',
  /** Another seat already has that colour. */
  ColourTaken = 'room/colour_taken',
  /** No seat of this room has that token (it is wrong, or the seat was emptied). */
  SeatToken = 'room/seat_token',
  /** Every seat is taken (or the spectator gallery is full). */
  Full = 'room/full',
  /** The game has started: new players may watch, and lobby changes wait for the end. */
  GameStarted = 'room/game_started',
  /** No game is running: game moves wait for the start. */
  NoGame = 'room/no_game',
  /** The game cannot start while a seat is empty. */
  SeatsOpen = 'room/seats_open',
  /** That seat is empty, or it is your own. */
  BadSeat = 'room/bad_seat',
  /** Fewer seats than the players already seated. */
  SeatsTaken = 'room/seats_taken',
  /** A rematch waits for the end of the game. */
  NotOver = 'room/not_over',
  /** A bot may stand in only for a player who is away (not for one who is here, nor for a bot). */
  NotAway = 'room/not_away',
  /** The server failed on this request (a bug, logged on the server); the room goes on. */
  Internal = 'room/internal',
}
export const ROOM_ERRORS = Object.values(RoomError) as RoomError[];

export const ROOM_ERROR_MESSAGES: Readonly<Record<RoomError, string>> = {
  [RoomError.UnknownMessage]: 'The server does not know that request.',
  [RoomError.Malformed]: 'That request is not understood.',
  [RoomError.MessageTooLarge]: 'That request is too large.',
  [RoomError.RateLimited]: 'Too many requests: slow down, or you will be disconnected.',
  [RoomError.Spectator]: 'Spectators cannot act.',
  [RoomError.NotHost]: 'Only the host can do that.',
  [RoomError.NameTaken]: 'Someone in this room already uses that name.',
  [RoomError.ColourTaken]: 'Someone in this room already has that colour.',
  [RoomError.SeatToken]: 'That seat cannot be reclaimed: its token is not valid in this room.',
  [RoomError.Full]: 'This room is full.',
  [RoomError.GameStarted]: 'The game has started. You can watch it as a spectator.',
  [RoomError.NoGame]: 'The game has not started yet.',
  [RoomError.SeatsOpen]: 'Every seat needs a player or a bot before the game can start.',
  [RoomError.BadSeat]: 'Nobody sits in that seat, or it is your own.',
  [RoomError.SeatsTaken]: 'More players are seated than that.',
  [RoomError.NotOver]: 'A rematch can start once the game is over.',
  [RoomError.NotAway]: 'A bot can only stand in for a player who is away.',
  [RoomError.Internal]: 'The server could not handle that request. Please try again.',
};

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

export interface WelcomeMessage {
  readonly role: Role;
  /** Your public member id: your seat is the one with this id (empty for spectators). */
  readonly memberId: string;
  /** Keep it secret, keep it safe (localStorage, under seatTokenKey(code)); null for spectators. */
  readonly seatToken: string | null;
}

/** Every message the server sends, by type. */
export interface ServerMessages {
  welcome: WelcomeMessage;
  error: ErrorMessage;
}
export type ServerMessageType = keyof ServerMessages;

/** The Colyseus error code of a refused create or join; the message is `"<code>: <text>"`. */
export const JOIN_REFUSED = 4400;

export function joinErrorMessage(code: ErrorCode, text: string): string {
  return `${code}: ${text}`;
}

/** The error code and text of a refused join's message, or null when it is not one of ours. */
export function parseJoinError(message: string): { code: ErrorCode; text: string } | null {
  const match = /^([a-z_]+\/[a-z_]+): ([\s\S]*)$/.exec(message);
  return match ? { code: match[1] as ErrorCode, text: match[2] } : null;
}

/** WebSocket close codes the server uses (besides Colyseus's own). */
export const CLOSE_RATE_LIMITED = 4429;
/** Another connection reclaimed this seat with its token (another tab, or after a reload). */
export const CLOSE_SEAT_TAKEN_OVER = 4409;
/** The host removed you from your seat. */
export const CLOSE_REMOVED = 4410;

export const RATE_LIMIT_PER_SECOND = 20;
export const RATE_LIMIT_STRIKE_WINDOW_MS = 10_000;
/** The largest message the room reads (the largest real one is well under 300 bytes). */
export const MAX_MESSAGE_BYTES = 1024;
/** Frames above this close the connection (WebSocket 1009) before the room sees them. */
export const MAX_FRAME_BYTES = 4096;
export const MAX_SPECTATORS = 50;

// ---- the state as a client sees it -----------------------------------------------------------

/**
 * The room phase: 'lobby' before the first game; then the engine's phases, 'over' after each
 * game (until a rematch).
 */
export const ROOM_PHASES = ['lobby', 'hands', 'pieces', 'play', 'over'] as const;
export type RoomPhase = 'lobby' | Phase;

export const SEAT_KINDS = ['open', 'human', 'bot'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

export interface ClientSeatState {
  /** Public member id (not the secret token); '' for an open seat. */
  readonly id: string;
  readonly name: string;
  /** A ColourId, or '' for an open seat. */
  readonly colour: string;
  readonly kind: SeatKind;
  /** The bot's level for a bot seat; for a person, the level of the bot standing in while they are away; else ''. */
  readonly bot: string;
  /** false while a human's browser is away (reloading, or the connection dropped). */
  readonly connected: boolean;
  readonly handChosen: boolean;
  readonly handCount: number;
  readonly stackCount: number;
  /** The captured tally (unpackCounts) when everyone may see it (2 players, or after the end); else -1. */
  readonly captured: number;
  /**
   * Only on your own seat (your StateView alone holds them; nobody else's browser ever receives
   * them): your hand (unpackHand); your captured tally (unpackCounts), always, even while hidden
   * from others; the tiles you drew when your last turn ended, in the order drawn (unpackHand).
   */
  readonly hand?: number;
  readonly ownCaptured?: number;
  readonly drawn?: number;
}

export interface ClientOptionsState {
  readonly players: number;
  readonly captureTiming: string;
  readonly startingHands: string;
  readonly setup: string;
  readonly botLevel: string;
  readonly seatOrder: string;
  readonly botDelayMs: number;
}

export interface ClientResultState {
  readonly reason: string; // EndReason
  readonly winners: ArrayLike<number>;
  /** Per caste: the seat holding that leader token, or -1. */
  readonly leaders: ArrayLike<number>;
}

/** The room state exactly as a client sees it (the server's schema has these fields). */
export interface ClientRoomState {
  /** The room code (the room id). */
  readonly code: string;
  readonly phase: string; // RoomPhase
  /** Games started in this room (1 for the first game; a rematch adds one). */
  readonly game: number;
  readonly options: ClientOptionsState;
  /** Member id of the host. */
  readonly host: string;
  /** In turn order; as many as options.players. */
  readonly seats: ArrayLike<ClientSeatState>;
  /** The seat to act in the pieces and play phases, else -1. */
  readonly seat: number;
  /** The castes present per settlement (SETTLEMENTS order), five settlements to an entry (unpackPieces). */
  readonly pieces: ArrayLike<number>;
  /** Setup pieces still to be placed, per caste (unpackCounts). */
  readonly supply: number;
  /** Pieces set aside, per caste (unpackCounts). */
  readonly aside: number;
  /** The public events of this game, packed (decodeLogEntry). */
  readonly log: ArrayLike<number>;
  /** Set once the game is over. */
  readonly result?: ClientResultState;
  readonly spectators: number;
}

// ---- packed numbers --------------------------------------------------------------------------

/*
 * Small facts travel as single numbers rather than arrays: every schema array is a structure for
 * which Colyseus keeps change-tracking bookkeeping in every room (about a kilobyte each, plus
 * some 40 bytes per element), while a changed number costs a few bytes in a patch.
 */

/** Per caste counts (each at most 13, the pieces of a caste in a 4-player game), 4 bits each. */
const COUNT_BITS = 4;

export function packCounts(counts: ArrayLike<number>): number {
  return counts[0] | (counts[1] << COUNT_BITS) | (counts[2] << (2 * COUNT_BITS));
}

export function unpackCounts(packed: number): PieceCounts {
  const mask = (1 << COUNT_BITS) - 1;
  return [packed & mask, (packed >> COUNT_BITS) & mask, (packed >> (2 * COUNT_BITS)) & mask];
}

/** The castes present at each settlement (bit i = PIECES[i], 3 bits) packed five to a uint16 entry, first lowest. */
export const SETTLEMENTS_PER_ENTRY = 5;
export const CASTE_BITS = 3;
export const PIECES_ENTRIES = Math.ceil(SETTLEMENT_COUNT / SETTLEMENTS_PER_ENTRY);

/** The entry of packed pieces that holds settlement `s`, and the settlement's place in it. */
export function piecesEntryOf(s: number): { entry: number; shift: number } {
  return { entry: Math.floor(s / SETTLEMENTS_PER_ENTRY), shift: (s % SETTLEMENTS_PER_ENTRY) * CASTE_BITS };
}

export function packPieces(pieces: ArrayLike<number>): number[] {
  const entries = filled(PIECES_ENTRIES, 0);
  for (let s = 0; s < pieces.length; s++) {
    const { entry, shift } = piecesEntryOf(s);
    entries[entry] |= pieces[s] << shift;
  }
  return entries;
}

export function unpackPieces(entries: ArrayLike<number>): number[] {
  return Array.from({ length: SETTLEMENT_COUNT }, (_, s) => {
    const { entry, shift } = piecesEntryOf(s);
    return ((entries[entry] ?? 0) >> shift) & ((1 << CASTE_BITS) - 1);
  });
}

/** A hand or a draw (at most HAND_SIZE tiles, in order) as tile + 1 in 5 bits each, first tile lowest. */
const HAND_TILE_BITS = 5;

export function packHand(hand: readonly TileId[]): number {
  let packed = 0;
  for (let i = hand.length - 1; i >= 0; i--) packed = packed * (1 << HAND_TILE_BITS) + hand[i] + 1;
  return packed;
}

export function unpackHand(packed: number): TileId[] {
  const hand: TileId[] = [];
  for (let rest = packed; rest > 0; rest = Math.floor(rest / (1 << HAND_TILE_BITS))) hand.push((rest % (1 << HAND_TILE_BITS)) - 1);
  return hand;
}

// ---- the game log ----------------------------------------------------------------------------

export const LOG_KINDS = ['hand', 'piece', 'dealt', 'play', 'undo', 'end', 'pass', 'capture'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** One public event. */
export type LogEntry =
  /** The seat has chosen its starting hand (which tiles stays secret). */
  | { readonly kind: 'hand'; readonly seat: number }
  /** A setup piece placed by a seat. */
  | { readonly kind: 'piece'; readonly seat: number; readonly hex: string; readonly piece: Piece }
  /** The setup pieces were dealt at random (they are on the board). */
  | { readonly kind: 'dealt' }
  | { readonly kind: 'play'; readonly seat: number; readonly play: Play }
  /** The seat took back its last play. */
  | { readonly kind: 'undo'; readonly seat: number }
  | { readonly kind: 'end'; readonly seat: number }
  /** The seat could play no tile; the server passed for it. */
  | { readonly kind: 'pass'; readonly seat: number }
  /** A piece won by `seat`, or set aside (`seat` null). */
  | { readonly kind: 'capture'; readonly seat: number | null; readonly hex: string; readonly piece: Piece };

/*
 * Packing: kind (4 bits) + 16 × (seat + 1) (3 bits) + 128 × payload, where the payload is
 *   piece / capture: hex + 256 × caste
 *   play: form (0 place, 1 switch, 2 move) + 4 × (place: tile + 32 × hex;
 *         switch: hexA + 256 × casteA + 1024 × (hexB + 256 × casteB); move: from + 256 × to).
 * Every entry fits in 31 bits; events without a payload fit in one byte on the wire.
 */
function hexOf(name: string): number {
  const h = hexIndex(name);
  if (h < 0) throw new Error(`log: no hex ${name}`);
  return h;
}

function casteIndex(piece: Piece): number {
  return PIECES.indexOf(piece);
}

function packPlay(play: Play): number {
  if (play.tile === 'switch') {
    const [a, b] = play.swap;
    return 1 + 4 * (hexOf(a.hex) + 256 * casteIndex(a.piece) + 1024 * (hexOf(b.hex) + 256 * casteIndex(b.piece)));
  }
  if (play.tile === 'move') return 2 + 4 * (hexOf(play.from) + 256 * hexOf(play.to));
  return 4 * (TILE_ID[play.tile] + 32 * hexOf(play.hex));
}

function unpackPlay(payload: number): Play {
  const form = payload % 4;
  const rest = Math.floor(payload / 4);
  if (form === 1) {
    const pieceAt = (p: number): PieceAt => ({ hex: HEXES[p % 256].name, piece: PIECES[Math.floor(p / 256)] });
    return { tile: 'switch', swap: [pieceAt(rest % 1024), pieceAt(Math.floor(rest / 1024))] };
  }
  if (form === 2) return { tile: 'move', from: HEXES[rest % 256].name, to: HEXES[Math.floor(rest / 256)].name };
  return { tile: TILE_NAMES[rest % 32] as PlaceTileName, hex: HEXES[Math.floor(rest / 32)].name };
}

export function encodeLogEntry(entry: LogEntry): number {
  const kind = LOG_KINDS.indexOf(entry.kind);
  const seat = 'seat' in entry && entry.seat !== null ? entry.seat + 1 : 0;
  let payload = 0;
  if (entry.kind === 'piece' || entry.kind === 'capture') payload = hexOf(entry.hex) + 256 * casteIndex(entry.piece);
  else if (entry.kind === 'play') payload = packPlay(entry.play);
  return kind + 16 * seat + 128 * payload;
}

export function decodeLogEntry(value: number): LogEntry {
  const kind = LOG_KINDS[value % 16];
  const seatPlusOne = Math.floor(value / 16) % 8;
  const seat = seatPlusOne - 1;
  const payload = Math.floor(value / 128);
  switch (kind) {
    case 'piece':
    case 'capture': {
      const at = { hex: HEXES[payload % 256].name, piece: PIECES[Math.floor(payload / 256)] };
      return kind === 'piece' ? { kind, seat, ...at } : { kind, seat: seatPlusOne ? seat : null, ...at };
    }
    case 'play':
      return { kind, seat, play: unpackPlay(payload) };
    case 'dealt':
      return { kind };
    case 'hand':
    case 'undo':
    case 'end':
    case 'pass':
      return { kind, seat };
    default:
      throw new Error(`log: unknown entry ${value}`);
  }
}

/** The public events of a new game (a dealt setup is on the board from the start). */
export function startEvents(state: Table): LogEntry[] {
  return state.placements.length > 0 && state.placements[0].seat === null ? [{ kind: 'dealt' }] : [];
}

/**
 * The public events of a move the engine accepted, from the state before and after it:
 * what everyone at the table sees (never a hand's contents).
 */
export function moveEvents(before: Table, move: Move, after: Table): LogEntry[] {
  const seat = move.seat;
  switch (move.type) {
    case 'chooseHand': {
      const entries: LogEntry[] = [{ kind: 'hand', seat }];
      if (before.placements.length === 0) entries.push(...startEvents(after));
      return entries;
    }
    case 'placePiece':
      return [{ kind: 'piece', seat, hex: move.hex, piece: move.piece }];
    case 'play':
      return [{ kind: 'play', seat, play: move.play }, ...captureEvents(after.turnCaptures.slice(before.turnCaptures.length))];
    case 'undo':
      return [{ kind: 'undo', seat }];
    case 'endTurn': {
      const turn = after.turns[after.turns.length - 1];
      return [...captureEvents(turn.captures.slice(before.turnCaptures.length)), { kind: 'end', seat }];
    }
    case 'pass':
      return [{ kind: 'pass', seat }];
  }
}

function captureEvents(captures: readonly Capture[]): LogEntry[] {
  return captures.map((c) => ({ kind: 'capture', seat: c.seat, hex: c.hex, piece: c.piece }));
}

/** What the public log says about the game so far. */
export interface LogSummary {
  /** Completed turns, passes included (as in GameState.turns). */
  readonly turns: TurnRecord[];
  /** The current turn's plays and captures (take-backs already applied). */
  readonly turnPlays: Play[];
  readonly turnCaptures: Capture[];
  /** Consecutive passes. */
  readonly passes: number;
  /** Setup pieces placed by seats (empty for a dealt setup). */
  readonly placements: Placement[];
  /**
   * The tiles on the board: every play is in the log, and a take-back exactly reverses the
   * turn's last play (the room state carries no board of its own).
   */
  readonly board: TileBoard;
}

/** Replays the log into turns, the current turn, passes, setup placements and the tiles on the board. */
export function summariseLog(log: ArrayLike<number>): LogSummary {
  const board = { hexOwner: emptyBoard(), hexTile: emptyBoard() };
  const turns: TurnRecord[] = [];
  const placements: Placement[] = [];
  let turnPlays: Play[] = [];
  let turnCaptures: Capture[] = [];
  let passes = 0;
  for (let i = 0; i < log.length; i++) {
    const entry = decodeLogEntry(log[i]);
    switch (entry.kind) {
      case 'piece':
        placements.push({ seat: entry.seat, hex: entry.hex, piece: entry.piece });
        break;
      case 'play':
        turnPlays.push(entry.play);
        placeTile(board, entry.seat, entry.play);
        break;
      case 'undo': {
        const play = turnPlays.pop();
        if (play) liftTile(board, play);
        break;
      }
      case 'capture':
        turnCaptures.push({ hex: entry.hex, piece: entry.piece, seat: entry.seat });
        break;
      case 'end':
      case 'pass':
        turns.push({ seat: entry.seat, plays: turnPlays, captures: turnCaptures });
        passes = entry.kind === 'pass' ? passes + 1 : 0;
        turnPlays = [];
        turnCaptures = [];
        break;
    }
  }
  return { turns, turnPlays, turnCaptures, passes, placements, board };
}

/**
 * The engine Table a client can rebuild from the room state, as `viewer` sees it: enough for
 * legalMoves, checkMove and the bots to know in advance what the server will accept.
 */
export function tableFromRoomState(state: ClientRoomState, viewer: number | 'spectator'): Table {
  const players = state.options.players as PlayerCount;
  const seats = Array.from(state.seats);
  const summary = summariseLog(state.log);
  const phase = (state.phase === 'lobby' ? 'hands' : state.phase) as Phase;
  return {
    players,
    options: {
      captureTiming: state.options.captureTiming as CaptureTiming,
      startingHands: state.options.startingHands as StartingHands,
      setup: state.options.setup as SetupMode,
    },
    phase,
    seat: state.seat,
    hexOwner: summary.board.hexOwner,
    hexTile: summary.board.hexTile,
    pieces: unpackPieces(state.pieces),
    supply: unpackCounts(state.supply),
    hands: seats.map((s, i) => (i === viewer && s.hand !== undefined ? unpackHand(s.hand) : null)),
    captured: seats.map((s, i) => capturedAsSeenBy(s, i === viewer)),
    aside: unpackCounts(state.aside),
    handChosen: seats.map((s) => s.handChosen),
    placements: summary.placements,
    turns: summary.turns,
    turnPlays: summary.turnPlays,
    turnCaptures: summary.turnCaptures,
    passes: summary.passes,
    result: null,
  };
}

/** A seat's captured tally as its owner (`own`) or anyone else sees it; null while hidden. */
export function capturedAsSeenBy(seat: ClientSeatState, own: boolean): PieceCounts | null {
  if (own && seat.ownCaptured !== undefined) return unpackCounts(seat.ownCaptured);
  return seat.captured >= 0 ? unpackCounts(seat.captured) : null;
}

/** The result's end reason, typed. */
export function endReasonOf(result: ClientResultState): EndReason {
  return result.reason as EndReason;
}

/** A tile id's name; for hands and board cells. */
export function tileName(id: number): TileName {
  return TILES[id].name;
}
