import type express from 'express';
import { joinErrorMessage, RoomError } from '@samurai/shared';
import type { Admission, Gatekeeper } from '../limits/Gatekeeper';

/**
 * A refusal for load: 429 (503 while restarting), how long to wait, and our error in Colyseus's
 * answer shape. A refusal for going over a limit is answered `refusalDelayMs` late: a client
 * asking again as soon as it is answered (a flood over keep-alive connections) then asks once a
 * delay per connection. The address may have only so many held back; beyond, each is answered at
 * once and its connection closed, so holding them costs little.
 */
export function refuse(res: express.Response, admission: Admission & { ok: false }, gate: Gatekeeper, address: string): void {
  const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
  const restarting = admission.error === RoomError.Restarting;
  const send = () => {
    res
      .status(restarting ? 503 : 429)
      .set('Retry-After', String(seconds))
      .json({ code: 429, error: joinErrorMessage(admission.error, `${admission.detail} Try again in ${seconds} s.`) });
  };
  if (restarting) return send();
  if (!gate.holdRefusal(address)) {
    if (gate.limits.refusalDelayMs > 0) res.set('Connection', 'close');
    return send();
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    gate.releaseRefusal(address);
  };
  const timer = setTimeout(() => {
    release();
    if (!res.writableEnded && !res.destroyed) send();
  }, gate.limits.refusalDelayMs);
  // The client went away: nothing to answer.
  res.once('close', () => {
    clearTimeout(timer);
    release();
  });
}
