import type { Agent } from 'node:https';
import { log } from '../log';
import type { PushStore } from '../store/push-store';
import { newVapidKeys, PushSender } from './PushSender';
import { TurnNotifier } from './TurnNotifier';

/** How long a person must have been away before a live game's turn is notified: a reload is not a closed tab. */
export const DEFAULT_PUSH_AWAY_MS = 60_000;
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Web Push's settings (PUSH_NOTIFICATIONS, PUSH_SUBJECT, PUSH_AWAY_SECONDS; tests add the rest). */
export interface WebPushSettings {
  /** VAPID's subject: a mailto: or https: contact the push services may use. */
  readonly subject: string;
  /** See DEFAULT_PUSH_AWAY_MS. */
  readonly awayMs?: number;
  /** Tests only: endpoints on this machine are accepted (a local push service), reached with this agent. */
  readonly allowInternalEndpoints?: boolean;
  readonly agent?: Agent;
}

/** Web Push, running: the key browsers subscribe with, the table's turn watcher, the store's part. */
export interface WebPush {
  readonly publicKey: string;
  readonly notifier: TurnNotifier;
  readonly store: PushStore;
  readonly allowInternalEndpoints: boolean;
  stop(): Promise<void>;
}

/**
 * Starts Web Push on the store: its VAPID keys (made on the first start, kept in the store, the
 * same for every process), the notifier, and a sweep of subscriptions whose room has closed.
 */
export async function startWebPush(store: PushStore, settings: WebPushSettings): Promise<WebPush> {
  const keys = await store.vapidKeys(newVapidKeys());
  const sender = new PushSender(store, keys, { subject: settings.subject, agent: settings.agent });
  const notifier = new TurnNotifier(store, sender, settings.awayMs ?? DEFAULT_PUSH_AWAY_MS);
  let pruned: Promise<unknown> = Promise.resolve();
  const prune = () => {
    pruned = store
      .prune()
      .catch((error: unknown) => log.warn(`push: pruning subscriptions failed (${error instanceof Error ? error.message : String(error)})`));
  };
  prune();
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  return {
    publicKey: keys.publicKey,
    notifier,
    store,
    allowInternalEndpoints: settings.allowInternalEndpoints === true,
    stop: async () => {
      clearInterval(pruning);
      notifier.stop();
      await Promise.all([notifier.settled(), pruned]);
    },
  };
}
