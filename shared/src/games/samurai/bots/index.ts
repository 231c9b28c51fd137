import { Bot, BotName } from './bot';
import { expertBot } from './expert-bot';
import { greedyBot } from './greedy-bot';
import { randomBot } from './random-bot';

export const BOTS: Readonly<Record<BotName, Bot>> = { random: randomBot, greedy: greedyBot, expert: expertBot };
