import { Rng } from '../../../random';
import { Move, Table } from '../state';

/**
 * A bot decides one move at a time for `seat`, from what that seat may see: its view, or a full
 * state (what simulations pass), of which a bot reads only the seat's own hand and the public
 * table. It is asked only when `seat` has to act.
 */
export interface Bot {
  readonly name: BotName;
  chooseMove(table: Table, seat: number, rng: Rng): Move;
}

export const BOT_NAMES = ['random', 'greedy', 'expert'] as const;
export type BotName = (typeof BOT_NAMES)[number];
