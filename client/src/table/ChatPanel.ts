import {
  CHAT_MAX_LENGTH,
  ChatLine,
  chatLength,
  chatTextSchema,
  emoteById,
  EmoteId,
  EMOTES,
  normaliseChatText,
  systemLabel,
  TableMessageType,
} from '@samurai/shared';
import { language, t } from '../i18n/i18n';
import { fill, h } from '../ui/dom';
import { lookOf, seatMark } from '../ui/seat-look';
import type { TableRequests } from './game-client';
import type { ChatAndClocks } from './chat-and-clocks';
import type { TableModel } from './table-model';

export interface ChatActions {
  send<K extends TableMessageType>(type: K, payload?: TableRequests[K]): void;
}

/**
 * The room's chat, for players and spectators, in the lobby and beside every game: the latest
 * lines, a line to type, the quick emotes, and the host's controls (mute a player, close the chat
 * to spectators). Everything said is put on the page as text (textContent), never as markup.
 * One panel for the room's life: the table moves it between the lobby and the game's chat dock.
 */
export class ChatPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly input: HTMLInputElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly counter: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly emotes: HTMLButtonElement[];
  private readonly hostControls: HTMLElement;
  private readonly spectatorSwitch: HTMLInputElement;
  private readonly muteList: HTMLElement;
  /** The line elements on the page, by line number. */
  private readonly shown = new Map<number, HTMLLIElement>();
  private muteKey = '';
  /** The newest line number so far (0: none). */
  private newest = 0;
  private listeners: ((newest: number, line: ChatLine | null) => void)[] = [];

  constructor(private readonly actions: ChatActions) {
    this.list = h('ol', {
      class: 'chat-lines',
      role: 'log',
      'aria-live': 'polite',
      'aria-label': t('table.chat.messages'),
      tabIndex: 0,
      dataset: { testid: 'chat-lines', empty: t('table.chat.nothingSaid') },
    });
    this.input = h('input', {
      type: 'text',
      class: 'chat-input',
      autocomplete: 'off',
      enterKeyHint: 'send',
      placeholder: t('table.chat.placeholder'),
      'aria-label': t('table.chat.message'),
      dataset: { testid: 'chat-input' },
      on: { input: () => this.renderCounter() },
    });
    this.sendButton = h('button', { type: 'submit', class: 'small', text: t('table.chat.send'), dataset: { testid: 'chat-send' } });
    this.counter = h('span', { class: 'chat-counter muted small', 'aria-live': 'polite' });
    this.notice = h('p', { class: 'chat-notice small', role: 'status', hidden: true, dataset: { testid: 'chat-notice' } });
    this.emotes = EMOTES.map((emote) =>
      h(
        'button',
        {
          type: 'button',
          class: 'quiet small emote',
          title: emoteText(emote.id),
          'aria-label': t('table.chat.sendEmote', { emote: emoteText(emote.id) }),
          dataset: { testid: `emote-${emote.id}` },
          on: { click: () => this.actions.send('emote', { emote: emote.id }) },
        },
        h('span', { 'aria-hidden': 'true', text: emote.glyph }),
      ),
    );
    this.spectatorSwitch = h('input', {
      type: 'checkbox',
      id: 'chat-spectators',
      dataset: { testid: 'spectator-chat' },
      on: { change: () => this.actions.send('spectatorChat', { open: this.spectatorSwitch.checked }) },
    });
    this.muteList = h('ul', { class: 'chat-mutes', dataset: { testid: 'chat-mutes' } });
    this.hostControls = h(
      'details',
      { class: 'chat-host small' },
      h('summary', { text: t('table.chat.hostControls') }),
      h('label', { class: 'chat-switch', for: 'chat-spectators' }, this.spectatorSwitch, h('span', { text: t('table.chat.spectatorsMayChat') })),
      this.muteList,
    );
    const form = h('form', { class: 'chat-form', on: { submit: (e) => this.submit(e) } }, this.input, this.sendButton);
    this.el = h(
      'section',
      { class: 'chat', 'aria-label': t('table.chat.title'), dataset: { testid: 'chat-panel' } },
      this.list,
      this.notice,
      h('div', { class: 'chat-emotes', role: 'group', 'aria-label': t('table.chat.quickEmotes') }, this.emotes),
      form,
      this.counter,
      this.hostControls,
    );
  }

  /** Told of every new line (and the newest number), e.g. to count unread lines. */
  onLine(listener: (newest: number, line: ChatLine | null) => void): void {
    this.listeners.push(listener);
  }

  get newestLine(): number {
    return this.newest;
  }

  update(model: TableModel, talk: ChatAndClocks): void {
    this.renderLines(model, talk);
    this.renderControls(model, talk);
  }

  /** Scrolls to the newest line (the panel has just been opened). */
  scrollToEnd(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }

  focusInput(): void {
    if (!this.input.disabled) this.input.focus();
  }

  private renderLines(model: TableModel, talk: ChatAndClocks): void {
    const atEnd = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    const keep = new Set(talk.chat.map((l) => l.n));
    for (const [n, li] of this.shown) {
      if (keep.has(n)) continue;
      li.remove();
      this.shown.delete(n);
    }
    let added: ChatLine | null = null;
    for (const line of talk.chat) {
      if (this.shown.has(line.n)) continue;
      const li = this.lineElement(line, model);
      this.shown.set(line.n, li);
      this.list.appendChild(li);
      added = line;
    }
    if (atEnd) this.scrollToEnd();
    const newest = talk.chat.at(-1)?.n ?? 0;
    if (newest !== this.newest) {
      this.newest = newest;
      for (const listener of this.listeners) listener(newest, added);
    }
  }

  /** One line: who said it (their seat's mark and name) and what, as text. */
  private lineElement(line: ChatLine, model: TableModel): HTMLLIElement {
    const seat = line.seat >= 0 ? model.seats[line.seat] : undefined;
    const who = line.seat >= 0 ? line.name : line.name ? t('table.chat.watcherSays', { name: line.name }) : t('table.chat.spectatorSays');
    const mark = line.colour ? seatMark(lookOf(line.colour), 14) : h('span', { class: 'seat-mark empty small', 'aria-hidden': 'true' });
    const emote = 'emote' in line.body ? emoteById(line.body.emote) : undefined;
    const said =
      'text' in line.body
        ? h('span', { class: 'chat-text', text: line.body.text })
        : h(
            'span',
            { class: 'chat-emote' },
            h('span', { class: 'glyph', 'aria-hidden': 'true', text: emote?.glyph ?? '' }),
            h('em', { text: ` ${emote ? emoteText(emote.id) : ''}` }),
          );
    const time = new Date(line.at);
    return h(
      'li',
      { class: `chat-line${line.seat < 0 ? ' spectator' : ''}${seat?.isYou ? ' you' : ''}`, dataset: { testid: 'chat-line', n: line.n, seat: line.seat } },
      mark,
      h('strong', { class: 'chat-who', text: `${who}: ` }),
      said,
      h('time', { class: 'chat-time muted', dateTime: time.toISOString(), text: time.toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' }) }),
    );
  }

  private renderControls(model: TableModel, talk: ChatAndClocks): void {
    const closed = model.isSpectator && !talk.spectatorChat;
    const muted = talk.seats[model.yourSeat]?.muted === true;
    const silenced = closed || muted;
    this.notice.hidden = !silenced;
    this.notice.textContent = muted ? t('table.chat.youAreMuted') : closed ? t('table.chat.closedToSpectators') : '';
    this.notice.dataset.why = muted ? 'muted' : closed ? 'closed' : '';
    this.input.disabled = silenced;
    this.sendButton.disabled = silenced;
    for (const button of this.emotes) button.disabled = silenced;

    this.hostControls.hidden = !model.isHost;
    this.spectatorSwitch.checked = talk.spectatorChat;
    // (Only the host gets the switches at all.)
    const people = model.seats
      .filter((s) => model.isHost && s.kind === 'human' && !s.isYou)
      .map((s) => ({ index: s.index, name: s.name, muted: talk.seats[s.index]?.muted === true }));
    const muteKey = JSON.stringify(people);
    if (muteKey === this.muteKey) return;
    this.muteKey = muteKey;
    fill(
      this.muteList,
      people.map((seat) =>
        h(
          'li',
          {},
          h('span', { text: seat.name }),
          seat.muted ? h('span', { class: 'badge away', text: t('table.chat.muted') }) : null,
          muteButton(this.actions, seat.index, seat.name, seat.muted),
        ),
      ),
    );
  }

  private submit(event: Event): void {
    event.preventDefault();
    const parsed = chatTextSchema.safeParse(this.input.value);
    if (!parsed.success) {
      // An empty line is nothing to send; a long one, or one opening with "[system]", says why.
      const label = systemLabel(normaliseChatText(this.input.value));
      if (label) this.counter.textContent = t('table.chat.systemLabel', { label });
      else if (this.input.value.trim() !== '' && parsed.error.issues[0]?.code !== 'too_small')
        this.counter.textContent = t('table.chat.tooLong', { max: CHAT_MAX_LENGTH });
      return;
    }
    this.actions.send('chat', { text: parsed.data });
    this.input.value = '';
    this.renderCounter();
  }

  private renderCounter(): void {
    const length = chatLength(this.input.value.trim());
    this.counter.textContent = length > CHAT_MAX_LENGTH - 40 ? `${length} / ${CHAT_MAX_LENGTH}` : '';
    this.counter.classList.toggle('over', length > CHAT_MAX_LENGTH);
  }
}

/** The host's mute switch for the person at a seat (in the chat's host controls and on the lobby's seats). */
export function muteButton(actions: ChatActions, seat: number, name: string, muted: boolean): HTMLButtonElement {
  return h('button', {
    type: 'button',
    class: 'quiet small mute',
    // It says what a click does: Mute, or Unmute once muted (the seat shows a "muted" badge too).
    text: muted ? t('table.chat.unmute') : t('table.chat.mute'),
    'aria-label': muted ? t('table.chat.unmuteWho', { name }) : t('table.chat.muteWho', { name }),
    title: muted ? t('table.chat.mutedTitle', { name }) : t('table.chat.muteTitle', { name }),
    dataset: { testid: 'mute', seat, muted: String(muted) },
    on: { click: () => actions.send('mute', { seat, muted: !muted }) },
  });
}

/** A quick emote's words in the interface's language. */
export function emoteText(id: EmoteId): string {
  return t(`table.emotes.${id}`);
}
