/**
 * The model Samurai's game screen shows at one step of a replay: the engine's projection of that
 * step for the chosen perspective (viewAt), the public log then, and the seats as the room's
 * history names them. Pure: the same replay, step and perspective always give the same model.
 */
import { DEFAULT_ROOM_OPTIONS, logAt, Replay, ReplayPerspective, ROOM_NAME, viewAt } from '@samurai/shared';
import { lookOf } from '../../../ui/seat-look';
import { ReplayContext, seatOf } from '../../../replay/game-replay';
import type { SeatModel, ViewModel } from '../model/view-model';

/** 'everything', 'spectator' or a seat's number, as the viewer's perspective menu gives it. */
export function perspectiveOf(value: string, players: number): ReplayPerspective {
  if (value === 'everything' || value === 'spectator') return value;
  const seat = Number(value);
  return Number.isInteger(seat) && seat >= 0 && seat < players ? seat : 'everything';
}

export function replayModel(replay: Replay, step: number, perspective: ReplayPerspective, seats: ReplayContext['seats']): ViewModel {
  const view = viewAt(replay, step, perspective);
  const yourSeat = typeof perspective === 'number' ? perspective : -1;
  const seatModels: SeatModel[] = view.hands.map((_, index) => {
    const seat = seatOf(seats, index);
    return {
      index,
      id: `seat${index}`,
      name: seat.name,
      colourId: seat.colour,
      look: lookOf(seat.colour),
      kind: seat.bot ? 'bot' : 'human',
      bot: seat.bot ?? '',
      connected: true,
      idle: false,
      isYou: index === yourSeat,
      isHost: false,
      handChosen: true,
      handCount: view.handCounts[index],
      stackCount: view.stackCounts[index],
      captured: view.captured[index],
    };
  });
  const { record } = replay;
  return {
    code: 'REPLAY',
    gameType: ROOM_NAME,
    phase: view.phase,
    // One game throughout: the screen keeps its log and animations across steps.
    game: 1,
    seats: seatModels,
    yourSeat,
    isHost: false,
    isSpectator: yourSeat < 0,
    spectators: 0,
    canStart: false,
    removed: [],
    options: { ...DEFAULT_ROOM_OPTIONS, players: record.players, captureTiming: record.options.captureTiming },
    view,
    log: logAt(replay, step),
    drawn: [],
  };
}
