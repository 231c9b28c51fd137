import { inviteLink, SEAT_COLOURS, TableMessageType } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { fill, h } from '../ui/dom';
import { lookOf, seatMark } from '../ui/seat-look';
import { muteButton } from './ChatPanel';
import { colourName } from './colour-names';
import type { AnyGameClient, TableRequests } from './game-client';
import type { ChatAndClocks } from './chat-and-clocks';
import type { GameModel, TableSeatModel as SeatModel } from './table-model';
import { TABLE_OPTION_FIELDS } from './table-options';

export interface LobbyActions {
  send<K extends TableMessageType>(type: K, payload?: TableRequests[K]): void;
  leave(): void;
  notify(text: string): void;
}

/**
 * Seats, invite link, the game's options and the start button, until the host starts the game;
 * and the table between games (after a rematch or an abandoned game), where each player says
 * whether they play the next one.
 */
export class LobbyScreen {
  readonly el: HTMLElement;
  private readonly seatsList: HTMLElement;
  private readonly optionsHost: HTMLElement;
  private readonly startButton: HTMLButtonElement;
  private readonly startHint: HTMLElement;
  private readonly spectatorLine: HTMLElement;
  /** Between games: what happened to the last game, and your "play again". */
  private readonly againHost: HTMLElement;
  private readonly removedLine: HTMLElement;
  private readonly profileHost: HTMLElement;
  private readonly tableOptionsHost: HTMLElement;
  /** Where the room's chat panel sits while the lobby shows (the table puts it here). */
  private readonly chatHost: HTMLElement;
  private optionsKey = '';
  private profileKey = '';
  /** Start was pressed: the button waits for the game (a second press would reach a room already playing). */
  private starting = false;
  private canStart = false;
  private readonly language: LanguageSwitcher;

  constructor(
    private readonly actions: LobbyActions,
    /** The game this table plays: its rules and options. */
    readonly game: AnyGameClient,
    vm: GameModel,
    talk: ChatAndClocks,
    /** Where the language chosen here is remembered. */
    languageStorage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  ) {
    this.language = new LanguageSwitcher(languageStorage);
    const link = inviteLink(location.origin + location.pathname.replace(/\/[^/]*$/, ''), vm.code);
    const linkInput = h('input', {
      type: 'text',
      readOnly: true,
      value: link,
      class: 'invite-link',
      'aria-label': t('table.lobby.inviteLink'),
      dataset: { testid: 'invite-link' },
    });
    const copy = h('button', {
      type: 'button',
      class: 'primary',
      text: t('table.lobby.copyInvite'),
      dataset: { testid: 'copy-invite' },
      on: { click: () => void this.copy(link, linkInput) },
    });
    this.seatsList = h('ol', { class: 'lobby-seats', dataset: { testid: 'lobby-seats' } });
    this.optionsHost = h('div');
    this.tableOptionsHost = h('div', { class: 'table-options', dataset: { testid: 'table-options' } });
    this.chatHost = h(
      'section',
      { class: 'card lobby-chat', 'aria-labelledby': 'lobby-chat-title' },
      h('h2', { id: 'lobby-chat-title', text: t('table.lobby.chat') }),
    );
    this.profileHost = h('div');
    this.startButton = h('button', {
      type: 'button',
      class: 'primary big',
      text: t('table.lobby.start'),
      dataset: { testid: 'start' },
      on: { click: () => this.start() },
    });
    this.startHint = h('p', { class: 'muted small' });
    this.spectatorLine = h('p', { class: 'muted', dataset: { testid: 'spectator-count' } });
    this.againHost = h('div', { class: 'lobby-again', role: 'status', dataset: { testid: 'play-again-card' } });
    this.removedLine = h('p', { class: 'muted small removed', dataset: { testid: 'removed' } });
    this.el = h(
      'div',
      { class: 'lobby', dataset: { testid: 'lobby' } },
      h(
        'header',
        { class: 'lobby-head' },
        this.language.el,
        h('h1', {}, t('table.lobby.room'), ' ', h('span', { class: 'code', dataset: { testid: 'room-code' } }, codeGroups(vm.code))),
        h(
          'p',
          { class: 'muted' },
          t('table.lobby.inviteText', { game: game.title }),
          ' ',
          h('button', { type: 'button', class: 'quiet small', text: t('table.howToPlay'), on: { click: () => game.openRules() } }),
        ),
        h('div', { class: 'invite' }, linkInput, copy),
      ),
      h(
        'div',
        { class: 'lobby-grid' },
        h(
          'section',
          { class: 'card' },
          h('h2', { text: t('table.lobby.seats') }),
          this.againHost,
          this.seatsList,
          this.spectatorLine,
          this.removedLine,
          h(
            'div',
            { class: 'lobby-foot' },
            this.startButton,
            h('button', {
              type: 'button',
              class: 'quiet',
              text: t('table.lobby.leave'),
              dataset: { testid: 'leave' },
              on: { click: () => this.actions.leave() },
            }),
          ),
          this.startHint,
          this.profileHost,
        ),
        h('section', { class: 'card lobby-options' }, h('h2', { text: t('table.lobby.gameOptions') }), this.optionsHost, this.tableOptionsHost),
        this.chatHost,
      ),
    );
    this.update(vm, talk);
  }

