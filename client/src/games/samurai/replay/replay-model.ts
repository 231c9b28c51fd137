/**
 * The model Samurai's game screen shows at one step of a replay: the engine's projection of that
 * step for the chosen perspective (viewAt), the public log then, and the seats as the room's
 * history names them. Pure: the same replay, step and perspective always give the same model.
 */
import { CaptureTiming, DEFAULT_ROOM_OPTIONS, GameView, logAt, LogEntry, PlayerCount, Replay, ReplayPerspective, ROOM_NAME, viewAt } from '@samurai/shared';
import type { ReplayContext } from '../../../replay/game-replay';
import { replayTableModel } from '../../../replay/replay-table';
import type { SeatModel, ViewModel } from '../model/view-model';

/** 'everything', 'spectator' or a seat's number, as the viewer's perspective menu gives it. */
export function perspectiveOf(value: string, players: number): ReplayPerspective {
  if (value === 'everything' || value === 'spectator') return value;
  const seat = Number(value);
  return Number.isInteger(seat) && seat >= 0 && seat < players ? seat : 'everything';
}

export function replayModel(replay: Replay, step: number, perspective: ReplayPerspective, seats: ReplayContext['seats']): ViewModel {
  const { record } = replay;
  const yourSeat = typeof perspective === 'number' ? perspective : -1;
  return gameModelOf(viewAt(replay, step, perspective), record.players, yourSeat, seats, record.options.captureTiming, logAt(replay, step), []);
}

/** The game screen's model of a game seen as `view` with no room behind it (a replay's step, a lesson): the seats as named. */
export function gameModelOf(
  view: GameView,
  players: PlayerCount,
  yourSeat: number,
  seats: ReplayContext['seats'],
  captureTiming: CaptureTiming,
  log: readonly LogEntry[],
  drawn: ViewModel['drawn'],
): ViewModel {
  const table = replayTableModel(ROOM_NAME, view.phase, players, yourSeat, seats);
  const seatModels: SeatModel[] = table.seats.map((seat, index) => ({
    ...seat,
    handChosen: true,
    handCount: view.handCounts[index],
    stackCount: view.stackCounts[index],
    captured: view.captured[index],
  }));
  return {
    ...table,
    phase: view.phase,
    seats: seatModels,
    options: { ...DEFAULT_ROOM_OPTIONS, players, captureTiming },
    view,
    log,
    drawn,
  };
}
