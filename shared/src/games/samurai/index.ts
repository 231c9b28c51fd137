/**
 * The Samurai rules engine: pure functions over plain, serialisable state. No I/O, no clock,
 * no randomness of its own. Server, client, bots, tools and tests all use this one engine.
 * Its wire protocol (room options, messages, the room state a client sees, the packed log) is
 * in `protocol/`.
 */
export * from './board';
export * from './tiles';
export * from './state';
export * from './state-json';
export * from './errors';
export * from './apply';
export * from './legal';
export * from './projection';
export * from './notation';
export * from './record';
export * from './replay';
export * from './scoring';
export * from './simulate';
export { influence, openLand } from './capture';
export { checkPlay, hexInPlay, isMovable, turnHasNonFast } from './plays';
export { endReason, tilesDrawnAtTurnEnd } from './turn';
export * from './bots/bot';
export { randomBot, randomMove } from './bots/random-bot';
export { greedyBot, greedyMove } from './bots/greedy-bot';
export { expertBot, expertIterations, expertMove, makeExpertBot, EXPERT_ITERATIONS, EXPERT_WORK } from './bots/expert-bot';
export type { ExpertOptions } from './bots/expert-bot';
export { BOTS } from './bots';
export * from './bots/hint';
export * from './protocol';
export * from './game';