  destroy(): void {
    this.language.destroy();
    this.el.remove();
  }

  /** The room's chat panel, shown in the lobby's chat card. */
  holdChat(panel: HTMLElement): void {
    if (panel.parentElement !== this.chatHost) this.chatHost.appendChild(panel);
  }

  /** The room refused the last request (the table has shown why): Start may be pressed again. */
  refused(): void {
    this.starting = false;
    this.startButton.disabled = !this.canStart;
  }

  private start(): void {
    if (this.starting || !this.canStart) return;
    this.starting = true;
    this.startButton.disabled = true;
    this.actions.send('start');
  }

  update(vm: GameModel, talk: ChatAndClocks): void {
    fill(
      this.seatsList,
      vm.seats.map((seat) => this.seatRow(vm, talk, seat)),
    );
    this.showAgain(vm);
    this.spectatorLine.textContent = vm.spectators === 0 ? t('table.lobby.nobodyWatching') : t('table.lobby.watching', { count: vm.spectators });
    this.showRemoved(vm);
    this.showOptions(vm);
    this.showProfile(vm);
    this.showStart(vm);
  }

  /** A seat: its mark, name and badges, and the host's buttons for it (mute, remove, add a bot). */
  private seatRow(vm: GameModel, talk: ChatAndClocks, seat: SeatModel): HTMLElement {
    const badges = [
      seat.isYou ? h('span', { class: 'badge you', text: t('table.lobby.badgeYou') }) : null,
      seat.isHost ? h('span', { class: 'badge', text: t('table.lobby.badgeHost') }) : null,
      seat.kind === 'bot' ? h('span', { class: 'badge bot', text: t('table.lobby.badgeBot', { level: this.game.botLevelLabel(seat.bot) }) }) : null,
      seat.kind === 'human' && !seat.connected ? h('span', { class: 'badge away', text: t('table.lobby.badgeAway') }) : null,
      talk.seats[seat.index]?.muted ? h('span', { class: 'badge away', text: t('table.lobby.badgeMuted') }) : null,
      vm.betweenGames && seat.kind === 'human'
        ? h('span', {
            class: `badge ${seat.playsAgain ? 'again' : 'away'}`,
            text: t(seat.playsAgain ? 'table.lobby.badgeAgain' : 'table.lobby.badgeNotYet'),
            dataset: { testid: seat.playsAgain ? 'plays-again' : 'not-answered' },
          })
        : null,
    ];
    const mute =
      vm.isHost && seat.kind === 'human' && !seat.isYou ? muteButton(this.actions, seat.index, seat.name, talk.seats[seat.index]?.muted === true) : null;
    const remove =
      vm.isHost && seat.kind !== 'open' && !seat.isYou
        ? h('button', {
            type: 'button',
            class: 'quiet small',
            text: t('table.lobby.remove'),
            'aria-label': t('table.lobby.removeWho', { name: seat.name }),
            on: { click: () => this.actions.send('removeSeat', { seat: seat.index }) },
          })
        : null;
    // Between games, one who has not said "play again" may have their seat given to a bot.
    const toBot =
      vm.isHost && vm.betweenGames && seat.kind === 'human' && !seat.isYou && !seat.playsAgain
        ? h('button', {
            type: 'button',
            class: 'quiet small',
            text: t('table.lobby.seatToBot'),
            'aria-label': t('table.lobby.seatToBotWho', { name: seat.name }),
            dataset: { testid: 'seat-to-bot' },
            on: { click: () => this.actions.send('seatToBot', { seat: seat.index }) },
          })
        : null;
    const addBot =
      vm.isHost && seat.kind === 'open'
        ? h('button', {
            type: 'button',
            class: 'small',
            text: t('table.lobby.addBot'),
            dataset: { testid: 'add-bot' },
            on: { click: () => this.actions.send('addBot', {}) },
          })
        : null;
    return h(
      'li',
      { class: `lobby-seat ${seat.kind}`, dataset: { testid: 'lobby-seat', seat: seat.index, kind: seat.kind } },
      seat.kind === 'open' ? h('span', { class: 'seat-mark empty', 'aria-hidden': 'true' }) : seatMark(seat.look, 26),
      h(
        'span',
        { class: 'seat-name' },
        seat.kind === 'open' ? h('em', { text: t('table.lobby.openSeat') }) : seat.name,
        seat.kind === 'human' ? connectionDot(seat.connected) : null,
      ),
      h('span', { class: 'badges' }, badges),
      mute,
      toBot,
      remove,
      addBot,
    );
  }

