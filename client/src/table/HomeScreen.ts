import { claimedRole, ColourId, NAME_MAX_LENGTH, nameSchema, normaliseName, normaliseRoomCode, SEAT_COLOURS, TableOptions } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { fill, h } from '../ui/dom';
import { lookOf, seatMark } from '../ui/seat-look';
import { colourName } from './colour-names';
import type { AnyGameClient } from './game-client';
import type { Profile } from './seat-store';
import { recordDropCard } from '../replay/RecordDrop';
import { learnCard } from '../tutorial/LearnCard';
import type { YourGame } from './your-games';
import { YourGamesCard } from './YourGamesCard';

export interface HomeActions {
  /** Creates a room of `game` and sits you down as its host. */
  create(game: AnyGameClient, profile: Profile, options: Partial<TableOptions>): Promise<void>;
  join(code: string, profile: Profile): Promise<void>;
  watch(code: string, name: string): Promise<void>;
  saveProfile(profile: Profile): void;
  /** Back into your seat in room `code` (this browser holds its token). */
  returnTo(code: string): Promise<void>;
  /** The colours already taken in room `code` (to grey them out on the join form); empty when unknown. */
  takenColours(code: string): Promise<readonly string[]>;
  /** Opens a record file (its name and text) in the replay viewer. */
  openRecord(name: string, text: string): void;
  /** Takes room `code` off your games (its seat token is forgotten). */
  removeGame(code: string): void;
}

/** The games you hold a seat in, and the one this tab was just replaced in (by another tab), if any. */
export interface YourSeats {
  readonly seats: readonly string[];
  readonly replaced: string | null;
  /** Your games as last known (their list is drawn again by showYourGames once the server answers). */
  readonly games?: readonly YourGame[];
  /** The game server's address, for the records of finished games. */
  readonly endpoint?: string;
}

/** What was typed and chosen on the home screen, to draw it again as it was (in another language). */
export interface HomeDraft {
  readonly name: string;
  readonly colour: ColourId | '';
  readonly code: string;
  readonly game: string;
  readonly options: Partial<TableOptions>;
}

/** Create a room or join one; an invite link arrives here with its code filled in. */
export class HomeScreen {
  readonly el: HTMLElement;
  private readonly errorLine: HTMLElement;
  private readonly nameInput: HTMLInputElement;
  private readonly codeInput: HTMLInputElement;
  private colour: ColourId | '';
  /** The game a new room will play: the only one, or the one chosen. */
  private game: AnyGameClient;
  private options: Partial<TableOptions>;
  private readonly seal: HTMLElement;
  private readonly title: HTMLElement;
  private readonly tagline: HTMLElement;
  private readonly optionsHost: HTMLElement;
  private busy = false;
  private readonly buttons: HTMLButtonElement[] = [];
  private readonly colourInputs = new Map<ColourId, HTMLInputElement>();
  private readonly language: LanguageSwitcher;
  private yourGames: YourGamesCard | null = null;

