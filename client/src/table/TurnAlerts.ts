import { language, t } from '../i18n/i18n';
import { reportTurn, subscribeSeat, unsubscribeSeat } from '../push/app-shell';
import { playChime, unlockAudioOnFirstGesture } from '../ui/chime';
import { FaviconBadge } from '../ui/favicon-badge';
import type { SeatStore } from './seat-store';
import { AlertSettings, turnCue, windowTitle } from './turn-alerts';

/** What the page tells you when a game starts waiting for you, in every game (turn-alerts.ts decides). */
export class TurnAlerts {
  private settings: AlertSettings;
  private owed = false;
  /** The room of the last game followed, and whether it waited then (what the service worker was last told). */
  private followed: { code: string; owes: boolean } | null = null;
  /** Rooms whose seat this page has subscribed to Web Push. */
  private readonly subscribed = new Set<string>();
  private readonly favicon = new FaviconBadge();
  private notification: Notification | null = null;
  private readonly homeTitle = document.title;
  private readonly listeners = new Set<() => void>();
  /** Counts of what the page did, for the browser tests (no game secret in them). */
  readonly done = { chimes: 0, vibrations: 0, notifications: 0 };

  constructor(
    private readonly store: SeatStore,
    /** The game server (its Web Push routes). */
    private readonly endpoint: string = location.origin,
  ) {
    this.settings = store.alertSettings();
    unlockAudioOnFirstGesture();
    // Back to the tab: the notification has done its work.
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) this.closeNotification();
    });
  }

  get current(): AlertSettings {
    return this.settings;
  }

  /** Whether the browser can show notifications at all, and whether it already refused. */
  get notificationSupport(): 'unsupported' | 'denied' | 'ask' | 'granted' {
    if (typeof Notification === 'undefined') return 'unsupported';
    return Notification.permission === 'default' ? 'ask' : Notification.permission;
  }

  /** Called on every change of the settings (the controls show them). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  setSound(on: boolean): void {
    this.save({ ...this.settings, sound: on });
  }

  /**
   * Turns notifications on or off. Turning them on asks the browser's permission, now that the
   * player has asked for them (never before); resolves with whether they are on.
   */
  async setNotify(on: boolean): Promise<boolean> {
    if (!on) {
      this.save({ ...this.settings, notify: false });
      if (this.followed) void unsubscribeSeat(this.endpoint, this.followed.code);
      this.subscribed.clear();
      return false;
    }
    if (this.notificationSupport === 'unsupported') return false;
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    this.save({ ...this.settings, notify: permission === 'granted' });
    if (this.followed) this.subscribeOnce(this.followed.code);
    return permission === 'granted';
  }

  /** After every state of a game: whether it waits for you now, in which game and room. */
  follow(owes: boolean, gameTitle: string, code: string): void {
    // The app badge counts the games waiting for you; with notifications on, the server tells you of this one once your tab is closed.
    if (this.followed?.code !== code || this.followed.owes !== owes) reportTurn(code, owes);
    this.followed = { code, owes };
    this.subscribeOnce(code);
    const cue = turnCue(this.owed, owes, this.settings, { hidden: document.hidden, notificationsGranted: this.notificationSupport === 'granted' });
    this.owed = owes;
    document.title = windowTitle(gameTitle, code, owes);
    this.favicon.show(owes);
    if (!owes) this.closeNotification();
    if (cue.chime && playChime()) this.done.chimes++;
    // Chromium refuses (and reports) a vibration before the person has touched the page, e.g. right after a reload.
    const touched = navigator.userActivation?.hasBeenActive ?? true;
    if (cue.vibrate && touched && typeof navigator.vibrate === 'function' && navigator.vibrate([90, 60, 90])) this.done.vibrations++;
    if (cue.notify) this.notify(gameTitle, code);
  }

  /** Out of a game (the lobby, home): no badge, no notification; `title` for the window. */
  quiet(title: string = this.homeTitle): void {
    this.owed = false;
    document.title = title;
    this.favicon.show(false);
    this.closeNotification();
  }

  /** Subscribes this seat to Web Push once per page, while the player wants notifications and the browser allows them. */
  private subscribeOnce(code: string): void {
    if (!this.settings.notify || this.notificationSupport !== 'granted' || this.subscribed.has(code)) return;
    this.subscribed.add(code);
    void subscribeSeat(this.endpoint, code, language());
  }

  /** Whether the favicon wears the badge now (tests read it). */
  get badged(): boolean {
    return this.favicon.showing;
  }

  private notify(gameTitle: string, code: string): void {
    this.closeNotification();
    try {
      const n = new Notification(t('table.alerts.notification', { game: gameTitle }), {
        body: t('table.alerts.notificationBody', { code }),
        tag: `turn-${code}`,
      });
      n.onclick = () => {
        window.focus();
        n.close();
      };
      this.notification = n;
      this.done.notifications++;
    } catch {
      // Some phones allow notifications only from a service worker: the title and the badge remain.
    }
  }

  private closeNotification(): void {
    this.notification?.close();
    this.notification = null;
  }

  private save(settings: AlertSettings): void {
    this.settings = settings;
    this.store.saveAlertSettings(settings);
    for (const listener of this.listeners) listener();
  }
}
