import { DEFAULT_ROOM_OPTIONS, RoomOptions } from '@samurai/shared';
import { h } from '../../../ui/dom';

interface Choice {
  readonly value: string | number;
  readonly label: string;
  /** One line: what this choice means at the table. */
  readonly help: string;
}

interface OptionField {
  readonly key: keyof RoomOptions;
  readonly label: string;
  readonly choices: readonly Choice[];
}

/** Every room option with a one-line explanation of each choice. */
export const OPTION_FIELDS: readonly OptionField[] = [
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
  {
    key: 'botDelayMs',
    label: 'Bot pace',
    choices: [
      { value: 250, label: 'Quick', help: 'Bots move after a quarter of a second.' },
      { value: 600, label: 'Steady', help: 'Bots move after about half a second, so you can follow.' },
      { value: 1500, label: 'Slow', help: 'Bots wait a second and a half before each move.' },
    ],
  },
];

export function optionHelp(key: keyof RoomOptions, value: unknown): string {
  const field = OPTION_FIELDS.find((f) => f.key === key);
  const choice = field?.choices.find((c) => c.value === value);
  return choice?.help ?? '';
}

export function optionLabel(key: keyof RoomOptions, value: unknown): string {
  const field = OPTION_FIELDS.find((f) => f.key === key);
  return field?.choices.find((c) => c.value === value)?.label ?? String(value);
}

/** A fieldset per option, radio buttons with their explanation beneath. `onChange` gets the one option changed. */
export function optionsForm(
  values: RoomOptions,
  onChange: (patch: Partial<RoomOptions>) => void,
  idPrefix = 'opt',
  /** Why a choice cannot be made now (it would be refused), or null. */
  unavailable: (key: keyof RoomOptions, value: string | number) => string | null = () => null,
): HTMLElement {
  const form = h('div', { class: 'options-form' });
  for (const field of OPTION_FIELDS) {
    const current = values[field.key] ?? DEFAULT_ROOM_OPTIONS[field.key];
    const help = h('p', { class: 'option-help', text: optionHelp(field.key, current) || '' });
    const group = h(
      'fieldset',
      { class: 'option', dataset: { testid: `option-${field.key}` } },
      h('legend', { text: field.label }),
      h(
        'div',
        { class: 'segmented', role: 'radiogroup', 'aria-label': field.label },
        field.choices.map((choice) => {
          const id = `${idPrefix}-${field.key}-${choice.value}`;
          const why = unavailable(field.key, choice.value);
          const input = h('input', {
            type: 'radio',
            id,
            name: `${idPrefix}-${field.key}`,
            value: String(choice.value),
            checked: choice.value === current,
            disabled: why !== null,
            on: {
              change: () => {
                help.textContent = choice.help;
                onChange({ [field.key]: choice.value } as Partial<RoomOptions>);
              },
            },
          });
          return h('label', { for: id, title: why ?? choice.help }, input, h('span', { text: choice.label }));
        }),
      ),
      help,
    );
    form.appendChild(group);
  }
  return form;
}

/** The options as text: each option's name and the choice made. */
export function optionsSummary(values: RoomOptions): HTMLElement {
  return h(
    'dl',
    { class: 'options-summary' },
    OPTION_FIELDS.map((f) => [h('dt', { text: f.label }), h('dd', { text: optionLabel(f.key, values[f.key]) })]),
  );
}
