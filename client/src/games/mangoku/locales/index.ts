/**
 * Mangoku's words: its own i18next namespace ("mangoku"), one JSON file per language, each its own chunk
 * of the build, loaded with the language (keys read as "mangoku.…"). Its refusals are under `errors`
 * and its guided first game under `tutorial`.
 */
import type { GameWords } from '../../../i18n/game-words';
import type en from './en.json';

export const mangokuWords: GameWords<'mangoku', typeof en> = {
  namespace: 'mangoku',
  load: {
    en: () => import('./en.json'),
    fr: () => import('./fr.json'),
    de: () => import('./de.json'),
    ja: () => import('./ja.json'),
  },
};
