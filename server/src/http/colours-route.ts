import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { TableFinder } from '../table/TableWaker';
import { refuse } from './refuse';

const NOT_FOUND = 'No room has that code (it may have closed).';

/**
 * `GET /api/rooms/:code/colours`: the colours already taken at a room's table, so the join form
 * an invite opens can grey them out before anyone asks for one. Asked of the room itself
 * (`takenColours`), in this process or another of the cluster. A code that names no room costs
 * the address one of its look-up attempts, as a wrong join does: it tells nothing a join would not.
 */
export function coloursRoute(gate: Gatekeeper, addressOf: (req: IncomingMessage) => string, tables: TableFinder): express.Router {
  const router = express.Router();
  router.get('/api/rooms/:code/colours', async (req, res, next) => {
    try {
      const address = addressOf(req);
      const admitted = gate.lookUp(address);
      if (!admitted.ok) return refuse(res, admitted, gate, address);
      const code = normaliseRoomCode(String(req.params.code));
      // An unloaded table (nobody came for a while) is brought back here first.
      if (code) await tables.bringBack(code);
      const listed = code ? await matchMaker.query({ roomId: code }) : [];
      if (!code || listed.length === 0) {
        gate.failedLookUp(address);
        return res.status(404).json({ error: NOT_FOUND });
      }
      const colours = (await matchMaker.remoteRoomCall(code, 'takenColours')) as unknown;
      res.json({ colours: Array.isArray(colours) ? colours.filter((c) => typeof c === 'string') : [] });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
