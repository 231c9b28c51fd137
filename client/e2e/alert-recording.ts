/**
 * Turn alerts as a page makes them, recorded: an init script counts each page's Web Audio
 * oscillators, vibrations and notifications, and lets a test switch the tab's visibility.
 */
import { Browser, BrowserContext, Page } from 'playwright-core';

export interface Recorded {
  oscillators: number;
  vibrations: number;
  notifications: string[];
  permissionAsked: number;
}

/** A context whose pages record their alerts, and whose tab can be made to look hidden (`__hidden`). */
export async function recordingContext(browser: Browser, options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    const w = window as unknown as { __alerts: Recorded; __hidden?: boolean };
    w.__alerts = { oscillators: 0, vibrations: 0, notifications: [], permissionAsked: 0 };
    // Called below with the context as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__alerts.oscillators++;
      return create.call(this);
    };
    navigator.vibrate = () => {
      w.__alerts.vibrations++;
      return true;
    };
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden === true });
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
    const Real = window.Notification;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        w.__alerts.notifications.push(title);
        super(title, options);
      }
      static override get permission(): NotificationPermission {
        return Real.permission;
      }
      static override requestPermission(): Promise<NotificationPermission> {
        w.__alerts.permissionAsked++;
        return Real.requestPermission();
      }
    }
    window.Notification = Recording as typeof Notification;
  });
  return context;
}

export const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __alerts: Recorded }).__alerts);
export const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { __hidden: boolean }).__hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
export const favicon = (p: Page) => p.$eval('link[rel~=icon]', (l) => (l as HTMLLinkElement).href);
