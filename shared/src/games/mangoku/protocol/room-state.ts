import type { ClientTableOptionsState, ClientTableSeatState, ClientTableState } from '../../../table/room-state';

/** The room phase: 'lobby' before the first game, 'play' while one is on, 'over' after each (until a rematch). */
export const ROOM_PHASES = ['lobby', 'play', 'over'] as const;
export type RoomPhase = (typeof ROOM_PHASES)[number];

/** A seat: the table's fields and Mangoku's. Public unless marked. */
export interface ClientSeatState extends ClientTableSeatState {
  readonly coins: number;
  /** Cards in hand. */
  readonly handCount: number;
  /** Still in the current campaign (not eliminated). */
  readonly inCampaign: boolean;
  /** Has begun a turn this campaign (no more paying to block). */
  readonly hadTurn: boolean;
  /*
   * Only on your own seat: your StateView alone holds these; nobody else's browser ever
   * receives them (a bot's seat has them for nobody).
   */
  /** Your hand (unpackCards). */
  readonly hand?: string;
  /** Your answer to the pending prompt, once given ('' before, and when none is pending). */
  readonly answer?: string;
  /** The card you have just taken and must play now (unpackCards: one letter), else ''. */
  readonly taken?: string;
  /**
   * What was shown to you alone this campaign, JSON of the engine's Shown[] ('' for none): the hand of a
   * defender who blocked your attack, and a Nobleman's look.
   */
  readonly shown?: string;
}

export interface ClientOptionsState extends ClientTableOptionsState {
  /** A prompt's time (PROMPT_SECONDS_CHOICES). */
  readonly promptSeconds: number;
}

/**
 * The room state exactly as a client decodes it: the table's fields and Mangoku's (the server's
 * schema has these fields). Rebuild the engine's view from it with viewFromRoomState; its
 * fields are the public part of that view, encoded as roomFields says.
 */
export interface ClientRoomState extends ClientTableState {
  readonly phase: string; // RoomPhase
  readonly options: ClientOptionsState;
  readonly seats: ArrayLike<ClientSeatState>;
  /** The first player of the first campaign (-1 before a game). */
  readonly firstSeat: number;
  /** The current campaign's first player. */
  readonly first: number;
  /** Whose turn it is (-1 between campaigns, and at the end). */
  readonly active: number;
  /** The supply was empty when this turn began: the campaign ends after it. */
  readonly lastTurn: boolean;
  /** Coins in the centre pile. */
  readonly centre: number;
  /** Coins that have left the game, one per campaign. */
  readonly coinsOut: number;
  readonly supplyCount: number;
  /** 1 while the face-down card lies at the bottom of the discard pile. */
  readonly faceDownCount: number;
  /** The face-up discard pile, oldest first (unpackCards). */
  readonly discard: string;
  /** A card taken face up from the discard (Kabuki) and not yet played (one letter), else ''. */
  readonly taken: string;
  /** What the game waits for: JSON of the engine's Step as a spectator sees it ('' in the lobby). */
  readonly step: string;
  /** The turn being played: JSON of the engine's TurnInProgress as a spectator sees it, '' between turns. */
  readonly turn: string;
  /** When the pending prompt's time runs out: the server's clock, ms since 1970; 0 when none is pending. */
  readonly promptEndsAt: number;
  /** Shrine Maiden reveals on show: JSON of the engine's Reveal[], each with `endsAt` (server clock, ms); '' for none. */
  readonly reveals: string;
  /** This game's public history, one entry per fact (decodeHistoryEntry); it only grows until a rematch. */
  readonly log: ArrayLike<string>;
  /** JSON of the engine's Result once the game is over, else ''. */
  readonly result: string;
}
