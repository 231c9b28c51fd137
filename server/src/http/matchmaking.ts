import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { joinErrorMessage, normaliseRoomCode, RoomError } from '@samurai/shared';
import type { CodeDirectory } from '../cluster/CodeDirectory';
import type { Gatekeeper } from '../limits/Gatekeeper';
import { liveRooms } from '../live-rooms';
import type { GameModule } from '../table/game-module';
import { describeIssues, refuseJoin } from '../table/room-config';
import { allowedPagesOnly } from './allowed-origins';
import { jsonBody } from './json-body';
import { limitedLookUp } from './limited-look-up';
import type { TableFinder } from '../table/TableWaker';
import { refuse } from './refuse';

/** What an allowed page may send (colyseus.js's headers), and how long its browser may remember the answer. */
const CORS_HEADERS = {
  'Access-Control-Allow-Headers': 'Origin, X-Requested-With, Content-Type, Accept, Authorization',
  'Access-Control-Allow-Methods': 'OPTIONS, POST',
  'Access-Control-Max-Age': '86400',
  Vary: 'Origin',
};

/** Colyseus's matchmaking error codes that mean "no such room". */
const ROOM_NOT_FOUND = 4212;
const NO_HANDLER = 4210;
const UNHANDLED = 4213;

/**
 * Colyseus's matchmaking endpoint (`POST /matchmake/<method>/<room>`), served by us rather than
 * by Colyseus's own handler, which reads bodies of any size, believes any `X-Forwarded-For` and
 * offers methods we never use, and answers any page of any site (CORS with credentials for every
 * Origin). Only `create` and `joinById` exist here; a page of another site than the allowed ones
 * is refused (403), the others pass the Gatekeeper first, and refusals for load are HTTP 429 with
 * Retry-After (colyseus.js turns any non-2xx answer into an error carrying our `"<code>: <text>"`
 * message).
 */
export function matchmakingRoute(
  gate: Gatekeeper,
  codes: CodeDirectory,
  addressOf: (req: IncomingMessage) => string,
  originAllowed: (req: IncomingMessage) => boolean,
  games: readonly GameModule[],
  tables: TableFinder,
): express.Router {
  const router = express.Router();
  // A page of another site is refused; an allowed one gets CORS, its origin named with
  // credentials (colyseus.js sends them).
  router.use('/matchmake', allowedPagesOnly(originAllowed), (req, res, next) => {
    res.set(CORS_HEADERS);
    if (req.headers.origin) res.set({ 'Access-Control-Allow-Origin': req.headers.origin, 'Access-Control-Allow-Credentials': 'true' });
    next();
  });
  router.options('/matchmake/*', (_req, res) => {
    res.status(204).end();
  });
  router.post(
    '/matchmake/:method/:name',
    (req, res, next) => {
      const address = addressOf(req);
      const admitted = gate.matchmake(address);
      if (!admitted.ok) return refuse(res, admitted, gate, address);
      next();
    },
    jsonBody(gate.limits.maxBodyBytes),
    (req, res) => {
      const address = addressOf(req);
      const auth = { token: undefined, headers: req.headers, ip: address, req };
      const body: unknown = req.body ?? {};
      const answer = (reservation: Promise<unknown>) =>
        reservation.then(
          (value) => res.json(value),
          (error: { code?: number; message?: string }) => res.json({ code: error.code ?? UNHANDLED, error: error.message ?? 'matchmaking failed' }),
        );
      const { method, name } = req.params;
      if (method === 'create') {
        // Malformed options are refused here as the room would refuse them, without making (and
        // unmaking) a room or spending a creation for them.
        const options = games.find((game) => game.name === name)?.createOptionsSchema.safeParse(body);
        if (options && !options.success) {
          const refusal = refuseJoin(RoomError.Malformed, describeIssues(options.error));
          return res.json({ code: refusal.code, error: refusal.message });
        }
        const admitted = gate.create(address);
        if (!admitted.ok) return refuse(res, admitted, gate, address);
        // answer() handles both outcomes; express 4 would ignore the promise.
        return void answer(
          matchMaker.create(name, body as Record<string, unknown>, auth).then((reservation) => {
            liveRooms.setCreator(reservation.room.roomId, address);
            return reservation;
          }),
        );
      }
      if (method === 'joinById') {
        const code = normaliseRoomCode(name);
        return void (async () => {
          const live = await limitedLookUp(gate, address, res, async () => {
            if (!code) return null;
            // An unloaded table (nobody came for a while) is brought back here first.
            await tables.bringBack(code);
            return (await codes.exists(code)) ? code : null;
          });
          if (live === undefined) return;
          if (live === null) return res.json({ code: ROOM_NOT_FOUND, error: 'room not found' });
          // The code is live, yet the room cannot be reached: in a cluster its process has just
          // died or stopped and another is taking it over. A passing refusal: the browser retries.
          const moving = (error: Error & { code?: number }) => {
            // No listing yet (being restored), or its process did not answer (Colyseus's SeatReservationError, a timed-out call).
            const passing = error.code === ROOM_NOT_FOUND || /is not available|timed out/.test(error.message ?? '');
            if (passing) throw Object.assign(new Error(joinErrorMessage(RoomError.Restarting, 'The room is moving to another server.')), { code: 503 });
            throw error;
          };
          await answer(matchMaker.joinById(live, body as Record<string, unknown>, auth).catch(moving));
        })().catch(() => res.json({ code: UNHANDLED, error: 'matchmaking failed' }));
      }
      res.status(404).json({ code: NO_HANDLER, error: `There is no matchmaking request "${method.slice(0, 40)}".` });
    },
  );
  return router;
}
