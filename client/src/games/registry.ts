import type { AnyGameClient } from '../table/game-client';
import { mangokuClient } from './mangoku';
import { samuraiClient } from './samurai';

/** Every game the client can show, one line each, found by its room type (the room state's gameType). */
export const GAMES: readonly AnyGameClient[] = [samuraiClient, mangokuClient];
