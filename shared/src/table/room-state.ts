/**
 * The part of every room's state that is the table's, as a client sees it: a game's state
 * extends these with its own fields (the server's schema classes extend the table's likewise).
 */

export const SEAT_KINDS = ['open', 'human', 'bot'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

export interface ClientTableSeatState {
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
  /** A person who has owed a move for IDLE_AFTER_MS: the host may let a bot play for them. */
  readonly idle: boolean;
  /** The host has muted this person: the room refuses their chat lines and emotes. */
  readonly muted: boolean;
  /**
   * The seat's clock (options.clock), in tenths of a second, 0 with no clock. Sent only when a
   * browser cannot work it out (read it with nextReadings, clock-readings.ts): every seat's to a
   * newcomer, a clock's as it starts when that is not the figure the state holds already (per
   * move) or after a pause; a stopped clock keeps what it had left, a bank's new move adds the increment.
   */
  readonly clockLeft: number;
}

export interface ClientTableOptionsState {
  readonly players: number;
  readonly botLevel: string;
  readonly seatOrder: string;
  readonly botDelayMs: number;
  /** A ClockId. */
  readonly clock: string;
  readonly awayMinutes: number;
  readonly spectatorChat: boolean;
}

export interface ClientTableState {
  /** The room code (the room id). */
  readonly code: string;
  /** The game this table plays: its room type (its module's name in the games' registries). */
  readonly gameType: string;
  /** 'lobby' before the first game; then the game's own phases, 'over' after each game (until a rematch). */
  readonly phase: string;
  /** Games started in this room (1 for the first game; a rematch adds one). */
  readonly game: number;
  /** Member id of the host. */
  readonly host: string;
  readonly spectators: number;
  /** Names of people the host removed, who may not sit down again unless the host lets them back (`letBack`). */
  readonly removed: ArrayLike<string>;
  readonly options: ClientTableOptionsState;
  /** In turn order; as many as options.players. */
  readonly seats: ArrayLike<ClientTableSeatState>;
  /** The seats whose clock runs now, one bit each (bit s for seat s). */
  readonly clockRunning: number;
  /**
   * At the table after a game (phase 'lobby', game ≥ 1): the seats whose person has said "play
   * again" (bit s for seat s; bots need not). The host's start waits for every person's.
   * (These four are absent from states made before them: none, and false.)
   */
  readonly playAgain?: number;
  /** During a game: the seats whose person votes to abandon it (bit s for seat s); a majority of the people seated ends it. */
  readonly abandonVotes?: number;
  /** During a game: the seats whose person timed out TIMEOUTS_BEFORE_REPLACING times in a row: the host may give them to a bot (`seatToBot`). */
  readonly timedOut?: number;
  /** At the table after a game: true when that game (number `game`) was abandoned by a vote, with no winner. */
  readonly abandoned?: boolean;
  /**
   * The latest chat lines (packChatLine), at most CHAT_KEPT_LINES, kept as a ring: read them
   * with chatLinesOf. Absent until the first line is said.
   */
  readonly chat?: ArrayLike<string>;
}
