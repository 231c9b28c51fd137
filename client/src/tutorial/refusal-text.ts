/**
 * A refused move in words, as the table shows a refusal from the room (App.onError): the code's
 * text, then the engine's detail when it says more. The lesson runs the engine in the browser, so
 * it words the engine's refusal itself, the same way.
 */
import { roomErrorText } from '../i18n/room-errors';

export function refusalText(code: string, message: string, detail: string): string {
  const text = roomErrorText(code) ?? message;
  return detail && detail !== message ? `${text} ${detail}` : text;
}
