import type { IncomingMessage } from 'node:http';
import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';
import { refuse } from './refuse';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { RecordStore } from '../RecordStore';
import type { GameStore } from '../store/game-store';

const NOT_FOUND = 'No finished game has that code (a record is ready once its game is over).';

/**
 * `GET /api/rooms/:code/record` (the room's last finished game, or `?game=N`) and
 * `GET /api/rooms/:code/games` (its finished games with their winners). A live room whose game
 * is still running gets the same answer as a code that never existed, so neither can be used to
 * find rooms; a miss costs the address one of its look-up attempts. With a store the records
 * outlive restarts; without one they are kept in memory for a while.
 */
export function recordsRoute(records: RecordStore, store: GameStore | null, gate: Gatekeeper, addressOf: (req: IncomingMessage) => string): express.Router {
  const router = express.Router();
  /** The code asked about, once the address may ask; undefined when refused (answered already). */
  const lookUp = (req: express.Request, res: express.Response): string | null | undefined => {
    const address = addressOf(req);
    const admitted = gate.lookUp(address);
    if (!admitted.ok) {
      refuse(res, admitted, gate, address);
      return undefined;
    }
    return normaliseRoomCode(String(req.params.code));
  };
  const miss = (req: express.Request, res: express.Response) => {
    gate.failedLookUp(addressOf(req));
    res.status(404).json({ error: NOT_FOUND });
  };

  router.get('/api/rooms/:code/record', async (req, res, next) => {
    try {
      const code = lookUp(req, res);
      if (code === undefined) return;
      const wanted = req.query.game === undefined ? undefined : Number(req.query.game);
      if (wanted !== undefined && !(Number.isInteger(wanted) && wanted > 0)) return res.status(400).json({ error: 'game must be a game number (1, 2, …).' });
      const found = code ? await findRecord(records, store, code, wanted) : null;
      if (!found) return miss(req, res);
      res.setHeader('Content-Disposition', `attachment; filename="${found.gameType}-${code}-game${found.gameNumber}.json"`);
      res.type('application/json').send(found.json);
    } catch (error) {
      next(error);
    }
  });

  router.get('/api/rooms/:code/games', async (req, res, next) => {
    try {
      const code = lookUp(req, res);
      if (code === undefined) return;
      const games = code && store ? await store.games(code) : [];
      const remembered = code && !store ? records.find(code) : undefined;
      if (games.length === 0 && !remembered) return miss(req, res);
      res.json({
        games: store
          ? games.map((g) => ({ game: g.gameNumber, gameType: g.gameType, finishedAt: new Date(g.finishedAt).toISOString(), ...(JSON.parse(g.summary) as object) }))
          : [{ game: remembered!.gameNumber, gameType: remembered!.gameType }],
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}

async function findRecord(records: RecordStore, store: GameStore | null, code: string, gameNumber?: number): Promise<{ gameType: string; gameNumber: number; json: string } | null> {
  if (store) {
    const found = await store.record(code, gameNumber);
    return found && { gameType: found.game.gameType, gameNumber: found.game.gameNumber, json: found.record };
  }
  const stored = records.find(code);
  if (!stored || (gameNumber !== undefined && stored.gameNumber !== gameNumber)) return null;
  return { gameType: stored.gameType, gameNumber: stored.gameNumber, json: JSON.stringify(stored.record) };
}
