/** Every game the command-line tools know, one line each; the first is the default --game. */
import { mangokuTools } from './mangoku';
import { samuraiTools } from './samurai';
import type { AnyToolGame } from './tool-game';

export const TOOL_GAMES: readonly AnyToolGame[] = [samuraiTools, mangokuTools];

export const GAME_NAMES = TOOL_GAMES.map((game) => game.contract.name);
