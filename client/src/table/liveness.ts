import { HEARTBEAT_AFTER_SILENCE_MS, HEARTBEAT_TIMEOUT_MS } from '@samurai/shared';

/** What the page does about its connection's silence now (shared heartbeat.ts says why). */
export type LivenessStep =
  /** Ask the room whether it is there (a heartbeat), then look again after HEARTBEAT_TIMEOUT_MS. */
  | { readonly kind: 'ask' }
  /** All is well for now: look again in `ms`. */
  | { readonly kind: 'wait'; readonly ms: number }
  /** The last question went unanswered: the connection is dead. */
  | { readonly kind: 'dead' };

/**
 * `heardAt`: when the room last sent anything; `askedAt`: when the page last asked (null: never
 * on this connection). Only an unanswered question counts against a connection: a tab whose
 * timers the browser slowed (in the background) looks late, yet finds its answer has come.
 */
export function livenessStep(heardAt: number, askedAt: number | null, now: number): LivenessStep {
  if (askedAt !== null && heardAt < askedAt) {
    const waited = now - askedAt;
    return waited >= HEARTBEAT_TIMEOUT_MS ? { kind: 'dead' } : { kind: 'wait', ms: HEARTBEAT_TIMEOUT_MS - waited };
  }
  const silent = now - heardAt;
  return silent >= HEARTBEAT_AFTER_SILENCE_MS ? { kind: 'ask' } : { kind: 'wait', ms: HEARTBEAT_AFTER_SILENCE_MS - silent };
}
