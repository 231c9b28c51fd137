import { AWAY_MINUTES, AwayMinutes, CLOCK_IDS, ClockId, ClientTableOptionsState, DEFAULT_TABLE_OPTIONS, isSlowClock } from '@samurai/shared';
import { t } from '../i18n/i18n';
import type en from '../i18n/locales/en.json';
import { OptionChoice, OptionField, OptionFields } from '../ui/OptionFields';

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

/** A clock's choice, in the interface's language (read when shown: the language may change), with what its running out does. */
function clockChoice(value: ClockId, label: TableOptionKey, help: TableOptionKey, runsOut = true): OptionChoice {
  const outOfTime = isSlowClock(value) ? t('table.options.outOfTimeSlow') : t('table.options.outOfTime');
  return {
    value,
    label: t(`table.options.${label}`),
    help: runsOut ? `${t(`table.options.${help}`)} ${outOfTime}` : t(`table.options.${help}`),
  };
}

type TableOptionKey = keyof typeof en.table.options;

export const CLOCK_FIELD = {
  key: 'clock',
  get label() {
    return t('table.options.clock');
  },
  get choices() {
    return [
      clockChoice('none', 'clockNone', 'clockNoneHelp', false),
      clockChoice('move-30s', 'move30s', 'move30sHelp'),
      clockChoice('move-1m', 'move1m', 'move1mHelp'),
      clockChoice('move-3m', 'move3m', 'move3mHelp'),
      clockChoice('bank-5m-5s', 'bank5m', 'bank5mHelp'),
      clockChoice('bank-10m-10s', 'bank10m', 'bank10mHelp'),
      clockChoice('bank-20m-20s', 'bank20m', 'bank20mHelp'),
      clockChoice('move-12h', 'move12h', 'move12hHelp'),
      clockChoice('move-1d', 'move1d', 'move1dHelp'),
      clockChoice('move-3d', 'move3d', 'move3dHelp'),
    ];
  },
} satisfies OptionField<TableOwnOptions>;

/** An away time's choice, in the interface's language. */
function awayChoice(value: AwayMinutes, label: TableOptionKey, help: TableOptionKey): OptionChoice {
  return { value, label: t(`table.options.${label}`), help: t(`table.options.${help}`) };
}

export const AWAY_FIELD = {
  key: 'awayMinutes',
  get label() {
    return t('table.options.away');
  },
  get choices() {
    return [
      awayChoice(0, 'awayWait', 'awayWaitHelp'),
      awayChoice(1, 'away1', 'away1Help'),
      awayChoice(2, 'away2', 'away2Help'),
      awayChoice(5, 'away5', 'away5Help'),
    ];
  },
} satisfies OptionField<TableOwnOptions>;

/** The table's options the host picks in the lobby (the spectators' chat is switched in the chat, at any time). */
export const TABLE_OPTION_FIELDS = new OptionFields<TableOwnOptions>([CLOCK_FIELD, AWAY_FIELD], DEFAULT_TABLE_OPTIONS);
