import { Phase } from '../state';

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
  /** A person who has owed a move for IDLE_AFTER_MS: the host may let a bot play for them. */
  readonly idle: boolean;
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
  /** Names of people the host removed, who may not sit down again unless the host lets them back (`letBack`). */
  readonly removed: ArrayLike<string>;
}

