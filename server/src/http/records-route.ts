import type { IncomingMessage } from 'node:http';
import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';
import { asyncRoute } from './async-route';
import { limitedLookUp } from './limited-look-up';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { RecordStore } from '../RecordStore';
import type { GameStore } from '../store/game-store';

const NOT_FOUND = 'No finished game has that code (a record is ready once its game is over).';

/**
 * `GET /api/rooms/:code/record` (the room's last finished game, or `?game=N`) and
 * `GET /api/rooms/:code/games` (its finished games with their winners). A live room whose game
 * is still running gets the same answer as a code that never existed, so neither can be used to
 * find rooms; a miss costs the address one of its look-up attempts (taken before the look-up,
 * given back when it finds what was asked for). With a store the records outlive restarts;
 * without one they are kept in memory for a while.
 */
export function recordsRoute(records: RecordStore, store: GameStore | null, gate: Gatekeeper, addressOf: (req: IncomingMessage) => string): express.Router {
  const router = express.Router();
  const look = <T>(req: express.Request, res: express.Response, find: (code: string) => Promise<T | null>) => {
    const code = normaliseRoomCode(String(req.params.code));
    return limitedLookUp(gate, addressOf(req), res, async () => (code ? find(code) : null));
  };
  const notFound = (res: express.Response) => res.status(404).json({ error: NOT_FOUND });

  router.get(
    '/api/rooms/:code/record',
    asyncRoute(async (req, res, next) => {
      try {
        const wanted = req.query.game === undefined ? undefined : Number(req.query.game);
        if (wanted !== undefined && !(Number.isInteger(wanted) && wanted > 0)) return res.status(400).json({ error: 'game must be a game number (1, 2, …).' });
        const record = await look(req, res, (code) => findRecord(records, store, code, wanted));
        if (record === undefined) return;
        if (record === null) return notFound(res);
        res.setHeader('Content-Disposition', `attachment; filename="${record.gameType}-${record.code}-game${record.gameNumber}.json"`);
        res.type('application/json').send(record.json);
      } catch (error) {
        next(error);
      }
    }),
  );

  router.get(
    '/api/rooms/:code/games',
    asyncRoute(async (req, res, next) => {
      try {
        const games = await look(req, res, (code) => finishedGames(records, store, code));
        if (games === undefined) return;
        if (games === null) return notFound(res);
        res.json({ games });
      } catch (error) {
        next(error);
      }
    }),
  );
  return router;
}

async function findRecord(
  records: RecordStore,
  store: GameStore | null,
  code: string,
  gameNumber?: number,
): Promise<{ code: string; gameType: string; gameNumber: number; json: string } | null> {
  if (store) {
    const found = await store.record(code, gameNumber);
    return found && { code, gameType: found.game.gameType, gameNumber: found.game.gameNumber, json: found.record };
  }
  const stored = records.find(code);
  if (!stored || (gameNumber !== undefined && stored.gameNumber !== gameNumber)) return null;
  return { code, gameType: stored.gameType, gameNumber: stored.gameNumber, json: JSON.stringify(stored.record) };
}

/** A room's finished games with their winners; null when it has none. */
async function finishedGames(records: RecordStore, store: GameStore | null, code: string): Promise<object[] | null> {
  if (store) {
    const games = await store.games(code);
    if (games.length === 0) return null;
    return games.map((g) => ({
      game: g.gameNumber,
      gameType: g.gameType,
      finishedAt: new Date(g.finishedAt).toISOString(),
      ...(JSON.parse(g.summary) as object),
    }));
  }
  const remembered = records.find(code);
  return remembered ? [{ game: remembered.gameNumber, gameType: remembered.gameType }] : null;
}
