import { mangoku } from '@samurai/shared';
import { h } from '../../../ui/dom';

type RoomOptions = mangoku.RoomOptions;

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

const inPlay = (n: mangoku.PlayerCount) => mangoku.cardsInPlay(n).length;

/** Every room option with a one-line explanation of each choice. */
export const OPTION_FIELDS: readonly OptionField[] = [
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
  return OPTION_FIELDS.find((f) => f.key === key)?.choices.find((c) => c.value === value)?.help ?? '';
}

export function optionLabel(key: keyof RoomOptions, value: unknown): string {
  return OPTION_FIELDS.find((f) => f.key === key)?.choices.find((c) => c.value === value)?.label ?? String(value);
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
    const current = values[field.key] ?? mangoku.DEFAULT_ROOM_OPTIONS[field.key];
    const help = h('p', { class: 'option-help', text: optionHelp(field.key, current) });
    form.appendChild(
      h(
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
      ),
    );
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
