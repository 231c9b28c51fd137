import type { PushLanguage } from './subscribe-request';

/**
 * What a turn's notification says, in the player's language: the same words as the page's own
 * notification (client/src/i18n/locales, table.alerts.notification and notificationBody; the test
 * beside this file keeps them the same).
 */
const WORDS: Readonly<Record<PushLanguage, { readonly title: string; readonly body: string }>> = {
  en: { title: 'Your turn · {{game}}', body: 'The game in room {{code}} waits for you.' },
  fr: { title: 'À vous de jouer · {{game}}', body: 'La partie du salon {{code}} vous attend.' },
  de: { title: 'Du bist dran · {{game}}', body: 'Das Spiel in Raum {{code}} wartet auf dich.' },
  ja: { title: 'あなたの番です · {{game}}', body: 'ルーム {{code}} のゲームがあなたを待っています。' },
};

/** The words of each language, for the test that compares them with the client's. */
export const NOTIFICATION_WORDS = WORDS;

/** The game's name as shown: its module name, capitalised ("go" → "Go"). */
export function gameTitle(gameType: string): string {
  return gameType.charAt(0).toUpperCase() + gameType.slice(1);
}

/** A turn's notification for `language` (English for one not known). */
export function notificationText(language: string, gameType: string, code: string): { title: string; body: string } {
  const words = WORDS[language as PushLanguage] ?? WORDS.en;
  const fill = (text: string) => text.replace('{{game}}', gameTitle(gameType)).replace('{{code}}', code);
  return { title: fill(words.title), body: fill(words.body) };
}
