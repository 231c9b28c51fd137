import { ChatLine, emoteById } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { h } from '../ui/dom';
import { emoteText, type ChatPanel } from './ChatPanel';

const BUBBLE =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M4 5h16v11H9l-5 4Z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>';

/**
 * The chat beside a game: a Chat button for the game's header bar (with the number of lines
 * said since you last looked) and the panel it opens over the right of the table (a sheet along
 * the bottom on a phone). Escape or the close button hides it again.
 */
export class ChatDock {
  /** Over the screen, outside it: the game's layout is its own. */
  readonly el: HTMLElement;
  /** For the header bar. */
  readonly toggle: HTMLButtonElement;
  private readonly badge: HTMLElement;
  private readonly body: HTMLElement;
  private seen = 0;
  private panel: ChatPanel | null = null;
  private readonly toggleLabel: HTMLElement;
  private readonly title: HTMLElement;
  private readonly close: HTMLButtonElement;

  constructor() {
    this.toggleLabel = h('span', { class: 'switch-label' });
    this.title = h('h2');
    this.badge = h('span', { class: 'chat-unread', hidden: true, dataset: { testid: 'chat-unread' } });
    this.toggle = h(
      'button',
      {
        type: 'button',
        class: 'quiet small table-switch chat-toggle',
        'aria-expanded': 'false',
        'aria-controls': 'chat-dock',
        dataset: { testid: 'chat-toggle' },
        on: { click: () => this.setOpen(this.el.hidden) },
      },
      h('span', { class: 'icon', 'aria-hidden': 'true', html: BUBBLE }),
      this.toggleLabel,
      this.badge,
    );
    this.body = h('div', { class: 'chat-dock-body' });
    this.close = h('button', {
      type: 'button',
      class: 'quiet small',
      text: '✕',
      dataset: { testid: 'chat-close' },
      on: { click: () => this.setOpen(false, true) },
    });
    this.el = h(
      'aside',
      {
        class: 'chat-dock',
        id: 'chat-dock',
        hidden: true,
        dataset: { testid: 'chat-dock' },
        on: { keydown: (e) => e.key === 'Escape' && this.setOpen(false, true) },
      },
      h('header', { class: 'chat-dock-head' }, this.title, this.close),
      this.body,
    );
    this.relabel();
  }

  /** Its words, in the interface's language (again after a change). */
  relabel(): void {
    this.toggleLabel.textContent = t('table.chat.title');
    this.title.textContent = t('table.chat.title');
    this.el.setAttribute('aria-label', t('table.chat.title'));
    this.close.setAttribute('aria-label', t('table.chat.close'));
    this.renderBadge(this.panel && !this.open ? Math.max(0, this.panel.newestLine - this.seen) : 0);
  }

  /** The room's chat panel, from now on in this dock. */
  hold(panel: ChatPanel): void {
    if (this.panel !== panel) {
      this.panel = panel;
      this.seen = panel.newestLine;
      panel.onLine((newest, line) => this.heard(panel, newest, line));
      this.renderBadge(0);
    }
    if (panel.el.parentElement !== this.body) this.body.appendChild(panel.el);
  }

  /** No room, or a screen without the dock (the lobby holds the chat itself): everything read. */
  release(): void {
    this.setOpen(false);
    this.seen = this.panel?.newestLine ?? 0;
    this.renderBadge(0);
  }

  get open(): boolean {
    return !this.el.hidden;
  }

  setOpen(open: boolean, returnFocus = false): void {
    this.el.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open && this.panel) {
      this.seen = this.panel.newestLine;
      this.renderBadge(0);
      this.panel.scrollToEnd();
      this.panel.focusInput();
    } else if (returnFocus && this.toggle.isConnected) this.toggle.focus();
  }

  private heard(panel: ChatPanel, newest: number, line: ChatLine | null): void {
    if (panel !== this.panel) return;
    // Read where it shows: open here, or in the lobby's own card.
    if (this.open || panel.el.parentElement !== this.body) {
      this.seen = newest;
      return this.renderBadge(0);
    }
    this.renderBadge(Math.max(0, newest - this.seen), line);
  }

  private renderBadge(unread: number, line: ChatLine | null = null): void {
    this.badge.hidden = unread === 0;
    this.badge.textContent = unread > 99 ? '99+' : String(unread);
    const said = line && ('text' in line.body ? line.body.text : emoteById(line.body.emote) ? emoteText(line.body.emote) : '');
    const latest = line ? `: ${line.name || t('table.chat.aSpectator')}: ${said}` : '';
    this.toggle.title = unread === 0 ? t('table.chat.open') : `${t('table.chat.newMessages', { count: unread })}${latest}`;
    this.toggle.setAttribute('aria-label', unread === 0 ? t('table.chat.title') : t('table.chat.unread', { count: unread }));
  }
}
