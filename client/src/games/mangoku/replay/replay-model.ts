/**
 * The model Mangoku's game screen shows at one step of a replay: the engine's projection of that
 * step for the chosen perspective (viewAt; the log is in it), and the seats as the room's history
 * names them. No clock runs in a replay. Pure: the same replay, step and perspective give the same model.
 */
import { mangoku } from '@samurai/shared';
import { lookOf } from '../../../ui/seat-look';
import { ReplayContext, seatOf } from '../../../replay/game-replay';
import type { TableSeatModel } from '../../../table/table-model';
import type { MangokuModel } from '../model/view-model';

/** 'everything', 'spectator' or a seat's number, as the viewer's perspective menu gives it. */
export function perspectiveOf(value: string, players: number): mangoku.ReplayPerspective {
  if (value === 'everything' || value === 'spectator') return value;
  const seat = Number(value);
  return Number.isInteger(seat) && seat >= 0 && seat < players ? seat : 'everything';
}

export function replayModel(replay: mangoku.Replay, step: number, perspective: mangoku.ReplayPerspective, seats: ReplayContext['seats']): MangokuModel {
  const view = mangoku.viewAt(replay, step, perspective);
  const yourSeat = typeof perspective === 'number' ? perspective : -1;
  const seatModels: TableSeatModel[] = view.hands.map((_, index) => {
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
    };
  });
  const { record } = replay;
  return {
    code: 'REPLAY',
    gameType: mangoku.ROOM_NAME,
    phase: view.step.kind === 'over' ? 'over' : 'play',
    // One game throughout: the screen keeps its table and flights across steps.
    game: 1,
    seats: seatModels,
    yourSeat,
    isHost: false,
    isSpectator: yourSeat < 0,
    spectators: 0,
    canStart: false,
    removed: [],
    options: { ...mangoku.DEFAULT_ROOM_OPTIONS, players: record.players, promptSeconds: record.options.promptSeconds as mangoku.PromptSeconds },
    view,
    promptEndsAt: null,
    revealsEndAt: [],
  };
}
