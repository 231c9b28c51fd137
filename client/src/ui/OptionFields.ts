import { formatNumber, t } from '../i18n/i18n';
import { h } from './dom';

export interface OptionChoice {
  readonly value: string | number;
  readonly label: string;
  /** One line: what this choice means at the table. */
  readonly help: string;
}

export interface OptionField<Options> {
  readonly key: keyof Options & string;
  readonly label: string;
  readonly choices: readonly OptionChoice[];
  /** A value none of the choices has (one the server set), in words; without it such a value shows as it is. */
  readonly unlisted?: (value: string | number) => OptionChoice;
}

/** The bots' pace, a table option every game has. */
// Its words are read when shown (getters), so they are always in the interface's language.
export const BOT_PACE_FIELD = {
  key: 'botDelayMs',
  get label() {
    return t('ui.botPace.label');
  },
  get choices() {
    return [
      { value: 250, label: t('ui.botPace.quick'), help: t('ui.botPace.quickHelp') },
      { value: 600, label: t('ui.botPace.steady'), help: t('ui.botPace.steadyHelp') },
      { value: 1500, label: t('ui.botPace.slow'), help: t('ui.botPace.slowHelp') },
    ];
  },
  // A server may set its own pace (BOT_DELAY_MS): it is shown, and offered, as the server's.
  unlisted: (value: string | number) => {
    const seconds = formatNumber(Number(value) / 1000, { maximumFractionDigits: 2 });
    return { value, label: t('ui.botPace.server', { seconds }), help: t('ui.botPace.serverHelp', { seconds }) };
  },
} satisfies OptionField<{ botDelayMs: number }>;

/**
 * A game's room options as people see them: every option with a one-line explanation of each
 * choice, as a form (the home screen's, the host's in the lobby) or as text (everyone else's).
 */
export class OptionFields<Options extends object> {
  constructor(
    readonly fields: readonly OptionField<Options>[],
    private readonly defaults: Options,
  ) {}

  help(key: keyof Options, value: unknown): string {
    return this.choice(key, value)?.help ?? '';
  }

  label(key: keyof Options, value: unknown): string {
    return this.choice(key, value)?.label ?? String(value);
  }

  private choice(key: keyof Options, value: unknown): OptionChoice | undefined {
    const field = this.fields.find((f) => f.key === key);
    const listed = field?.choices.find((c) => c.value === value);
    return listed ?? (field?.unlisted && (typeof value === 'number' || typeof value === 'string') ? field.unlisted(value) : undefined);
  }

  /** A field's choices, with the current value among them when it is one the field can word (a server's own). */
  private choicesWith(field: OptionField<Options>, current: unknown): readonly OptionChoice[] {
    if (field.choices.some((c) => c.value === current) || !field.unlisted || (typeof current !== 'number' && typeof current !== 'string')) return field.choices;
    return [...field.choices, field.unlisted(current)];
  }

  /** A fieldset per option, radio buttons with their explanation beneath. `onChange` gets the one option changed. */
  form(
    values: Options,
    onChange: (patch: Partial<Options>) => void,
    idPrefix = 'opt',
    /** Why a choice cannot be made now (it would be refused), or null. */
    unavailable: (key: keyof Options & string, value: string | number) => string | null = () => null,
  ): HTMLElement {
    const form = h('div', { class: 'options-form' });
    for (const field of this.fields) {
      const current = values[field.key] ?? this.defaults[field.key];
      const help = h('p', { class: 'option-help', text: this.help(field.key, current) });
      form.appendChild(
        h(
          'fieldset',
          { class: 'option', dataset: { testid: `option-${field.key}` } },
          h('legend', { text: field.label }),
          h(
            'div',
            { class: 'segmented', role: 'radiogroup', 'aria-label': field.label },
            this.choicesWith(field, current).map((choice) => {
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
                    onChange({ [field.key]: choice.value } as Partial<Options>);
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
  summary(values: Options): HTMLElement {
    return h(
      'dl',
      { class: 'options-summary' },
      this.fields.map((f) => [h('dt', { text: f.label }), h('dd', { text: this.label(f.key, values[f.key]) })]),
    );
  }
}
