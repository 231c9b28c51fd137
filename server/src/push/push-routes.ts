import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';
import { asyncRoute } from '../http/async-route';
import { jsonBody } from '../http/json-body';
import { limitedLookUp } from '../http/limited-look-up';
import type { Gatekeeper } from '../limits/Gatekeeper';
import { hashSeatToken } from '../table/Seating';
import { describeIssues } from '../table/room-config';
import type { TableFinder } from '../table/TableWaker';
import { MAX_SUBSCRIPTIONS_PER_SEAT, subscribeRequest, unsubscribeRequest } from './subscribe-request';
import type { WebPush } from './web-push';

/** A subscription request is a few hundred bytes: the endpoint and two keys. */
const MAX_BODY_BYTES = 4096;
const OFF = 'Notifications are off on this server.';
/** The same answer for a code no room has and for a token no seat of it holds: neither tells the other. */
const NOT_FOUND = 'No room has that code, or this seat token is not one of its seats.';

/**
 * Web Push's routes. `GET /api/push/key`: the server's VAPID public key, which a browser
 * subscribes with. `POST /api/rooms/:code/push`: a seat (its token) asks to be told when its game
 * waits for it; `DELETE` the same path: it no longer does. A seat is found as a join finds it (the
 * room asked, in this process or another, an unloaded one brought back), and a code or token that
 * finds none costs the address one look-up attempt, as a wrong join does.
 */
export function pushRoutes(push: WebPush | null, gate: Gatekeeper, addressOf: (req: IncomingMessage) => string, tables: TableFinder): express.Router {
  const router = express.Router();
  router.get('/api/push/key', (_req, res) => {
    if (!push) return res.status(404).json({ error: OFF });
    res.set('Cache-Control', 'no-cache').json({ publicKey: push.publicKey });
  });

  /** The room's code if a seat of it holds `token` (null otherwise); undefined when the address is out of look-ups (answered). */
  const seatOf = (req: express.Request, res: express.Response, token: string) => {
    const code = normaliseRoomCode(String(req.params.code));
    return limitedLookUp(gate, addressOf(req), res, async () => {
      if (!code) return null;
      await tables.bringBack(code);
      if ((await matchMaker.query({ roomId: code })).length === 0) return null;
      return (await matchMaker.remoteRoomCall(code, 'seatHeldBy', [token])) === true ? code : null;
    });
  };

  router.post(
    '/api/rooms/:code/push',
    jsonBody(MAX_BODY_BYTES),
    asyncRoute(async (req, res, next) => {
      try {
        if (!push) return res.status(404).json({ error: OFF });
        const parsed = subscribeRequest(push.allowInternalEndpoints).safeParse(req.body);
        if (!parsed.success) return res.status(400).json({ error: describeIssues(parsed.error) });
        const { seatToken, language, subscription } = parsed.data;
        const code = await seatOf(req, res, seatToken);
        if (code === undefined) return;
        if (code === null) return res.status(404).json({ error: NOT_FOUND });
        const kept = await push.store.subscribe(
          {
            code,
            tokenHash: hashSeatToken(seatToken),
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            language,
          },
          MAX_SUBSCRIPTIONS_PER_SEAT,
        );
        if (!kept) return res.status(409).json({ error: `A seat is notified in at most ${MAX_SUBSCRIPTIONS_PER_SEAT} browsers; turn one of them off first.` });
        res.status(201).json({ subscribed: true });
      } catch (error) {
        next(error);
      }
    }),
  );

  router.delete(
    '/api/rooms/:code/push',
    jsonBody(MAX_BODY_BYTES),
    asyncRoute(async (req, res, next) => {
      try {
        if (!push) return res.status(404).json({ error: OFF });
        const parsed = unsubscribeRequest.safeParse(req.body);
        if (!parsed.success) return res.status(400).json({ error: describeIssues(parsed.error) });
        const code = await seatOf(req, res, parsed.data.seatToken);
        if (code === undefined) return;
        if (code === null) return res.status(404).json({ error: NOT_FOUND });
        await push.store.unsubscribe(code, hashSeatToken(parsed.data.seatToken), parsed.data.endpoint);
        res.status(204).end();
      } catch (error) {
        next(error);
      }
    }),
  );
  return router;
}
