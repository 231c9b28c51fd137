/**
 * The view-model: what the screens show, rebuilt from the server's room state after every patch.
 * Pure: the same room state and identity always give the same model.
 */
import {
  BOT_LEVELS,
  BotLevel,
  CAPTURE_TIMINGS,
  capturedAsSeenBy,
  ClientRoomState,
  decodeLogEntry,
  DEFAULT_ROOM_OPTIONS,
  EndReason,
  GameView,
  LogEntry,
  PieceCounts,
  PlayerCount,
  Result,
  Role,
  RoomOptions,
  RoomPhase,
  ROOM_PHASES,
  SEAT_ORDERS,
  SeatKind,
  SETUP_MODES,
  STARTING_HANDS,
  tableFromRoomState,
  TileName,
  tileName,
  unpackCounts,
  unpackHand,
} from '@samurai/shared';
import { lookOf, OPEN_LOOK, SeatLook } from '../../../ui/seat-look';

export interface SeatModel {
  readonly index: number;
  /** Public member id; '' for an open seat. */
  readonly id: string;
  readonly name: string;
  readonly colourId: string;
  /** How the seat's tiles look; a neutral grey for an open seat. */
  readonly look: SeatLook;
  readonly kind: SeatKind;
  readonly bot: string;
  readonly connected: boolean;
  /** A person who has owed a move too long: the host may let a bot play for them. */
  readonly idle: boolean;
  readonly isYou: boolean;
  readonly isHost: boolean;
  readonly handChosen: boolean;
  readonly handCount: number;
  readonly stackCount: number;
  /** Pieces captured, per caste, when this viewer may see them; null while behind the screen. */
  readonly captured: PieceCounts | null;
}

export interface Identity {
  /** From the server's welcome message; '' until it arrives. */
  readonly memberId: string;
  readonly role: Role;
}

export interface ViewModel {
  readonly code: string;
  readonly phase: RoomPhase;
  readonly game: number;
  readonly options: RoomOptions;
  readonly seats: readonly SeatModel[];
  /** Your seat index; -1 when watching (or before the server has said who you are). */
  readonly yourSeat: number;
  readonly isHost: boolean;
  readonly isSpectator: boolean;
  readonly spectators: number;
  /** The game as you may see it; null in the lobby. */
  readonly view: GameView | null;
  readonly log: readonly LogEntry[];
  /** The tiles you drew when your last turn ended, in the order drawn; empty when watching. */
  readonly drawn: readonly TileName[];
  /** Every seat filled, so the host may start. */
  readonly canStart: boolean;
  /** People the host removed, who may not sit down again unless the host lets them back. */
  readonly removed: readonly string[];
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function optionsOf(state: ClientRoomState): RoomOptions {
  const o = state.options;
  const players = o.players === 2 || o.players === 3 || o.players === 4 ? (o.players as PlayerCount) : DEFAULT_ROOM_OPTIONS.players;
  return {
    players,
    captureTiming: oneOf(CAPTURE_TIMINGS, o.captureTiming, DEFAULT_ROOM_OPTIONS.captureTiming),
    startingHands: oneOf(STARTING_HANDS, o.startingHands, DEFAULT_ROOM_OPTIONS.startingHands),
    setup: oneOf(SETUP_MODES, o.setup, DEFAULT_ROOM_OPTIONS.setup),
    botLevel: oneOf<BotLevel>(BOT_LEVELS, o.botLevel, DEFAULT_ROOM_OPTIONS.botLevel),
    seatOrder: oneOf(SEAT_ORDERS, o.seatOrder, DEFAULT_ROOM_OPTIONS.seatOrder),
    botDelayMs: o.botDelayMs,
  };
}

export function buildViewModel(state: ClientRoomState, identity: Identity): ViewModel {
  const phase = oneOf<RoomPhase>(ROOM_PHASES, state.phase, 'lobby');
  const options = optionsOf(state);
  const rawSeats = Array.from(state.seats);
  const yourSeat = identity.role === 'player' && identity.memberId ? rawSeats.findIndex((s) => s.id === identity.memberId) : -1;
  const seats: SeatModel[] = rawSeats.map((s, index) => ({
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
    handChosen: s.handChosen,
    handCount: s.handCount,
    stackCount: s.stackCount,
    captured: capturedAsSeenBy(s, index === yourSeat),
  }));
  const log = Array.from(state.log, decodeLogEntry);
  let view: GameView | null = null;
  if (phase !== 'lobby') {
    const viewer = yourSeat >= 0 ? yourSeat : 'spectator';
    const table = tableFromRoomState(state, viewer);
    view = {
      ...table,
      viewer,
      handCounts: rawSeats.map((s) => s.handCount),
      stackCounts: rawSeats.map((s) => s.stackCount),
      result: phase === 'over' && state.result ? resultOf(state, seats) : null,
    };
  }
  return {
    code: state.code,
    phase,
    game: state.game,
    options,
    seats,
    yourSeat,
    isHost: identity.memberId !== '' && identity.memberId === state.host,
    isSpectator: yourSeat < 0,
    spectators: state.spectators,
    view,
    log,
    drawn: yourSeat >= 0 ? unpackHand(rawSeats[yourSeat].drawn ?? 0).map(tileName) : [],
    canStart: seats.length === options.players && seats.every((s) => s.kind !== 'open'),
    removed: Array.from(state.removed ?? []),
  };
}

/**
 * The tiles you have just drawn: your turn's end arrived in this state (its log entry), and
 * your draw with it. Empty for any other change, and for a state that is not the next one of
 * the same game (a join, a reconnection, a new game).
 */
export function justDrawn(previous: ViewModel | null, next: ViewModel): readonly TileName[] {
  if (!previous || previous.code !== next.code || previous.game !== next.game || next.yourSeat < 0 || previous.yourSeat !== next.yourSeat) return [];
  const ended = next.log.slice(previous.log.length).some((e) => (e.kind === 'end' || e.kind === 'pass') && e.seat === next.yourSeat);
  return ended ? next.drawn : [];
}

function resultOf(state: ClientRoomState, seats: readonly SeatModel[]): Result {
  const r = state.result!;
  return {
    reason: r.reason as EndReason,
    captured: seats.map((s) => s.captured ?? [0, 0, 0]),
    aside: unpackCounts(state.aside),
    leaders: Array.from(r.leaders, (l) => (l < 0 ? null : l)),
    winners: Array.from(r.winners),
  };
}
