import { mangoku } from '@samurai/shared';
import type { GameModule } from '../../table/game-module';
import { MangokuState, SeatState } from './mangoku-state';
import { GameTableSession } from '../../table/GameTableSession';
import { mangokuFields } from './mangoku-fields';

/** Mangoku at the table: room type `mangoku`, 2–6 seats, timed prompts. */
export const mangokuGame: GameModule<MangokuState, mangoku.RoomOptions> = {
  name: mangoku.ROOM_NAME,
  maxSeats: mangoku.MAX_SEATS,
  defaultOptions: mangoku.DEFAULT_ROOM_OPTIONS,
  createOptionsSchema: mangoku.createOptionsSchema,
  messages: mangoku.CLIENT_MESSAGES,
  isGameIntent: mangoku.isGameIntent,
  malformedIntent: mangoku.MoveError.Malformed,
  errorMessage: (code) => (mangoku.MOVE_ERROR_MESSAGES as Record<string, string>)[code],
  newState: () => new MangokuState(),
  newSeat: () => new SeatState(),
  newSession: (state) => new GameTableSession(state, mangoku.mangokuContract, mangokuFields),
};
