import express from 'express';
import { normaliseRoomCode } from '@samurai/shared';

/**
 * `GET /replay/CODE/N`, the shareable link to a finished game: sends the browser to the web
 * client's page with `?replay=CODE&game=N` (relative, so it also works behind a proxy's path),
 * where the replay viewer fetches the record. Looks nothing up: the record's own route does,
 * with its limits.
 */
export function replayLinkRoute(): express.Router {
  const router = express.Router();
  router.get('/replay/:code/:game', (req, res, next) => {
    const code = normaliseRoomCode(String(req.params.code));
    const game = Number(req.params.game);
    if (!code || !Number.isInteger(game) || game <= 0) return next();
    res.redirect(302, `../../?${new URLSearchParams({ replay: code, game: String(game) }).toString()}`);
  });
  return router;
}
