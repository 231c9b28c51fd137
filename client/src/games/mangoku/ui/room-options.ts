import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { BOT_PACE_FIELD, OptionField, OptionFields } from '../../../ui/OptionFields';

type RoomOptions = mangoku.RoomOptions;

const inPlay = (n: mangoku.PlayerCount) => mangoku.cardsInPlay(n).length;

/** Every room option with a one-line explanation of each choice, in the interface's language (read when shown). */
export const OPTION_FIELDS: readonly OptionField<RoomOptions>[] = [
  {
    key: 'players',
    get label() {
      return t('mangoku.options.players');
    },
    get choices() {
      return mangoku.PLAYER_COUNTS.map((n) => ({
        value: n,
        label: String(n),
        help: t('mangoku.options.playersHelp', { cards: inPlay(n), coins: mangoku.startingCoins(n) }),
      }));
    },
  },
  {
    key: 'promptSeconds',
    get label() {
      return t('mangoku.options.promptSeconds');
    },
    get choices() {
      return mangoku.PROMPT_SECONDS_CHOICES.map((s) => ({
        value: s,
        label: t('mangoku.options.seconds', { seconds: s }),
        help: t('mangoku.options.promptSecondsHelp', { seconds: s }),
      }));
    },
  },
  {
    key: 'seatOrder',
    get label() {
      return t('mangoku.options.seatOrder');
    },
    get choices() {
      return [
        { value: 'fixed', label: t('mangoku.options.asSeated'), help: t('mangoku.options.asSeatedHelp') },
        { value: 'random', label: t('mangoku.options.random'), help: t('mangoku.options.randomHelp') },
      ];
    },
  },
  {
    key: 'botLevel',
    get label() {
      return t('mangoku.options.bots');
    },
    get choices() {
      return [
        { value: 'random', label: t('mangoku.options.easy'), help: t('mangoku.options.easyHelp') },
        { value: 'greedy', label: t('mangoku.options.greedy'), help: t('mangoku.options.greedyHelp') },
        { value: 'expert', label: t('mangoku.options.expert'), help: t('mangoku.options.expertHelp') },
      ];
    },
  },
  BOT_PACE_FIELD,
];

/** The options as forms and text show them. */
export const ROOM_OPTIONS = new OptionFields<RoomOptions>(OPTION_FIELDS, mangoku.DEFAULT_ROOM_OPTIONS);

export const optionHelp = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.help(key, value);
export const optionLabel = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.label(key, value);
