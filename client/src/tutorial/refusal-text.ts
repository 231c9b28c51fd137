/**
 * A refused move in words, exactly as the table words a refusal from the room (App.onError): the
 * table's code, or the game's, in the interface's language (else the engine's English sentence);
 * then the engine's detail where it says more, if the code is the table's or the language English
 * (the engine's details are English). The lesson runs the engine in the browser, so it words the
 * engine's refusal itself, the same way.
 */
import { language } from '../i18n/i18n';
import { roomErrorText } from '../i18n/room-errors';

export function refusalText(code: string, message: string, detail: string, gameText: string | null): string {
  const tableText = roomErrorText(code);
  const text = tableText ?? gameText ?? message;
  const detailed = detail && detail !== message && (tableText !== null || language() === 'en');
  return detailed ? `${text} ${detail}` : text;
}
