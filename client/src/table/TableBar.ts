import { t } from '../i18n/i18n';
import { h, svgElement } from '../ui/dom';
import type { TableModel } from './table-model';
import type { TurnAlerts } from './TurnAlerts';

const EYE =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3.2" fill="currentColor"/></svg>';
const BELL =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>';
const SOUND =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M4 9h4l5-4v14l-5-4H4Z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
const MUTED =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M4 9h4l5-4v14l-5-4H4Z" fill="currentColor"/><path d="m16 9 6 6m0-6-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/**
 * The table's controls in every game's header bar: how many people are watching, and the turn
 * alerts' switches (sound, notifications) for players.
 */
export class TableBar {
  readonly el: HTMLElement;
  private readonly watchers: HTMLElement;
  private readonly watchersText: HTMLElement;
  private readonly sound: HTMLButtonElement;
  private readonly notify: HTMLButtonElement;
  private spectator = true;
  private model: TableModel | null = null;

  constructor(
    private readonly alerts: TurnAlerts,
    private readonly tell: (text: string, kind?: 'info' | 'error') => void,
  ) {
    this.watchersText = h('span', { class: 'switch-label' });
    this.watchers = h('span', { class: 'watchers', role: 'status', dataset: { testid: 'watchers' } }, svgElement(EYE), this.watchersText);
    this.sound = h('button', {
      type: 'button',
      class: 'quiet small table-switch',
      dataset: { testid: 'alert-sound' },
      on: { click: () => this.alerts.setSound(!this.alerts.current.sound) },
    });
    this.notify = h('button', {
      type: 'button',
      class: 'quiet small table-switch',
      dataset: { testid: 'alert-notify' },
      on: { click: () => void this.toggleNotify() },
    });
    this.el = h('span', { class: 'table-bar', dataset: { testid: 'table-bar' } }, this.watchers, this.sound, this.notify);
    alerts.onChange(() => this.render());
    this.render();
  }

  update(model: TableModel): void {
    this.model = model;
    const n = model.spectators;
    this.watchers.hidden = n === 0;
    const text = model.isSpectator ? (n > 1 ? t('table.bar.youAndMore', { count: n - 1 }) : t('table.bar.youWatching')) : t('table.bar.watching', { count: n });
    this.watchersText.textContent = text;
    // How many, alone: what a narrow screen shows beside the eye (style.css), the words kept for screen readers.
    this.watchers.dataset.count = String(n);
    this.watchers.title = model.isSpectator ? text : t('table.bar.watchingTitle', { count: n });
    if (this.spectator !== model.isSpectator) {
      this.spectator = model.isSpectator;
      this.render();
    }
  }

  /** The language changed: every word again. */
  relabel(): void {
    if (this.model) this.update(this.model);
    this.render();
  }

  private render(): void {
    const { sound, notify } = this.alerts.current;
    this.sound.hidden = this.spectator;
    // The name stays "Sound" (a screen reader says "pressed" or not); the icon shows it muted.
    this.sound.replaceChildren(svgElement(sound ? SOUND : MUTED), h('span', { class: 'switch-label', text: t('table.bar.sound') }));
    this.sound.setAttribute('aria-pressed', String(sound));
    this.sound.title = sound ? t('table.bar.soundOn') : t('table.bar.soundOff');
    const support = this.alerts.notificationSupport;
    this.notify.hidden = this.spectator || support === 'unsupported';
    const on = notify && support === 'granted';
    this.notify.replaceChildren(svgElement(BELL), h('span', { class: 'switch-label', text: t('table.bar.notify') }));
    this.notify.setAttribute('aria-pressed', String(on));
    this.notify.title = support === 'denied' ? t('table.bar.notifyBlocked') : on ? t('table.bar.notifyOn') : t('table.bar.notifyOff');
  }

  private async toggleNotify(): Promise<void> {
    if (this.alerts.current.notify && this.alerts.notificationSupport === 'granted') {
      await this.alerts.setNotify(false);
      return;
    }
    if (this.alerts.notificationSupport === 'denied') {
      this.tell(t('table.bar.notifyBlockedToast'), 'error');
      return;
    }
    const on = await this.alerts.setNotify(true);
    this.tell(on ? t('table.bar.notifyGranted') : t('table.bar.notifyRefused'), on ? 'info' : 'error');
  }
}
