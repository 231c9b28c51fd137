import type { IncomingMessage } from 'node:http';
import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';
import { refuse } from './matchmaking';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { RecordStore } from '../RecordStore';

/**
 * `GET /api/rooms/:code/record`: the record of a room's last finished game. A live room whose
 * game is still running gets the same answer as a code that never existed, so the endpoint
 * cannot be used to find rooms; a miss costs the address one of its look-up attempts.
 */
export function recordsRoute(records: RecordStore, gate: Gatekeeper, addressOf: (req: IncomingMessage) => string): express.Router {
  const router = express.Router();
  router.get('/api/rooms/:code/record', (req, res) => {
    const address = addressOf(req);
    const admitted = gate.lookUp(address);
    if (!admitted.ok) return refuse(res, admitted);
    const code = normaliseRoomCode(req.params.code);
    const stored = code ? records.find(code) : undefined;
    if (!stored) {
      gate.failedLookUp(address);
      return res.status(404).json({ error: 'No finished game has that code (a record is ready once its game is over).' });
    }
    res.setHeader('Content-Disposition', `attachment; filename="${stored.gameType}-${code}-game${stored.gameNumber}.json"`);
    res.json(stored.record);
  });
  return router;
}
