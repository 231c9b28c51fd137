/**
 * Everything server, client, tools and tests share, pure TypeScript: the table (what every game
 * room has, whatever its game) and each game's engine with its wire protocol.
 */
import type { AnyGameContract } from './table/game-contract';
import { samuraiContract } from './games/samurai/game';
import { mangokuContract } from './games/mangoku/game';

export * from './table';
export * from './games/samurai';
export * as mangoku from './games/mangoku';
export { seededRng, shuffle } from './random';
export { THINK_MS } from './search/ismcts';
export type { RecordSeat } from './record-seats';
export type { Rng } from './random';

/** Every game's rules, one line each, by name: for a bot thread or a test client, which load no server's game modules. */
export const GAME_CONTRACTS: readonly AnyGameContract[] = [samuraiContract, mangokuContract];