  constructor(
    private readonly actions: HomeActions,
    /** The games a room may play (the registry), the first chosen at first. */
    games: readonly AnyGameClient[],
    profile: Profile,
    inviteCode: string | null,
    message: string | null,
    yours: YourSeats = { seats: [], replaced: null },
    /** Where the language chosen here is remembered. */
    languageStorage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
    /** What was on the screen before it was drawn again, if it was. */
    draft: HomeDraft | null = null,
  ) {
    this.colour = draft ? draft.colour : profile.colour;
    this.game = games.find((g) => g.type === draft?.game) ?? games[0];
    this.options = draft ? { ...draft.options } : { ...this.game.suggestedOptions };
    this.language = new LanguageSwitcher(languageStorage);
    this.seal = h('div', { class: 'seal' });
    this.title = h('h1');
    this.tagline = h('p', { class: 'tagline' });
    this.optionsHost = h('div');
    this.errorLine = h('p', { class: 'form-error', role: 'alert', dataset: { testid: 'home-error' }, text: message ?? '' });
    this.nameInput = nameField(draft ? draft.name : profile.name);
    this.codeInput = codeField(draft ? draft.code : (inviteCode ?? ''));
    const inviteFirst = Boolean(inviteCode) && yours.replaced === null;
    const createCard = this.createCard(games);
    const joinCard = this.joinCard(inviteFirst);
    this.el = h(
      'div',
      { class: 'home', dataset: { testid: 'home' } },
      this.hero(),
      this.profileCard(),
      this.errorLine,
      this.resumeCard(yours, games),
      h('div', { class: 'home-cards' }, inviteFirst ? [joinCard, createCard] : [createCard, joinCard]),
    );
    this.el.append(learnCard(games) ?? '');
    this.el.appendChild(
      recordDropCard(
        this.el,
        (name, text) => actions.openRecord(name, text),
        (why) => (this.errorLine.textContent = why),
      ),
    );
    this.showGame();
    this.codeInput.addEventListener('keydown', (e) => e.key === 'Enter' && void this.join());
    this.nameInput.addEventListener('keydown', (e) => e.key === 'Enter' && void (inviteFirst ? this.join() : this.create()));
    queueMicrotask(() => (inviteFirst || !profile.name ? this.nameInput : this.codeInput).focus());
    // (Not for a room you hold a seat in: you will not sit down again, and a look-up of a room
    // that cannot be found now would cost one of your address's failed look-ups for nothing.)
    if (inviteCode && yours.replaced === null && !yours.seats.includes(inviteCode)) void this.greyTakenColours(inviteCode);
  }

  /** The game's seal, name and line, the language switcher, and the rules. */
  private hero(): HTMLElement {
    return h(
      'header',
      { class: 'hero' },
      this.language.el,
      this.seal,
      this.title,
      this.tagline,
      h('button', {
        type: 'button',
        class: 'quiet small',
        text: t('table.howToPlay'),
        dataset: { testid: 'rules' },
        on: { click: () => this.game.openRules() },
      }),
    );
  }

  /** Your name and colour, kept for every room. */
  private profileCard(): HTMLElement {
    return h(
      'section',
      { class: 'card profile-card', 'aria-label': t('table.home.you') },
      h('label', { for: 'player-name', class: 'field-label', text: t('table.home.yourName') }),
      this.nameInput,
      h('span', { class: 'field-label', text: t('table.yourColour') }),
      this.colourPicker(),
      h('p', { class: 'muted small', text: t('table.home.colourMarks') }),
    );
  }

  /** A radio button per seat colour, each showing its mark. */
  private colourPicker(): HTMLElement {
    return h(
      'div',
      { class: 'colour-picker', role: 'radiogroup', 'aria-label': t('table.yourColour') },
      SEAT_COLOURS.map((c) => {
        const id = `colour-${c.id}`;
        const input = h('input', {
          type: 'radio',
          name: 'colour',
          id,
          value: c.id,
          checked: c.id === this.colour,
          dataset: { testid: id },
          on: { change: () => (this.colour = c.id) },
        });
        this.colourInputs.set(c.id, input);
        const name = colourName(c.id);
        return h('label', { for: id, title: name }, input, seatMark(lookOf(c.id), 28), h('span', { class: 'sr-only', text: name }));
      }),
    );
  }

  /** A new room: the game (when there is a choice), its options, and Create. */
  private createCard(games: readonly AnyGameClient[]): HTMLElement {
    const create = this.button(t('table.home.create'), 'create', () => this.create());
    create.classList.add('primary');
    return h(
      'section',
      { class: 'card create-card', 'aria-labelledby': 'create-title' },
      h('h2', { id: 'create-title', text: t('table.home.createTitle') }),
      h('p', { class: 'muted', text: t('table.home.createText') }),
      games.length > 1 ? this.gameChooser(games) : null,
      this.optionsHost,
      create,
    );
  }

