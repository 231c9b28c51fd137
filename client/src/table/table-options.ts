import { AWAY_MINUTES, AwayMinutes, CLOCK_IDS, ClockId, ClientTableOptionsState, DEFAULT_TABLE_OPTIONS } from '@samurai/shared';
import { OptionField, OptionFields } from '../ui/OptionFields';

/** The table's own options (clock, away time, spectators' chat), whatever the game. */
export interface TableOwnOptions {
  clock: ClockId;
  awayMinutes: AwayMinutes;
  spectatorChat: boolean;
}

/** The table's own options as the room state has them, checked: a game's model spreads them into its options. */
export function tableOptionsOf(o: ClientTableOptionsState): TableOwnOptions {
  return {
    clock: (CLOCK_IDS as readonly string[]).includes(o.clock) ? (o.clock as ClockId) : DEFAULT_TABLE_OPTIONS.clock,
    awayMinutes: (AWAY_MINUTES as readonly number[]).includes(o.awayMinutes) ? (o.awayMinutes as AwayMinutes) : DEFAULT_TABLE_OPTIONS.awayMinutes,
    spectatorChat: o.spectatorChat !== false,
  };
}

const OUT_OF_TIME = 'When it runs out, the room’s bot makes the move, and plays for that player until they act again.';

export const CLOCK_FIELD = {
  key: 'clock',
  label: 'Clock',
  choices: [
    { value: 'none', label: 'No clock', help: 'Take your time: nobody is hurried.' },
    { value: 'move-30s', label: '30 s a move', help: `30 seconds for each move (a whole turn is one move). ${OUT_OF_TIME}` },
    { value: 'move-1m', label: '1 min a move', help: `One minute for each move (a whole turn is one move). ${OUT_OF_TIME}` },
    { value: 'move-3m', label: '3 min a move', help: `Three minutes for each move (a whole turn is one move). ${OUT_OF_TIME}` },
    { value: 'bank-5m-5s', label: '5 min + 5 s', help: `5 minutes for the whole game, and 5 seconds more as each move begins. ${OUT_OF_TIME}` },
    { value: 'bank-10m-10s', label: '10 min + 10 s', help: `10 minutes for the whole game, and 10 seconds more as each move begins. ${OUT_OF_TIME}` },
    { value: 'bank-20m-20s', label: '20 min + 20 s', help: `20 minutes for the whole game, and 20 seconds more as each move begins. ${OUT_OF_TIME}` },
  ],
} as const satisfies OptionField<TableOwnOptions>;

export const AWAY_FIELD = {
  key: 'awayMinutes',
  label: 'Away players',
  choices: [
    { value: 0, label: 'Wait for them', help: 'A player whose browser is gone keeps their seat waiting (the host may let a bot play for them).' },
    { value: 1, label: 'Bot after 1 min', help: 'A player whose browser has been gone for a minute gets the room’s bot until they come back.' },
    { value: 2, label: 'Bot after 2 min', help: 'A player whose browser has been gone for two minutes gets the room’s bot until they come back.' },
    { value: 5, label: 'Bot after 5 min', help: 'A player whose browser has been gone for five minutes gets the room’s bot until they come back.' },
  ],
} as const satisfies OptionField<TableOwnOptions>;

/** The table's options the host picks in the lobby (the spectators' chat is switched in the chat, at any time). */
export const TABLE_OPTION_FIELDS = new OptionFields<TableOwnOptions>([CLOCK_FIELD, AWAY_FIELD], DEFAULT_TABLE_OPTIONS);
