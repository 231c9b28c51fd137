/**
 * The model Mangoku's game screen shows at one step of a replay: the engine's projection of that
 * step for the chosen perspective (viewAt; the log is in it), and the seats as the room's history
 * names them. No clock runs in a replay. Pure: the same replay, step and perspective give the same model.
 */
import { mangoku } from '@samurai/shared';
import type { ReplayContext } from '../../../replay/game-replay';
import { replayTableModel } from '../../../replay/replay-table';
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
  const { record } = replay;
  const phase = view.step.kind === 'over' ? 'over' : 'play';
  return {
    ...replayTableModel(mangoku.ROOM_NAME, phase, record.players, yourSeat, seats),
    phase,
    options: { ...mangoku.DEFAULT_ROOM_OPTIONS, players: record.players, promptSeconds: record.options.promptSeconds as mangoku.PromptSeconds },
    view,
    promptEndsAt: null,
    revealsEndAt: [],
  };
}
