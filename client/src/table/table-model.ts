/**
 * The table's part of what the screens show, rebuilt from the room state after every patch: the
 * same in every game (a game's model adds its own fields to it). Pure: the same state and
 * identity always give the same model.
 */
import { ClientTableState, Role, SeatKind, TableOptions } from '@samurai/shared';
import { lookOf, OPEN_LOOK, SeatLook } from '../ui/seat-look';

export interface Identity {
  /** From the server's welcome message; '' until it arrives. */
  readonly memberId: string;
  readonly role: Role;
}

export interface TableSeatModel {
  readonly index: number;
  /** Public member id; '' for an open seat. */
  readonly id: string;
  readonly name: string;
  readonly colourId: string;
  /** How the seat looks; a neutral grey for an open seat. */
  readonly look: SeatLook;
  readonly kind: SeatKind;
  readonly bot: string;
  readonly connected: boolean;
  /** A person who has owed a move too long: the host may let a bot play for them. */
  readonly idle: boolean;
  readonly isYou: boolean;
  readonly isHost: boolean;
  /** At the table between games: this person has said "play again" (bots need not). */
  readonly playsAgain: boolean;
  /** During a game: this person votes to abandon it. */
  readonly votesToAbandon: boolean;
  /** During a game: this person timed out three times in a row (the host may give the seat to a bot). */
  readonly timedOut: boolean;
}

export interface TableModel {
  readonly code: string;
  /** The game this table plays: its room type. */
  readonly gameType: string;
  /** 'lobby' before the first game; then the game's own phases. */
  readonly phase: string;
  /** Games started in this room (a rematch adds one). */
  readonly game: number;
  readonly seats: readonly TableSeatModel[];
  /** Your seat index; -1 when watching (or before the server has said who you are). */
  readonly yourSeat: number;
  readonly isHost: boolean;
  readonly isSpectator: boolean;
  readonly spectators: number;
  /** Every seat filled (and, between games, every person has said "play again"), so the host may start. */
  readonly canStart: boolean;
  /** At the table after a game (the lobby again, after a rematch or an abandoned game): game ≥ 1. */
  readonly betweenGames: boolean;
  /** Between games: the last game was abandoned by a vote, with no winner. */
  readonly abandoned: boolean;
  /** People the host removed, who may not sit down again unless the host lets them back. */
  readonly removed: readonly string[];
}

/** A game's model: the table's, with the room's options as the game reads them, and the game's own fields. */
export interface GameModel<Options extends TableOptions = TableOptions> extends TableModel {
  readonly options: Options;
}

export function tableModelOf(state: ClientTableState, identity: Identity): TableModel {
  const rawSeats = Array.from(state.seats);
  const yourSeat = identity.role === 'player' && identity.memberId ? rawSeats.findIndex((s) => s.id === identity.memberId) : -1;
  const seats: TableSeatModel[] = rawSeats.map((s, index) => ({
    index,
    id: s.id,
    name: s.kind === 'open' ? '' : s.name,
    colourId: s.colour,
    look: s.kind === 'open' ? OPEN_LOOK : lookOf(s.colour),
    kind: s.kind,
    bot: s.bot,
    connected: s.kind !== 'human' || s.connected,
    idle: s.kind === 'human' && s.idle,
    isYou: index === yourSeat,
    isHost: s.id !== '' && s.id === state.host,
    playsAgain: s.kind === 'human' && hasBit(state.playAgain, index),
    votesToAbandon: s.kind === 'human' && hasBit(state.abandonVotes, index),
    timedOut: s.kind === 'human' && hasBit(state.timedOut, index),
  }));
  const betweenGames = state.phase === 'lobby' && state.game > 0;
  const filled = seats.length === state.options.players && seats.every((s) => s.kind !== 'open');
  // (The host's own start is their "play again".)
  const everyoneAgain = seats.every((s) => s.kind !== 'human' || s.playsAgain || s.isHost);
  return {
    code: state.code,
    gameType: state.gameType,
    phase: state.phase,
    game: state.game,
    seats,
    yourSeat,
    isHost: identity.memberId !== '' && identity.memberId === state.host,
    isSpectator: yourSeat < 0,
    spectators: state.spectators,
    canStart: filled && (!betweenGames || everyoneAgain),
    betweenGames,
    abandoned: betweenGames && state.abandoned === true,
    removed: Array.from(state.removed ?? []),
  };
}

/** Whether bit `seat` is set in a room state's seat bits (absent from states made before them: none). */
function hasBit(bits: number | undefined, seat: number): boolean {
  return ((bits ?? 0) & (1 << seat)) !== 0;
}
