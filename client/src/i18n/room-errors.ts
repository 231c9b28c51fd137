import { RoomError, ROOM_ERRORS } from '@samurai/shared';
import { t } from './i18n';

/** "too_many_attempts" → "tooManyAttempts" (a key ending in _many or _one would read as a plural form). */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type RoomErrorKey = RoomError extends `room/${infer K}` ? CamelCase<K> : never;

/** The key of a table error code: room/too_many → errors.room.tooMany. */
export function roomErrorKey(code: RoomError): `errors.room.${RoomErrorKey}` {
  return `errors.room.${code.slice('room/'.length).replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as RoomErrorKey}`;
}

/** The table's error code (room/…) as a person reads it in the interface's language; null for any other code. */
export function roomErrorText(code: string): string | null {
  return (ROOM_ERRORS as readonly string[]).includes(code) ? t(roomErrorKey(code as RoomError)) : null;
}