  /** A room's code, to join or to watch: first, and worded as an invitation, when a link brought one. */
  private joinCard(invited: boolean): HTMLElement {
    const join = this.button(t('table.home.join'), 'join', () => this.join());
    join.classList.add('primary');
    const watch = this.button(t('table.home.watch'), 'watch', () => this.watch());
    return h(
      'section',
      { class: `card join-card${invited ? ' invited' : ''}`, 'aria-labelledby': 'join-title' },
      h('h2', { id: 'join-title', text: invited ? t('table.home.invitedTitle') : t('table.home.joinTitle') }),
      h('p', { class: 'muted', text: invited ? t('table.home.invitedText') : t('table.home.joinText') }),
      h('label', { for: 'room-code', class: 'field-label', text: t('table.home.roomCode') }),
      this.codeInput,
      h('div', { class: 'button-row' }, join, watch),
    );
  }

  /** Your games, as the server has just said, or as last known (it could not be asked: offline). */
  showYourGames(list: readonly YourGame[], as: 'kept' | 'fresh' | 'offline'): void {
    this.yourGames?.show(list, as);
  }

  /** Your games, each with "Return to your game"; "Use this tab here" for one another tab took over. */
  private resumeCard(yours: YourSeats, games: readonly AnyGameClient[]): HTMLElement {
    if (!yours.replaced) {
      this.yourGames = new YourGamesCard({
        games,
        endpoint: yours.endpoint ?? '',
        openButton: (code, yourTurn) => {
          const button = this.button(t('table.home.returnTo', { code }), 'return-to-game', () => this.actions.returnTo(code));
          if (yourTurn) button.classList.add('primary');
          button.dataset.room = code;
          return button;
        },
        remove: (code) => this.actions.removeGame(code),
      });
      this.yourGames.show(yours.games ?? yours.seats.map((code) => ({ code, summary: null, gone: false, yourTurn: false })), 'kept');
      return this.yourGames.el;
    }
    const code = yours.replaced;
    const button = this.button(t('table.home.useThisTab'), 'return-to-game', () => this.actions.returnTo(code));
    button.classList.add('primary');
    button.dataset.room = code;
    return h(
      'section',
      { class: 'card resume-card', 'aria-labelledby': 'resume-title', dataset: { testid: 'resume' } },
      h('h2', { id: 'resume-title', text: t('table.home.otherTabTitle') }),
      h('p', { class: 'muted', text: t('table.home.otherTabText') }),
      h('div', { class: 'button-row' }, button),
    );
  }

  /** Greys out the colours already taken in the room you are invited to, and picks a free one if yours is taken. */
  private async greyTakenColours(code: string): Promise<void> {
    const taken = new Set(await this.actions.takenColours(code).catch(() => [] as readonly string[]));
    for (const [id, input] of this.colourInputs) {
      const isTaken = taken.has(id);
      input.disabled = isTaken;
      const label = input.closest('label');
      const name = colourName(id);
      label?.classList.toggle('taken', isTaken);
      label?.setAttribute('title', isTaken ? t('table.colourTaken', { colour: name }) : name);
    }
    if (this.colour && taken.has(this.colour)) {
      const free = SEAT_COLOURS.find((c) => !taken.has(c.id));
      this.colour = free?.id ?? '';
      if (free) this.colourInputs.get(free.id)!.checked = true;
    }
  }

  destroy(): void {
    this.language.destroy();
    this.el.remove();
  }

  /** What is typed and chosen now. */
  draft(): HomeDraft {
    return { name: this.nameInput.value, colour: this.colour, code: this.codeInput.value, game: this.game.type, options: { ...this.options } };
  }

  showError(message: string): void {
    this.errorLine.textContent = message;
  }

  /** The chosen game's name, emblem and options. */
  private showGame(): void {
    const game = this.game;
    this.seal.innerHTML = game.emblem('#fff');
    this.title.textContent = game.title;
    this.tagline.textContent = game.tagline;
    fill(
      this.optionsHost,
      game.optionsForm({ ...game.defaultOptions, ...this.options }, (patch) => (this.options = { ...this.options, ...patch }), 'create'),
    );
  }

