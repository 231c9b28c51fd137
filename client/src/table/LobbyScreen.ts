import { inviteLink, SEAT_COLOURS, TableMessageType } from '@samurai/shared';
import { fill, h } from '../ui/dom';
import { lookOf, seatMark } from '../ui/seat-look';
import { muteButton } from './ChatPanel';
import type { AnyGameClient, TableRequests } from './game-client';
import type { ChatAndClocks } from './chat-and-clocks';
import type { GameModel } from './table-model';
import { TABLE_OPTION_FIELDS } from './table-options';

export interface LobbyActions {
  send<K extends TableMessageType>(type: K, payload?: TableRequests[K]): void;
  leave(): void;
  notify(text: string): void;
}

/** Seats, invite link, the game's options and the start button, until the host starts the game. */
export class LobbyScreen {
  readonly el: HTMLElement;
  private readonly seatsList: HTMLElement;
  private readonly optionsHost: HTMLElement;
  private readonly startButton: HTMLButtonElement;
  private readonly startHint: HTMLElement;
  private readonly spectatorLine: HTMLElement;
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

  constructor(
    private readonly actions: LobbyActions,
    /** The game this table plays: its rules and options. */
    readonly game: AnyGameClient,
    vm: GameModel,
    talk: ChatAndClocks,
  ) {
    const link = inviteLink(location.origin + location.pathname.replace(/\/[^/]*$/, ''), vm.code);
    const linkInput = h('input', { type: 'text', readOnly: true, value: link, class: 'invite-link', 'aria-label': 'Invite link', dataset: { testid: 'invite-link' } });
    const copy = h('button', {
      type: 'button',
      class: 'primary',
      text: 'Copy invite link',
      dataset: { testid: 'copy-invite' },
      on: { click: () => void this.copy(link, linkInput) },
    });
    this.seatsList = h('ol', { class: 'lobby-seats', dataset: { testid: 'lobby-seats' } });
    this.optionsHost = h('div');
    this.tableOptionsHost = h('div', { class: 'table-options', dataset: { testid: 'table-options' } });
    this.chatHost = h('section', { class: 'card lobby-chat', 'aria-labelledby': 'lobby-chat-title' }, h('h2', { id: 'lobby-chat-title', text: 'Chat' }));
    this.profileHost = h('div');
    this.startButton = h('button', {
      type: 'button',
      class: 'primary big',
      text: 'Start the game',
      dataset: { testid: 'start' },
      on: { click: () => this.start() },
    });
    this.startHint = h('p', { class: 'muted small' });
    this.spectatorLine = h('p', { class: 'muted', dataset: { testid: 'spectator-count' } });
    this.removedLine = h('p', { class: 'muted small removed', dataset: { testid: 'removed' } });
    this.el = h(
      'div',
      { class: 'lobby', dataset: { testid: 'lobby' } },
      h(
        'header',
        { class: 'lobby-head' },
        h('h1', {}, 'Room ', h('span', { class: 'code', dataset: { testid: 'room-code' } }, codeGroups(vm.code))),
        h(
          'p',
          { class: 'muted' },
          `Send this link to the friends you want to play with. Anyone with it can join or watch. New to ${game.title}? `,
          h('button', { type: 'button', class: 'quiet small', text: 'How to play', on: { click: () => game.openRules() } }),
        ),
        h('div', { class: 'invite' }, linkInput, copy),
      ),
      h(
        'div',
        { class: 'lobby-grid' },
        h(
          'section',
          { class: 'card' },
          h('h2', { text: 'Seats' }),
          this.seatsList,
          this.spectatorLine,
          this.removedLine,
          h(
            'div',
            { class: 'lobby-foot' },
            this.startButton,
            h('button', { type: 'button', class: 'quiet', text: 'Leave room', dataset: { testid: 'leave' }, on: { click: () => this.actions.leave() } }),
          ),
          this.startHint,
          this.profileHost,
        ),
        h('section', { class: 'card' }, h('h2', { text: 'Game options' }), this.optionsHost, this.tableOptionsHost),
        this.chatHost,
      ),
    );
    this.update(vm, talk);
  }