  /** Between games: the last game's end, and for a player who has not answered, "play again" or leave. */
  private showAgain(vm: GameModel): void {
    this.againHost.hidden = !vm.betweenGames;
    if (!vm.betweenGames) return void fill(this.againHost);
    const you = vm.seats[vm.yourSeat];
    // The host's own start is their "play again".
    const asked = you !== undefined && !you.playsAgain && !vm.isHost;
    fill(
      this.againHost,
      h('p', { text: t(vm.abandoned ? 'table.lobby.againAbandoned' : 'table.lobby.again', { game: vm.game }) }),
      asked
        ? h(
            'div',
            { class: 'again-ask' },
            h('strong', { text: t('table.lobby.playAgainQuestion') }),
            h(
              'span',
              { class: 'again-buttons' },
              h('button', {
                type: 'button',
                class: 'primary',
                text: t('table.lobby.playAgain'),
                dataset: { testid: 'play-again' },
                on: { click: () => this.actions.send('playAgain') },
              }),
              h('button', {
                type: 'button',
                class: 'quiet',
                text: t('table.lobby.leaveSeat'),
                dataset: { testid: 'leave-seat' },
                on: { click: () => this.actions.leave() },
              }),
            ),
          )
        : null,
    );
  }

  /** Who was removed from the room; the host may let each back. */
  private showRemoved(vm: GameModel): void {
    fill(
      this.removedLine,
      vm.removed.length === 0
        ? []
        : [
            h('span', { text: t('table.lobby.removed') }),
            vm.removed.map((name) =>
              h(
                'span',
                { class: 'removed-name' },
                name,
                vm.isHost
                  ? h('button', {
                      type: 'button',
                      class: 'quiet small',
                      text: t('table.lobby.letBack'),
                      'aria-label': t('table.lobby.letBackWho', { name }),
                      dataset: { testid: 'let-back' },
                      on: { click: () => this.actions.send('letBack', { name }) },
                    })
                  : null,
              ),
            ),
          ],
    );
  }

