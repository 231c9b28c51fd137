/** Every game's words (its i18next namespace and language files), one line each. */
import type { WordsByNamespace } from '../i18n/game-words';
import { mangokuWords } from './mangoku/locales';
import { samuraiWords } from './samurai/locales';

export const GAME_WORDS = [samuraiWords, mangokuWords] as const;

export type GamesWords = WordsByNamespace<typeof GAME_WORDS>;
