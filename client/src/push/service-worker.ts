/**
 * The service worker (built to `sw.js` at the site's root: vite.config.mjs). It makes the game
 * installable, shows a turn's Web Push notification (server/src/push sends it) and opens the
 * player's seat from it, and keeps the app badge: how many games wait for this browser's player,
 * as notifications and the open tables tell it. It imports nothing, so it builds to one classic
 * script that every browser runs.
 */

/** The parts of the worker's global scope used here (the client's types are the page's: DOM). */
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  readonly navigator: { setAppBadge?(count?: number): Promise<void>; clearAppBadge?(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WaitingEvent) => void): void;
  addEventListener(type: 'push', listener: (event: WaitingEvent & { readonly data: { json(): unknown } | null }) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: WaitingEvent & { readonly notification: Notification }) => void): void;
  addEventListener(type: 'message', listener: (event: WaitingEvent & { readonly data: unknown }) => void): void;
}
interface WaitingEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}

/** What a turn's push carries (server/src/push/PushSender.ts, TurnPayload). */
interface TurnPush {
  readonly code: string;
  readonly title: string;
  readonly body: string;
  readonly url: string;
}

const worker = self as unknown as WorkerScope;
/** Where the codes of the games waiting for this browser are kept (a worker is stopped whenever idle). */
const TURNS_CACHE = 'waiting-turns';
const TURNS_KEY = 'waiting-games';
const ROOM_CODE = /^[A-Z0-9]{4,12}$/;

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  const turn = turnOf(event.data);
  if (!turn) return;
  const icon = new URL('icons/icon-192.png', worker.registration.scope).href;
  event.waitUntil(
    Promise.all([
      // One notification per game: a newer one replaces it.
      worker.registration.showNotification(turn.title, { body: turn.body, tag: `turn-${turn.code}`, icon, data: { url: turn.url } }),
      markWaiting(turn.code, true),
    ]),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = new URL(typeof data?.url === 'string' ? data.url : './', worker.registration.scope).href;
  event.waitUntil(openSeat(url));
});

/** A page says whether a game waits for its player now (`turn`), or asks for the count (`badge`). */
worker.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; code?: unknown; waiting?: unknown } | null;
  if (message?.type === 'turn' && typeof message.code === 'string' && ROOM_CODE.test(message.code)) {
    event.waitUntil(markWaiting(message.code, message.waiting === true));
  } else if (message?.type === 'badge') {
    event.waitUntil(waitingGames().then((codes) => tellPages(codes.length)));
  }
});

function turnOf(data: { json(): unknown } | null): TurnPush | null {
  try {
    const turn = data?.json() as Partial<TurnPush> | undefined;
    if (!turn || typeof turn.code !== 'string' || !ROOM_CODE.test(turn.code)) return null;
    return { code: turn.code, title: String(turn.title ?? ''), body: String(turn.body ?? ''), url: String(turn.url ?? './') };
  } catch {
    return null;
  }
}

/** The seat's page: a tab already on it comes to the front; else a tab of the site goes there; else a new one. */
async function openSeat(url: string): Promise<void> {
  const tabs = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = tabs.find((tab) => tab.url === url);
  if (there) {
    await there.focus();
    return;
  }
  try {
    // (Only a tab this worker controls can be sent elsewhere: another one gets a new window.)
    if (tabs.length > 0) {
      await tabs[0].navigate(url);
      await tabs[0].focus();
      return;
    }
  } catch {
    // A new window, then.
  }
  await worker.clients.openWindow(url);
}

async function waitingGames(): Promise<string[]> {
  const cache = await caches.open(TURNS_CACHE);
  const kept = await cache.match(TURNS_KEY);
  if (!kept) return [];
  try {
    const codes = (await kept.json()) as unknown;
    return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string' && ROOM_CODE.test(c)) : [];
  } catch {
    return [];
  }
}

/** Notes whether game `code` waits for this browser's player; the badge shows how many do. */
async function markWaiting(code: string, waiting: boolean): Promise<void> {
  const codes = new Set(await waitingGames());
  if (codes.has(code) === waiting) return tellPages(codes.size);
  if (waiting) codes.add(code);
  else codes.delete(code);
  const cache = await caches.open(TURNS_CACHE);
  await cache.put(TURNS_KEY, new Response(JSON.stringify([...codes]), { headers: { 'content-type': 'application/json' } }));
  await tellPages(codes.size);
}

/** The badge (on the installed app's icon, where the platform has one), and each open page, learn the count. */
async function tellPages(count: number): Promise<void> {
  try {
    if (count > 0) await worker.navigator.setAppBadge?.(count);
    else await worker.navigator.clearAppBadge?.();
  } catch {
    // No badge on this platform (or not installed): the pages still hear of it.
  }
  for (const tab of await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })) tab.postMessage({ type: 'badge', count });
}
