import { Phase } from '../state';
import type { ClientTableOptionsState, ClientTableSeatState, ClientTableState } from '../../../table/room-state';

/**
 * The room phase: 'lobby' before the first game; then the engine's phases, 'over' after each
 * game (until a rematch).
 */
export const ROOM_PHASES = ['lobby', 'hands', 'pieces', 'play', 'over'] as const;
export type RoomPhase = 'lobby' | Phase;

/** A seat: the table's fields and Samurai's. */
export interface ClientSeatState extends ClientTableSeatState {
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

export interface ClientOptionsState extends ClientTableOptionsState {
  readonly captureTiming: string;
  readonly startingHands: string;
  readonly setup: string;
}

export interface ClientResultState {
  readonly reason: string; // EndReason
  readonly winners: ArrayLike<number>;
  /** Per caste: the seat holding that leader token, or -1. */
  readonly leaders: ArrayLike<number>;
}

/** The room state exactly as a client sees it (the server's schema has these fields). */
/** The room state exactly as a client sees it: the table's fields and Samurai's (the server's schema has these fields). */
export interface ClientRoomState extends ClientTableState {
  readonly phase: string; // RoomPhase
  readonly options: ClientOptionsState;
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
}
