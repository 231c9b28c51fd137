import { Rng } from '../../../random';
import { Move, Table } from '../state';

/**
 * A bot decides one move at a time for `seat`, from what that seat may see (its view; a full
 * state works too and is what simulations pass). It is asked only when `seat` has to act.
 */
export interface Bot {
  readonly name: BotName;
  chooseMove(table: Table, seat: number, rng: Rng): Move;
}

export const BOT_NAMES = ['random', 'greedy', 'expert'] as const;
export type BotName = (typeof BOT_NAMES)[number];