  destroy(): void {
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
      vm.seats.map((seat) => {
        const badges = [
          seat.isYou ? h('span', { class: 'badge you', text: 'you' }) : null,
          seat.isHost ? h('span', { class: 'badge', text: 'host' }) : null,
          seat.kind === 'bot' ? h('span', { class: 'badge bot', text: `bot · ${this.game.botLevelLabel(seat.bot)}` }) : null,
          seat.kind === 'human' && !seat.connected ? h('span', { class: 'badge away', text: 'away' }) : null,
          talk.seats[seat.index]?.muted ? h('span', { class: 'badge away', text: 'muted' }) : null,
        ];
        const mute = vm.isHost && seat.kind === 'human' && !seat.isYou ? muteButton(this.actions, seat.index, seat.name, talk.seats[seat.index]?.muted === true) : null;
        const remove =
          vm.isHost && seat.kind !== 'open' && !seat.isYou
            ? h('button', {
                type: 'button',
                class: 'quiet small',
                text: 'Remove',
                'aria-label': `Remove ${seat.name}`,
                on: { click: () => this.actions.send('removeSeat', { seat: seat.index }) },
              })
            : null;
        const addBot =
          vm.isHost && seat.kind === 'open'
            ? h('button', { type: 'button', class: 'small', text: 'Add a bot', dataset: { testid: 'add-bot' }, on: { click: () => this.actions.send('addBot', {}) } })
            : null;
        return h(
          'li',
          { class: `lobby-seat ${seat.kind}`, dataset: { testid: 'lobby-seat', seat: seat.index, kind: seat.kind } },
          seat.kind === 'open' ? h('span', { class: 'seat-mark empty', 'aria-hidden': 'true' }) : seatMark(seat.look, 26),
          h(
            'span',
            { class: 'seat-name' },
            seat.kind === 'open' ? h('em', { text: 'Open seat — waiting for a player' }) : seat.name,
            seat.kind === 'human' ? h('span', { class: `conn ${seat.connected ? 'on' : 'off'}`, role: 'img', title: seat.connected ? 'Connected' : 'Away', 'aria-label': seat.connected ? 'connected' : 'away' }) : null,
          ),
          h('span', { class: 'badges' }, badges),
          mute,
          remove,
          addBot,
        );
      }),
    );
    this.spectatorLine.textContent = vm.spectators === 0 ? 'Nobody is watching yet.' : `${vm.spectators} watching.`;
    fill(
      this.removedLine,
      vm.removed.length === 0
        ? []
        : [
            h('span', { text: 'Removed (may only watch): ' }),
            vm.removed.map((name) =>
              h(
                'span',
                { class: 'removed-name' },
                name,
                vm.isHost
                  ? h('button', {
                      type: 'button',
                      class: 'quiet small',
                      text: 'Let back in',
                      'aria-label': `Let ${name} back in`,
                      dataset: { testid: 'let-back' },
                      on: { click: () => this.actions.send('letBack', { name }) },
                    })
                  : null,
              ),
            ),
          ],
    );

    const seated = vm.seats.filter((s) => s.kind !== 'open').length;
    const optionsKey = JSON.stringify([vm.options, vm.isHost, seated]);
    if (optionsKey !== this.optionsKey) {
      this.optionsKey = optionsKey;
      fill(
        this.optionsHost,
        vm.isHost
          ? this.game.optionsForm(vm.options, (patch) => this.actions.send('setOptions', patch), 'lobby', (key, value) =>
              key === 'players' && Number(value) < seated ? `${seated} are seated: remove someone first.` : null,
            )
          : this.game.optionsSummary(vm.options),
      );
      // The table's own options (the clock, away players), the same in every game.
      fill(
        this.tableOptionsHost,
        vm.isHost ? TABLE_OPTION_FIELDS.form(vm.options, (patch) => this.actions.send('setOptions', patch), 'lobby-table') : TABLE_OPTION_FIELDS.summary(vm.options),
      );
    }

    const you = vm.seats[vm.yourSeat];
    const profileKey = you ? JSON.stringify([you.colourId, vm.seats.map((s) => s.colourId)]) : '';
    if (profileKey !== this.profileKey) {
      this.profileKey = profileKey;
      fill(this.profileHost, you ? this.colourChooser(vm) : null);
    }

    this.startButton.hidden = !vm.isHost;
    this.canStart = vm.canStart;
    this.startButton.disabled = !vm.canStart || this.starting;
    this.startHint.textContent = vm.isHost
      ? vm.canStart
        ? 'Everyone is seated. Start when you are ready.'
        : 'Every seat needs a player or a bot before the game can start.'
      : 'Waiting for the host to start the game…';
  }

  private colourChooser(vm: GameModel): HTMLElement {
    const you = vm.seats[vm.yourSeat];
    const taken = new Set(vm.seats.filter((s) => !s.isYou && s.kind !== 'open').map((s) => s.colourId));
    return h(
      'div',
      { class: 'colour-change' },
      h('span', { class: 'field-label', text: 'Your colour' }),
      h(
        'div',
        { class: 'colour-picker small' },
        SEAT_COLOURS.map((c) =>
          h(
            'button',
            {
              type: 'button',
              class: `swatch${c.id === you.colourId ? ' current' : ''}`,
              title: taken.has(c.id) ? `${c.name} (taken)` : c.name,
              'aria-label': c.name,
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
      this.actions.notify('Invite link copied. Paste it to your friends.');
    } catch {
      // No clipboard permission (or not a secure page): select it for a manual copy.
      input.focus();
      input.select();
      this.actions.notify('Press Ctrl+C (or ⌘C) to copy the selected link.');
    }
  }
}

/** The code in two groups of three, easier to read aloud; its text is still the code itself. */
function codeGroups(code: string): HTMLElement[] {
  return [h('span', { class: 'code-group', text: code.slice(0, 3) }), h('span', { class: 'code-group', text: code.slice(3) })];
}
