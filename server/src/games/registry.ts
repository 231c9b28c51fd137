import type { GameModule } from '../table/game-module';
import { mangokuGame } from './mangoku/mangoku-game';
import { samuraiGame } from './samurai/samurai-game';

/** Every game the server offers, one line each: its room type is its module's name. */
export const GAMES: readonly GameModule[] = [samuraiGame, mangokuGame];
