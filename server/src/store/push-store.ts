/**
 * What the store keeps for Web Push (server/src/push): the server's VAPID keys, the seats'
 * subscriptions and the turn each seat was last notified of. SQLite and Postgres implement it
 * alike (SqlitePushStore, PostgresPushStore); the store-contract tests run against both.
 */

/** The server's VAPID key pair (RFC 8292), base64url as web-push makes them. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** A browser's push subscription, held for one seat: its room code and the hash of its seat token. */
export interface SeatSubscription {
  readonly code: string;
  readonly tokenHash: string;
  /** The push service's URL for this browser (RFC 8030). */
  readonly endpoint: string;
  /** The browser's P-256 public key and its auth secret (RFC 8291), base64url. */
  readonly p256dh: string;
  readonly auth: string;
  /** The player's language: the notification is written in it. */
  readonly language: string;
}

/** A row of push_subscriptions, as both databases answer it. */
export interface SubscriptionRow {
  code: string;
  token_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
}

export const subscriptionOfRow = (r: SubscriptionRow): SeatSubscription => ({
  code: r.code,
  tokenHash: r.token_hash,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  language: r.language,
});

export interface PushStore {
  /** The keys kept, or `made` kept now when there are none (of processes starting together, the first's win for all). */
  vapidKeys(made: VapidKeys, now?: number): Promise<VapidKeys>;
  /**
   * Keeps a seat's subscription (the same endpoint again replaces its keys and language). Refused
   * (false) when the seat already has `maxPerSeat` other endpoints.
   */
  subscribe(subscription: SeatSubscription, maxPerSeat: number, now?: number): Promise<boolean>;
  /** The seat's subscription with this endpoint goes (the player turned notifications off). */
  unsubscribe(code: string, tokenHash: string, endpoint: string): Promise<void>;
  /** The push service no longer knows this endpoint (404, 410): it goes from every seat. Answers how many went. */
  forgetEndpoint(endpoint: string): Promise<number>;
  /** The seat's subscriptions. */
  subscriptions(code: string, tokenHash: string): Promise<SeatSubscription[]>;
  /**
   * Takes the notification of `turn` for this seat: true for the first to take it (of every
   * process), false when this seat was last notified of this very turn.
   */
  claimTurn(code: string, tokenHash: string, turn: string): Promise<boolean>;
  /** Subscriptions and turns of rooms no longer live go. Answers how many subscriptions went. */
  prune(): Promise<number>;
}
