/** Errors of the table itself (a game adds its engine's move errors). */
export enum RoomError {
  /** The message type is not one of CLIENT_MESSAGES. */
  UnknownMessage = 'room/unknown_message',
  /** A lobby message or the join options do not have the documented shape. */
  Malformed = 'room/malformed',
  /** The message is larger than MAX_MESSAGE_BYTES. */
  MessageTooLarge = 'room/message_too_large',
  /** More than RATE_LIMIT_PER_SECOND messages in a second; the excess was ignored. */
  RateLimited = 'room/rate_limited',
  /** Spectators watch (and may chat); they cannot act. */
  Spectator = 'room/spectator',
  /** Only the host may do that. */
  NotHost = 'room/not_host',
  /** Another seat already uses that name, or one that looks the same (case, accents, look-alike letters). */
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
  /**
   * A bot may stand in only for a player who is away, or who has owed a move for IDLE_AFTER_MS
   * (not for one who is here and playing, nor for a bot).
   */
  NotAway = 'room/not_away',
  /** Too many rooms: this address created too many lately, or the server holds all it can (HTTP 429). */
  TooMany = 'room/too_many',
  /** Too many wrong room codes or seat tokens from this address: wait before trying again (HTTP 429). */
  TooManyAttempts = 'room/too_many_attempts',
  /** Disconnected for flooding: this seat (or address) may come back after a cool-down. */
  CoolingDown = 'room/cooling_down',
  /** The host removed you from this room; only the host can let you sit down again. */
  Removed = 'room/removed',
  /** Nobody of that name was removed from this room. */
  NotRemoved = 'room/not_removed',
  /** The server failed on this request (a bug, logged on the server); the room goes on. */
  Internal = 'room/internal',
  /** The server is restarting: rooms come back in a moment, new ones wait for it (HTTP 503). */
  Restarting = 'room/restarting',
  /** The host has muted you: your chat lines and emotes are not shown until the host unmutes you. */
  Muted = 'room/muted',
  /** The host has closed the chat to spectators. */
  ChatClosed = 'room/chat_closed',
  /**
   * The room cannot write to its storage (the database does not answer, the disk is full): it
   * takes no request and no newcomer until it can, and carries on by itself then. Also sent to
   * every client of the room, every STORAGE_NOTICE_EVERY_MS, for as long as it waits.
   */
  StorageWaiting = 'room/storage_waiting',
  /** Too many chat lines and emotes from this person, or from the spectators together: the detail says when the next may go. */
  ChatTooFast = 'room/chat_too_fast',
  /** A person hands their seat to the bot, or takes it back, at most once each in a while. */
  TooSoon = 'room/too_soon',
  /** The bot is playing the turn its person kept the table waiting for: the seat is theirs again once it is done. */
  BotMoving = 'room/bot_moving',
  /** The next game waits until every person seated has said "play again" (or left, or the host gave their seat to a bot). */
  NotReady = 'room/not_ready',
  /** "Play again" is said at the table after a game (the host's rematch brings everyone there). */
  NoRematch = 'room/no_rematch',
  /** A bot takes a person's seat only if they did not say "play again", or timed out several times in a row. */
  NotReplaceable = 'room/not_replaceable',
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
  [RoomError.NotAway]: 'A bot can only stand in for a player who is away or has not played for a while.',
  [RoomError.TooMany]: 'Too many rooms are being made: please wait a little and try again.',
  [RoomError.TooManyAttempts]: 'Too many wrong room codes: please wait a minute before trying again.',
  [RoomError.CoolingDown]: 'You were disconnected for sending too much: you can come back in a few seconds.',
  [RoomError.Removed]: 'The host removed you from this room. Ask the host to let you back in, or watch.',
  [RoomError.NotRemoved]: 'Nobody of that name was removed from this room.',
  [RoomError.Internal]: 'The server could not handle that request. Please try again.',
  [RoomError.Restarting]: 'The server is restarting: please try again in a moment.',
  [RoomError.Muted]: 'The host has muted you: nobody sees your messages until the host unmutes you.',
  [RoomError.ChatClosed]: 'The host has closed the chat to spectators.',
  [RoomError.StorageWaiting]:
    'The table is waiting for its storage: nothing can be played until it answers again. Nothing is lost, and the game carries on by itself.',
  [RoomError.ChatTooFast]: 'Too many chat messages at once: wait a moment before the next.',
  [RoomError.TooSoon]: 'You did that a moment ago: wait a few seconds.',
  [RoomError.BotMoving]: 'The bot is playing the turn you kept the table waiting for: you can take your seat back once it is done.',
  [RoomError.NotReady]: 'Not every player has said “Play again” yet.',
  [RoomError.NoRematch]: 'There is no next game to say “Play again” to yet.',
  [RoomError.NotReplaceable]: 'A bot can take this seat only if its player has not said “Play again”, or has timed out three times in a row.',
};

/** While a room waits for its storage, it tells its clients so (RoomError.StorageWaiting) this often. */
export const STORAGE_NOTICE_EVERY_MS = 5000;

/** The Colyseus error code of a refused create or join; the message is `"<code>: <text>"`. */
export const JOIN_REFUSED = 4400;

export function joinErrorMessage(code: string, text: string): string {
  return `${code}: ${text}`;
}

/** The error code and text of a refused join's message, or null when it is not one of ours. */
export function parseJoinError(message: string): { code: string; text: string } | null {
  const match = /^([a-z_]+\/[a-z_]+): ([\s\S]*)$/.exec(message);
  return match ? { code: match[1], text: match[2] } : null;
}
