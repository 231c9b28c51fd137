import { RoomError, ROOM_ERRORS } from '@samurai/shared';
import { t } from './i18n';

type RoomErrorKey = RoomError extends `room/${infer K}` ? K : never;

/** The table's error code (room/…) as a person reads it in the interface's language; null for any other code. */
export function roomErrorText(code: string): string | null {
  if (!(ROOM_ERRORS as readonly string[]).includes(code)) return null;
  return t(`errors.room.${code.slice('room/'.length) as RoomErrorKey}`);
}
