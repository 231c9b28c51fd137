/**
 * The Mangoku rules engine: pure functions over plain, serialisable state. No I/O, no clock,
 * no randomness of its own (chance outcomes are handed in: see chance.ts). Server, client,
 * bots, tools and tests all use this one engine.
 */
export * from './cards';
export * from './state';
export * from './errors';
export * from './apply';
export * from './chance';
export * from './legal';
export * from './projection';
export * from './notation';
export * from './record';
export * from './setup';
export * from './simulate';
export { answerOptions, checkAnswer, defaultAnswer, defaultAnswers } from './reactions';
export * from './resolutions';
export { battleOutcome, BATTLE_OUTCOMES } from './battle';
export type { BattleOutcome } from './battle';
export { checkPlayChoice, maxTargets, targetOptions } from './targets';
export { kabukiOptions } from './effects/taking';
export { best, drawOffRound, honourOf } from './campaign-end';
export { rankByCoins, ranking } from './scoring';
export { HAND_SIZE, inSeatOrderFrom, others, playersInCampaign, rivals } from './hands';
export { chainToPlay } from './turn';
export * from './bots/bot';
export { randomBot, randomMove } from './bots/random-bot';
export { greedyBot, greedyMove } from './bots/greedy-bot';
export { BOTS } from './bots';
