import { t } from '../i18n/i18n';

/**
 * Turn alerts, decided: when the game starts waiting for you, what tells you so. Pure; the table's
 * TurnAlerts does what this decides (sound, vibration, notification, title, favicon).
 */

/** The switches a player sets, remembered by the browser. */
export interface AlertSettings {
  /** A short chime (and a buzz on phones) when your turn begins. */
  readonly sound: boolean;
  /** A notification when your turn begins while the tab is hidden (asked for only after the player opts in). */
  readonly notify: boolean;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = { sound: true, notify: false };

/** What the page is like when the game starts waiting. */
export interface AlertContext {
  /** The tab is hidden (another tab, a minimised window, a locked phone). */
  readonly hidden: boolean;
  /** The browser lets the page show notifications (permission granted). */
  readonly notificationsGranted: boolean;
}

/** What to do once, as your turn begins. */
export interface TurnCue {
  readonly chime: boolean;
  readonly vibrate: boolean;
  readonly notify: boolean;
}

const NO_CUE: TurnCue = { chime: false, vibrate: false, notify: false };

/**
 * The cue for a change from `wasOwed` to `owes`: only the moment the game starts waiting for you
 * alerts (not every patch while it waits, nor the end of your turn). The chime and the buzz follow
 * the sound switch; a notification needs the player's opt-in, the browser's permission and a
 * hidden tab (on a visible one the chime, the title and the banner say enough).
 */
export function turnCue(wasOwed: boolean, owes: boolean, settings: AlertSettings, context: AlertContext): TurnCue {
  if (!owes || wasOwed) return NO_CUE;
  return {
    chime: settings.sound,
    vibrate: settings.sound,
    notify: settings.notify && context.notificationsGranted && context.hidden,
  };
}

/** The window's title: the game and room, led by "Your turn" whenever the game waits for you. */
export function windowTitle(gameTitle: string, code: string, owes: boolean): string {
  return t(owes ? 'table.alerts.titleOwed' : 'table.alerts.title', { game: gameTitle, code });
}
