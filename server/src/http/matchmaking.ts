import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { joinErrorMessage, normaliseRoomCode, RoomError } from '@samurai/shared';
import type { CodeDirectory } from '../cluster/CodeDirectory';
import type { Gatekeeper } from '../limits/Gatekeeper';
import { liveRooms } from '../room-codes';
import type { TableFinder } from '../table/TableWaker';
import { refuse } from './refuse';

/** Colyseus's matchmaking error codes that mean "no such room". */
const ROOM_NOT_FOUND = 4212;
const NO_HANDLER = 4210;
const UNHANDLED = 4213;

/**
 * Colyseus's matchmaking endpoint (`POST /matchmake/<method>/<room>`), served by us rather than
 * by Colyseus's own handler, which reads bodies of any size, believes any `X-Forwarded-For` and
 * offers methods we never use. Only `create` and `joinById` exist here; both pass the
 * Gatekeeper first, and refusals for load are HTTP 429 with Retry-After (colyseus.js turns
 * any non-2xx answer into an error carrying our `"<code>: <text>"` message).
 */
export function matchmakingRoute(gate: Gatekeeper, codes: CodeDirectory, addressOf: (req: IncomingMessage) => string, tables: TableFinder): express.Router {
  const router = express.Router();
  const cors = (req: express.Request, res: express.Response) => {
    res.set({ ...matchMaker.controller.DEFAULT_CORS_HEADERS, ...matchMaker.controller.getCorsHeaders(req) });
  };
  router.options('/matchmake/*', (req, res) => {
    cors(req, res);
    res.status(204).end();
  });
  router.post(
    '/matchmake/:method/:name',
    (req, res, next) => {
      cors(req, res);
      const address = addressOf(req);
      const admitted = gate.matchmake(address);
      if (!admitted.ok) return refuse(res, admitted, gate, address);
      next();
    },
    express.json({ limit: gate.limits.maxBodyBytes, type: () => true }),
    (req, res) => {
      const address = addressOf(req);
      const auth = { token: undefined, headers: req.headers, ip: address, req };
      const body: unknown = req.body ?? {};
      const answer = (reservation: Promise<unknown>) =>
        reservation.then(
          (value) => res.json(value),
          (error: { code?: number; message?: string }) => {
            if (error.code === ROOM_NOT_FOUND) gate.failedLookUp(address);
            res.json({ code: error.code ?? UNHANDLED, error: error.message ?? 'matchmaking failed' });
          },
        );
      const { method, name } = req.params;
      if (method === 'create') {
        const admitted = gate.create(address);
        if (!admitted.ok) return refuse(res, admitted, gate, address);
        return answer(
          matchMaker.create(name, body as Record<string, unknown>, auth).then((reservation) => {
            liveRooms.setCreator(reservation.room.roomId, address);
            return reservation;
          }),
        );
      }
      if (method === 'joinById') {
        const admitted = gate.lookUp(address);
        if (!admitted.ok) return refuse(res, admitted, gate, address);
        const code = normaliseRoomCode(name);
        return void (async () => {
          // An unloaded table (nobody came for a while) is brought back here first.
          if (code) await tables.bringBack(code);
          if (!code || !(await codes.exists(code))) {
            gate.failedLookUp(address);
            return res.json({ code: ROOM_NOT_FOUND, error: 'room not found' });
          }
          // The code is live, yet the room cannot be reached: in a cluster its process has just
          // died or stopped and another is taking it over. A passing refusal: the browser retries.
          const moving = (error: { code?: number; message?: string }) => {
            // No listing yet (being restored), or its process did not answer (Colyseus's SeatReservationError, a timed-out call).
            const passing = error.code === ROOM_NOT_FOUND || /is not available|timed out/.test(error.message ?? '');
            if (passing) throw Object.assign(new Error(joinErrorMessage(RoomError.Restarting, 'The room is moving to another server.')), { code: 503 });
            throw error;
          };
          await answer(matchMaker.joinById(code, body as Record<string, unknown>, auth).catch(moving));
        })().catch(() => res.json({ code: UNHANDLED, error: 'matchmaking failed' }));
      }
      res.status(404).json({ code: NO_HANDLER, error: `There is no matchmaking request "${method.slice(0, 40)}".` });
    },
  );
  return router;
}
