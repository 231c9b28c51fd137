import { seatTokenKey } from '@samurai/shared';

/**
 * The page's side of the installable app (client/src/push/service-worker.ts is the worker's): it
 * registers the worker, tells it which games wait for this player (the badge counts them), sets
 * the app badge the worker counts, and subscribes a seat to Web Push once the player has turned
 * notifications on (server/src/push sends them when the game waits for them and their tab is closed).
 */

/** The bits of the page's navigator used here (the badge is missing in some browsers). */
interface BadgeNavigator {
  setAppBadge?(count?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

/** Whether this page registered the worker (startAppShell). */
let registered = false;

/** The worker once active; null where there is none (an old browser, Vite's dev server). */
const workerReady = (): Promise<ServiceWorkerRegistration> | null => (registered ? navigator.serviceWorker.ready : null);

/**
 * Registers the service worker and follows the badge count it sends; `built`: the page comes from
 * the build (Vite's dev server has no sw.js).
 */
export function startAppShell(built: boolean): void {
  if (!('serviceWorker' in navigator) || !built) return;
  registered = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown; count?: unknown }>) => {
    if (event.data?.type === 'badge' && typeof event.data.count === 'number') showBadge(event.data.count);
  });
  navigator.serviceWorker.register('./sw.js', { scope: './' }).then(
    () => void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'badge' })),
    () => undefined,
  );
}

function showBadge(count: number): void {
  const badge = navigator as BadgeNavigator;
  const shown = count > 0 ? badge.setAppBadge?.(count) : badge.clearAppBadge?.();
  // (Refused where the app is not installed, or the platform has no badge.)
  shown?.catch(() => undefined);
}

/** Whether game `code` waits for this browser's player now: the worker keeps the count. */
export function reportTurn(code: string, waiting: boolean): void {
  void workerReady()?.then((registration) => registration.active?.postMessage({ type: 'turn', code, waiting }));
}

/** The server's VAPID key (base64url, as PushManager.subscribe takes it); null when the server has notifications off. */
async function serverKey(endpoint: string): Promise<string | null> {
  const response = await fetch(`${endpoint}/api/push/key`);
  if (!response.ok) return null;
  return ((await response.json()) as { publicKey: string }).publicKey;
}

/**
 * Subscribes this browser to Web Push for its seat in room `code` (the seat token proves the seat),
 * in `language`. Quietly does nothing where the browser has no push service, or the server none.
 */
export async function subscribeSeat(endpoint: string, code: string, language: string): Promise<boolean> {
  try {
    const token = localStorage.getItem(seatTokenKey(code));
    const ready = workerReady();
    if (!token || !ready || typeof PushManager === 'undefined') return false;
    const registration = await ready;
    const key = await serverKey(endpoint);
    if (!key) return false;
    const subscription =
      (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    const response = await fetch(`${endpoint}/api/rooms/${code}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seatToken: token, language, subscription: subscription.toJSON() }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The player turned notifications off: the seat's subscription in room `code` goes. */
export async function unsubscribeSeat(endpoint: string, code: string): Promise<void> {
  try {
    const token = localStorage.getItem(seatTokenKey(code));
    const ready = workerReady();
    if (!token || !ready) return;
    const subscription = await (await ready).pushManager.getSubscription();
    if (!subscription) return;
    await fetch(`${endpoint}/api/rooms/${code}/push`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seatToken: token, endpoint: subscription.endpoint }),
    });
  } catch {
    // Offline: the server drops it once the push service says it is gone, or the room closes.
  }
}