  /** The game's options and the table's own: a form for the host, a summary for the others (drawn again only when they change). */
  private showOptions(vm: GameModel): void {
    const seated = vm.seats.filter((s) => s.kind !== 'open').length;
    const optionsKey = JSON.stringify([vm.options, vm.isHost, seated]);
    if (optionsKey !== this.optionsKey) {
      this.optionsKey = optionsKey;
      fill(
        this.optionsHost,
        vm.isHost
          ? this.game.optionsForm(
              vm.options,
              (patch) => this.actions.send('setOptions', patch),
              'lobby',
              (key, value) => (key === 'players' && Number(value) < seated ? t('table.lobby.seatedFirst', { count: seated }) : null),
            )
          : this.game.optionsSummary(vm.options),
      );
      // The table's own options (the clock, away players), the same in every game.
      fill(
        this.tableOptionsHost,
        vm.isHost
          ? TABLE_OPTION_FIELDS.form(vm.options, (patch) => this.actions.send('setOptions', patch), 'lobby-table')
          : TABLE_OPTION_FIELDS.summary(vm.options),
      );
    }
  }

  /** Your colour, to change while the lobby lasts. */
  private showProfile(vm: GameModel): void {
    const you = vm.seats[vm.yourSeat];
    const profileKey = you ? JSON.stringify([you.colourId, vm.seats.map((s) => s.colourId)]) : '';
    if (profileKey !== this.profileKey) {
      this.profileKey = profileKey;
      fill(this.profileHost, you ? this.colourChooser(vm) : null);
    }
  }

  /** Start, for the host once the seats are filled; what everyone waits for. */
  private showStart(vm: GameModel): void {
    this.startButton.hidden = !vm.isHost;
    this.canStart = vm.canStart;
    this.startButton.disabled = !vm.canStart || this.starting;
    const filled = vm.seats.length === vm.options.players && vm.seats.every((s) => s.kind !== 'open');
    const hostHint = vm.canStart ? t('table.lobby.ready') : filled ? t('table.lobby.waitingForAgain') : t('table.lobby.seatsOpen');
    this.startHint.textContent = vm.isHost ? hostHint : t('table.lobby.waitingForHost');
  }

  private colourChooser(vm: GameModel): HTMLElement {
    const you = vm.seats[vm.yourSeat];
    const taken = new Set(vm.seats.filter((s) => !s.isYou && s.kind !== 'open').map((s) => s.colourId));
    return h(
      'div',
      { class: 'colour-change' },
      h('span', { class: 'field-label', text: t('table.yourColour') }),
      h(
        'div',
        { class: 'colour-picker small' },
        SEAT_COLOURS.map((c) =>
          h(
            'button',
            {
              type: 'button',
              class: `swatch${c.id === you.colourId ? ' current' : ''}`,
              title: taken.has(c.id) ? t('table.colourTaken', { colour: colourName(c.id) }) : colourName(c.id),
              'aria-label': colourName(c.id),
              'aria-pressed': String(c.id === you.colourId),
              disabled: taken.has(c.id),
              on: { click: () => this.actions.send('profile', { colour: c.id }) },
            },
            seatMark(lookOf(c.id), 22),
          ),
        ),
      ),
    );
  }

  private async copy(link: string, input: HTMLInputElement): Promise<void> {
    try {
      await navigator.clipboard.writeText(link);
      this.actions.notify(t('table.lobby.copied'));
    } catch {
      // No clipboard permission (or not a secure page): select it for a manual copy.
      input.focus();
      input.select();
      this.actions.notify(t('table.lobby.copyByHand'));
    }
  }
}

/** The code in two groups of three, easier to read aloud; its text is still the code itself. */
function codeGroups(code: string): HTMLElement[] {
  return [h('span', { class: 'code-group', text: code.slice(0, 3) }), h('span', { class: 'code-group', text: code.slice(3) })];
}

/** A person's connection: on (here) or off (away). */
function connectionDot(connected: boolean): HTMLElement {
  const words = connected ? t('table.lobby.connected') : t('table.lobby.away');
  return h('span', { class: `conn ${connected ? 'on' : 'off'}`, role: 'img', title: words, 'aria-label': words });
}
