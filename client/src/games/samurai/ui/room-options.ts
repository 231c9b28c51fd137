import { DEFAULT_ROOM_OPTIONS, RoomOptions } from '@samurai/shared';
import { BOT_PACE_FIELD, OptionField, OptionFields } from '../../../ui/OptionFields';

/** Every room option with a one-line explanation of each choice. */
export const OPTION_FIELDS: readonly OptionField<RoomOptions>[] = [
  {
    key: 'players',
    label: 'Players',
    choices: [
      { value: 2, label: '2', help: 'Honshu only: 14 villages, 2 cities and Edo.' },
      { value: 3, label: '3', help: 'Kyushu and Shikoku join the board.' },
      { value: 4, label: '4', help: 'All of Japan, Hokkaido included.' },
    ],
  },
  {
    key: 'captureTiming',
    label: 'Captures',
    choices: [
      { value: 'end-of-turn', label: 'End of turn', help: '2015 edition: surrounded settlements are judged once all your tiles of the turn are down.' },
      { value: 'immediate', label: 'Immediately', help: '1998 edition: a settlement is judged the moment it is surrounded.' },
    ],
  },
  {
    key: 'startingHands',
    label: 'Starting hands',
    choices: [
      { value: 'chosen', label: 'Chosen', help: 'Each player secretly picks 5 of their 20 tiles.' },
      { value: 'random', label: 'Random', help: 'Everyone is dealt 5 tiles at random.' },
    ],
  },
  {
    key: 'setup',
    label: 'Setup',
    choices: [
      { value: 'players', label: 'Players place', help: 'Players take turns putting pieces on cities, then villages.' },
      { value: 'random', label: 'Random', help: 'The pieces are dealt to the settlements at random.' },
    ],
  },
  {
    key: 'seatOrder',
    label: 'Seat order',
    choices: [
      { value: 'fixed', label: 'As seated', help: 'Seats play in the order they sat down; the host starts.' },
      { value: 'random', label: 'Random', help: 'The order of play is drawn when the game starts.' },
    ],
  },
  {
    key: 'botLevel',
    label: 'Bots',
    choices: [
      { value: 'random', label: 'Easy', help: 'Bots play any legal move.' },
      { value: 'greedy', label: 'Greedy', help: 'Bots weigh every play and take the one that helps them most.' },
    ],
  },
  BOT_PACE_FIELD,
];

/** The options as forms and text show them. */
export const ROOM_OPTIONS = new OptionFields<RoomOptions>(OPTION_FIELDS, DEFAULT_ROOM_OPTIONS);

export const optionHelp = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.help(key, value);
export const optionLabel = (key: keyof RoomOptions, value: unknown): string => ROOM_OPTIONS.label(key, value);
