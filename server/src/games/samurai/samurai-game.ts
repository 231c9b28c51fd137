import {
  CLIENT_MESSAGES,
  createOptionsSchema,
  DEFAULT_ROOM_OPTIONS,
  isGameIntent,
  MOVE_ERROR_MESSAGES,
  MoveError,
  ROOM_NAME,
  RoomOptions,
  samuraiContract,
} from '@samurai/shared';
import type { GameModule } from '../../table/game-module';
import { RoomState, SeatState } from './samurai-state';
import { GameTableSession } from '../../table/GameTableSession';
import { samuraiFields } from './samurai-fields';

/** Reiner Knizia's Samurai at the table: room type `samurai`, 2–4 seats. */
export const samuraiGame: GameModule<RoomState, RoomOptions> = {
  name: ROOM_NAME,
  maxSeats: 4,
  defaultOptions: DEFAULT_ROOM_OPTIONS,
  createOptionsSchema,
  messages: CLIENT_MESSAGES,
  isGameIntent,
  malformedIntent: MoveError.Malformed,
  errorMessage: (code) => (MOVE_ERROR_MESSAGES as Record<string, string>)[code],
  newState: () => new RoomState(),
  newSeat: () => new SeatState(),
  newSession: (state) => new GameTableSession(state, samuraiContract, samuraiFields),
};
