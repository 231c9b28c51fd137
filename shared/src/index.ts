/**
 * Everything server, client, tools and tests share, pure TypeScript: the table (what every game
 * room has, whatever its game) and each game's engine with its wire protocol.
 */
export * from './table';
export * from './games/samurai';
export * as mangoku from './games/mangoku';
export { seededRng, shuffle } from './random';
export { THINK_MS } from './search/ismcts';
export type { RecordSeat } from './record-seats';
export type { Rng } from './random';
