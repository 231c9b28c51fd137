import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { log } from '../log';
import type { PushStore, SeatSubscription, VapidKeys } from '../store/push-store';

/** What a notification carries to the service worker (client/src/push/service-worker.ts reads it). */
export interface TurnPayload {
  readonly code: string;
  readonly title: string;
  readonly body: string;
  /** The seat's link, relative to the service worker's scope: the browser's seat token opens the seat. */
  readonly url: string;
}

/** How one push went: sent (the push service took it), gone (404/410: the subscription was removed), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSenderOptions {
  /** VAPID's subject (RFC 8292 § 2.1): a mailto: or https: contact for the push services. */
  readonly subject: string;
  /** How long the push service keeps an undelivered notification: a slow game's turn waits hours. */
  readonly ttlSeconds?: number;
  /** Tests only: the agent that reaches a local push service (its certificate). */
  readonly agent?: Agent;
}

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends notifications by Web Push (the web-push library: RFC 8030 delivery, RFC 8291 encryption,
 * RFC 8292 VAPID), with the server's keys. A subscription the push service no longer knows (404,
 * 410) is removed at once, from every seat that held it.
 */
export class PushSender {
  constructor(
    private readonly store: PushStore,
    private readonly keys: VapidKeys,
    private readonly options: PushSenderOptions,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async send(subscription: SeatSubscription, payload: TurnPayload): Promise<PushOutcome> {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.options.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
          TTL: this.options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          // A turn is worth waking a phone for.
          urgency: 'high',
          // A later notification of the same game replaces one not yet delivered.
          topic: `turn-${payload.code}`,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          agent: this.options.agent,
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await this.store.forgetEndpoint(subscription.endpoint);
        return 'gone';
      }
      const why = error instanceof WebPushError ? `${error.statusCode} ${error.body}` : error instanceof Error ? error.message : String(error);
      log.warn(`push: a notification for room ${subscription.code} was not sent (${why.slice(0, 200)})`);
      return 'failed';
    }
  }
}

/** A new VAPID key pair (kept in the store on first start: see startWebPush). */
export function newVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
