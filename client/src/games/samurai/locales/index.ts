/**
 * Samurai's words: its own i18next namespace ("samurai"), one JSON file per language, each its own chunk
 * of the build, loaded with the language (keys read as "samurai.…"). Its refusals are under `errors`
 * and its guided first game under `tutorial`.
 */
import type { GameWords } from '../../../i18n/game-words';
import type en from './en.json';

export const samuraiWords: GameWords<'samurai', typeof en> = {
  namespace: 'samurai',
  load: {
    en: () => import('./en.json'),
    fr: () => import('./fr.json'),
    de: () => import('./de.json'),
    ja: () => import('./ja.json'),
  },
};
