import { DEFAULT_ROOM_OPTIONS, RoomOptions } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { BOT_PACE_FIELD, OptionField, OptionFields } from '../../../ui/OptionFields';

/** Every room option with a one-line explanation of each choice, in the interface's language (read when shown). */
export const OPTION_FIELDS: readonly OptionField<RoomOptions>[] = [
  {
    key: 'players',
    get label() {
      return t('samurai.options.players');
    },
    get choices() {
      return [
        { value: 2, label: '2', help: t('samurai.options.players2') },
        { value: 3, label: '3', help: t('samurai.options.players3') },
        { value: 4, label: '4', help: t('samurai.options.players4') },
      ];
    },
  },
  {
    key: 'captureTiming',
    get label() {
      return t('samurai.options.captures');
    },
    get choices() {
      return [
        { value: 'end-of-turn', label: t('samurai.options.endOfTurn'), help: t('samurai.options.endOfTurnHelp') },
        { value: 'immediate', label: t('samurai.options.immediate'), help: t('samurai.options.immediateHelp') },
      ];
    },
  },
  {
    key: 'startingHands',
    get label() {
      return t('samurai.options.startingHands');
    },
    get choices() {
      return [
        { value: 'chosen', label: t('samurai.options.chosen'), help: t('samurai.options.chosenHelp') },
        { value: 'random', label: t('samurai.options.random'), help: t('samurai.options.randomHandsHelp') },
      ];
    },
  },
  {
    key: 'setup',
    get label() {
      return t('samurai.options.setup');
    },
    get choices() {
      return [
        { value: 'players', label: t('samurai.options.playersPlace'), help: t('samurai.options.playersPlaceHelp') },
        { value: 'random', label: t('samurai.options.random'), help: t('samurai.options.randomSetupHelp') },
      ];
    },
  },
  {
    key: 'seatOrder',
    get label() {
      return t('samurai.options.seatOrder');
    },
    get choices() {
      return [
        { value: 'fixed', label: t('samurai.options.asSeated'), help: t('samurai.options.asSeatedHelp') },
        { value: 'random', label: t('samurai.options.random'), help: t('samurai.options.randomOrderHelp') },
      ];
    },
  },
  {
    key: 'botLevel',
    get label() {
      return t('samurai.options.bots');
    },
    get choices() {
      return [
        { value: 'random', label: t('samurai.options.easy'), help: t('samurai.options.easyHelp') },
        { value: 'greedy', label: t('samurai.options.greedy'), help: t('samurai.options.greedyHelp') },
        { value: 'expert', label: t('samurai.options.expert'), help: t('samurai.options.expertHelp') },
      ];
    },
  },
  BOT_PACE_FIELD,
];

/** The options as forms and text show them. */
export const ROOM_OPTIONS = new OptionFields<RoomOptions>(OPTION_FIELDS, DEFAULT_ROOM_OPTIONS);

export const optionHelp = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.help(key, value);
export const optionLabel = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.label(key, value);
