import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import express from 'express';
import { SummaryPlayer, TableSummary, YourGamesAnswer, yourGamesRequestSchema } from '@samurai/shared';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { GameStore } from '../store/game-store';
import { describeIssues } from '../table/room-config';
import { parseKeptSummary, summaryForToken } from '../table/table-summary';
import { asyncRoute } from './async-route';
import { jsonBody } from './json-body';
import { limitedLookUp } from './limited-look-up';

/**
 * `POST /api/your-games` `{ seats: [{ code, token }, …] }`: the summary of each table a browser
 * holds a seat in (game, players, whose turn, last move, finished), for its list of its games.
 * A table is found only with one of its seats' tokens: a wrong token is answered as a code that
 * names no table (null), and each costs the address one look-up attempt as a wrong code does
 * (taken before, given back when found); out of attempts, the whole request is refused (429).
 *
 * A loaded table answers itself (here, or in another process through remoteRoomCall); an
 * unloaded one from the summary the store kept as it unloaded (one row read by its key: it is not
 * brought back). A table closed after its game ended has only its finished games' records left,
 * which GET /api/rooms/:code/games shows to anyone with the code: its last game is answered as
 * that route would, with no seat.
 */
export function yourGamesRoute(gate: Gatekeeper, store: GameStore | null, addressOf: (req: IncomingMessage) => string): express.Router {
  const router = express.Router();
  router.post(
    '/api/your-games',
    jsonBody(gate.limits.maxBodyBytes),
    asyncRoute(async (req, res, next) => {
      try {
        const parsed = yourGamesRequestSchema.safeParse(req.body);
        if (!parsed.success) return res.status(400).json({ error: describeIssues(parsed.error) });
        const address = addressOf(req);
        const tables: (TableSummary | null)[] = [];
        for (const { code, token } of parsed.data.seats) {
          const found = await limitedLookUp(gate, address, res, () => summaryOf(store, code, token));
          if (found === undefined) return; // out of attempts: refused
          tables.push(found);
        }
        const answer: YourGamesAnswer = { tables };
        res.json(answer);
      } catch (error) {
        next(error);
      }
    }),
  );
  return router;
}

async function summaryOf(store: GameStore | null, code: string, token: string): Promise<TableSummary | null> {
  if ((await matchMaker.query({ roomId: code })).length > 0) {
    // (A room leaving memory this moment answers null: the store has it then.)
    const answer = (await matchMaker.remoteRoomCall(code, 'summaryFor', [token]).catch(() => null)) as TableSummary | null;
    if (answer) return answer;
  }
  if (!store) return null;
  const kept = parseKeptSummary(await store.unloadedSummary(code));
  if (kept) return summaryForToken(code, kept, token);
  if ((await store.codeStatus(code)) !== null) return null;
  return lastFinishedGame(store, code);
}

/** A closed table's last finished game, as its history shows it. */
async function lastFinishedGame(store: GameStore, code: string): Promise<TableSummary | null> {
  const games = await store.games(code);
  const last = games.at(-1);
  if (!last) return null;
  let seats: unknown;
  try {
    seats = (JSON.parse(last.summary) as { seats?: unknown }).seats;
  } catch {
    seats = [];
  }
  const players = Array.isArray(seats) ? seats.map(playerOf) : [];
  return { code, game: last.gameType, stage: 'over', players, toAct: [], lastMoveAt: last.finishedAt, gameNumber: last.gameNumber, yourSeat: null };
}

function playerOf(seat: unknown): SummaryPlayer | null {
  if (typeof seat !== 'object' || seat === null) return null;
  const { name, colour, bot } = seat as { name?: unknown; colour?: unknown; bot?: unknown };
  return { name: typeof name === 'string' ? name : '', colour: typeof colour === 'string' ? colour : '', bot: bot !== null && bot !== undefined };
}
