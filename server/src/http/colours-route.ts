import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { TableFinder } from '../table/TableWaker';
import { asyncRoute } from './async-route';
import { limitedLookUp } from './limited-look-up';

const NOT_FOUND = 'No room has that code (it may have closed).';

/**
 * `GET /api/rooms/:code/colours`: the colours already taken at a room's table, so the join form
 * an invite opens can grey them out before anyone asks for one. Asked of the room itself
 * (`takenColours`), in this process or another of the cluster. A code that names no room costs
 * the address one of its look-up attempts (taken before the look-up, given back when it finds the
 * room), as a wrong join does: it tells nothing a join would not.
 */
export function coloursRoute(gate: Gatekeeper, addressOf: (req: IncomingMessage) => string, tables: TableFinder): express.Router {
  const router = express.Router();
  router.get(
    '/api/rooms/:code/colours',
    asyncRoute(async (req, res, next) => {
      try {
        const code = normaliseRoomCode(String(req.params.code));
        const listed = await limitedLookUp(gate, addressOf(req), res, async () => {
          if (!code) return null;
          // An unloaded table (nobody came for a while) is brought back here first.
          await tables.bringBack(code);
          return (await matchMaker.query({ roomId: code })).length > 0 ? code : null;
        });
        if (listed === undefined) return;
        if (listed === null) return res.status(404).json({ error: NOT_FOUND });
        const colours = (await matchMaker.remoteRoomCall(listed, 'takenColours')) as unknown;
        res.json({ colours: Array.isArray(colours) ? colours.filter((c) => typeof c === 'string') : [] });
      } catch (error) {
        next(error);
      }
    }),
  );
  return router;
}
