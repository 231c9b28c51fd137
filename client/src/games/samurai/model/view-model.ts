/**
 * Samurai's view-model: what its screens show, rebuilt from the server's room state after every
 * patch: the table's model (seats, host, you) and the game as this viewer may see it. Pure: the
 * same room state and identity always give the same model.
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
  RoomOptions,
  RoomPhase,
  ROOM_PHASES,
  SEAT_ORDERS,
  SETUP_MODES,
  STARTING_HANDS,
  tableFromRoomState,
  TileName,
  tileName,
  unpackCounts,
  unpackHand,
} from '@samurai/shared';
import { GameModel, Identity, TableSeatModel, tableModelOf } from '../../../table/table-model';
import { tableOptionsOf } from '../../../table/table-options';

/** A seat: the table's and what Samurai shows of it. */
export interface SeatModel extends TableSeatModel {
  readonly handChosen: boolean;
  readonly handCount: number;
  readonly stackCount: number;
  /** Pieces captured, per caste, when this viewer may see them; null while behind the screen. */
  readonly captured: PieceCounts | null;
}

export type { Identity };

export interface ViewModel extends GameModel<RoomOptions> {
  readonly phase: RoomPhase;
  readonly seats: readonly SeatModel[];
  /** The game as you may see it; null in the lobby. */
  readonly view: GameView | null;
  readonly log: readonly LogEntry[];
  /** The tiles you drew when your last turn ended, in the order drawn; empty when watching. */
  readonly drawn: readonly TileName[];
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
    ...tableOptionsOf(o),
  };
}

export function buildViewModel(state: ClientRoomState, identity: Identity): ViewModel {
  const tableModel = tableModelOf(state, identity);
  const phase = oneOf<RoomPhase>(ROOM_PHASES, state.phase, 'lobby');
  const options = optionsOf(state);
  const rawSeats = Array.from(state.seats);
  const yourSeat = tableModel.yourSeat;
  const seats: SeatModel[] = tableModel.seats.map((seat, index) => ({
    ...seat,
    handChosen: rawSeats[index].handChosen,
    handCount: rawSeats[index].handCount,
    stackCount: rawSeats[index].stackCount,
    captured: capturedAsSeenBy(rawSeats[index], index === yourSeat),
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
    ...tableModel,
    phase,
    options,
    seats,
    view,
    log,
    drawn: yourSeat >= 0 ? unpackHand(rawSeats[yourSeat].drawn ?? 0).map(tileName) : [],
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