  /** Which game a new room plays, each with its emblem and one line; shown only when there is more than one. */
  private gameChooser(games: readonly AnyGameClient[]): HTMLElement {
    return h(
      'fieldset',
      { class: 'option', dataset: { testid: 'option-game' } },
      h('legend', { text: t('table.home.game') }),
      h(
        'div',
        { class: 'game-choices', role: 'radiogroup', 'aria-label': t('table.home.game') },
        games.map((game) => {
          const id = `create-game-${game.type}`;
          const input = h('input', {
            type: 'radio',
            id,
            name: 'create-game',
            value: game.type,
            checked: game === this.game,
            on: {
              change: () => {
                // Each game has its own options: the form starts afresh.
                this.game = game;
                this.options = { ...game.suggestedOptions };
                this.showGame();
              },
            },
          });
          return h(
            'label',
            { for: id, class: 'game-choice' },
            input,
            h(
              'span',
              { class: 'game-choice-body' },
              h('span', { class: 'game-choice-seal', html: game.emblem('#fff'), 'aria-hidden': 'true' }),
              h('span', { class: 'game-choice-text' }, h('strong', { text: game.title }), h('span', { class: 'muted small', text: game.tagline })),
            ),
          );
        }),
      ),
    );
  }

  private button(label: string, testid: string, run: () => Promise<void>): HTMLButtonElement {
    const b = h('button', { type: 'button', text: label, dataset: { testid }, on: { click: () => void run() } });
    this.buttons.push(b);
    return b;
  }

  /** The profile as typed, or null (with the reason shown) when the name will not do. */
  private profile(): Profile | null {
    const parsed = nameSchema.safeParse(this.nameInput.value);
    if (!parsed.success) {
      this.showError(t('table.home.badName', { reason: nameProblem(parsed.error.issues[0], this.nameInput.value) }));
      this.nameInput.focus();
      return null;
    }
    const profile = { name: parsed.data, colour: this.colour };
    this.actions.saveProfile(profile);
    return profile;
  }

  private code(): string | null {
    const code = normaliseRoomCode(this.codeInput.value);
    if (!code) {
      this.showError(t('table.home.badCode'));
      this.codeInput.focus();
      return null;
    }
    return code;
  }

  private async run(task: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.showError('');
    for (const b of this.buttons) b.disabled = true;
    try {
      await task();
    } catch (e) {
      this.showError((e as { message?: string }).message ?? t('table.home.failed'));
    } finally {
      this.busy = false;
      for (const b of this.buttons) b.disabled = false;
    }
  }

  private create(): Promise<void> {
    const profile = this.profile();
    return profile ? this.run(() => this.actions.create(this.game, profile, this.options)) : Promise.resolve();
  }

  private join(): Promise<void> {
    const profile = this.profile();
    const code = profile && this.code();
    return profile && code ? this.run(() => this.actions.join(code, profile)) : Promise.resolve();
  }

  private watch(): Promise<void> {
    const code = this.code();
    const name = nameSchema.safeParse(this.nameInput.value);
    return code ? this.run(() => this.actions.watch(code, name.success ? name.data : '')) : Promise.resolve();
  }
}

/** Why a name will not do (the shared schema's refusal), in the interface's language: the schema's own words are English. */
function nameProblem(issue: { code: string } | undefined, raw: string): string {
  if (issue?.code === 'too_big') return t('table.home.nameTooLong', { max: NAME_MAX_LENGTH });
  const role = issue?.code === 'custom' ? claimedRole(normaliseName(raw)) : null;
  return role ? t('table.home.nameClaimsRole', { role }) : t('table.home.nameEmpty');
}

function nameField(value: string): HTMLInputElement {
  return h('input', {
    id: 'player-name',
    type: 'text',
    autocomplete: 'nickname',
    maxlength: 20,
    placeholder: t('table.home.yourName'),
    value,
    dataset: { testid: 'name' },
  });
}

function codeField(value: string): HTMLInputElement {
  return h('input', {
    id: 'room-code',
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: false,
    maxlength: 9,
    placeholder: 'K7M 2PQ',
    value,
    dataset: { testid: 'join-code' },
  });
}
