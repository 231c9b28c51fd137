import { mangoku } from '@samurai/shared';
import { BOT_PACE_FIELD, OptionField, OptionFields } from '../../../ui/OptionFields';

type RoomOptions = mangoku.RoomOptions;

const inPlay = (n: mangoku.PlayerCount) => mangoku.cardsInPlay(n).length;

/** Every room option with a one-line explanation of each choice. */
export const OPTION_FIELDS: readonly OptionField<RoomOptions>[] = [
  {
    key: 'players',
    label: 'Players',
    choices: mangoku.PLAYER_COUNTS.map((n) => ({
      value: n,
      label: String(n),
      help: `${inPlay(n)} cards in play; everyone starts with ${mangoku.startingCoins(n)} coins.`,
    })),
  },
  {
    key: 'promptSeconds',
    label: 'Time to answer',
    choices: mangoku.PROMPT_SECONDS_CHOICES.map((s) => ({
      value: s,
      label: `${s} s`,
      help: `Everyone a card reaches has ${s} seconds to play a Monk, pay or defend (or accept); then the default applies.`,
    })),
  },
  {
    key: 'seatOrder',
    label: 'Seat order',
    choices: [
      { value: 'fixed', label: 'As seated', help: 'Seats play clockwise in the order they sat down.' },
      { value: 'random', label: 'Random', help: 'The order around the table is drawn when the game starts.' },
    ],
  },
  {
    key: 'botLevel',
    label: 'Bots',
    choices: [
      { value: 'random', label: 'Easy', help: 'Bots play any legal card and answer at random.' },
      { value: 'greedy', label: 'Greedy', help: 'Bots weigh every play and answer with what helps them most.' },
    ],
  },
  BOT_PACE_FIELD,
];

/** The options as forms and text show them. */
export const ROOM_OPTIONS = new OptionFields<RoomOptions>(OPTION_FIELDS, mangoku.DEFAULT_ROOM_OPTIONS);

export const optionHelp = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.help(key, value);
export const optionLabel = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.label(key, value);
