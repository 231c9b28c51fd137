/**
 * The Mangoku rules engine: pure functions over plain, serialisable state. No I/O, no clock,
 * no randomness of its own (chance outcomes are handed in: see chance.ts). Server, client,
 * bots, tools and tests all use this one engine.
 *
 * A room's loop: `createGame(config, rng)`; for each player's message, `applyMove(state, move)`
 * (a typed refusal, or the new state), then `settle(state, rng)` while `awaitsChance(state)`
 * (a deal, a Tea Master's random card, a draw-off; keep the outcomes it returns to replay the
 * game). `seatsToAct` says who may act; a prompt (`step.kind === 'answer'`) goes alike to all
 * its seats, and `defaultAnswers` are applied when its time runs out. A Shrine Maiden's reveal
 * is hidden with `hideReveal` REVEAL_SECONDS later. Each person gets `viewFor(state, seat)`
 * (or 'spectator'); at the end, `exportRecord` gives the `mangoku-record/1` file, which
 * `verifyRecord` reads back and replays.
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
export * from './replay';
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
export { campaignValue, expertBot, expertIterations, expertMove, makeExpertBot, EXPERT_ITERATIONS, EXPERT_WORK } from './bots/expert-bot';
export type { ExpertOptions } from './bots/expert-bot';
export { BOTS } from './bots';
export * from './bots/hint';
export * from './protocol';
export * from './game';
