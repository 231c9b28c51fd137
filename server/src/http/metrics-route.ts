import type { IncomingMessage } from 'node:http';
import express from 'express';
import { metricsRegistry } from '../metrics';

/**
 * `GET /metrics`: the process's metrics in Prometheus's text format (metrics.ts), to internal
 * addresses only (INTERNAL_ADDRESSES, under the TRUST_PROXY setting, as /health's counts): anyone
 * else gets the 404 of any unknown path, so the route does not even show it exists.
 */
export function metricsRoute(isInternal: (req: IncomingMessage) => boolean): express.Router {
  const router = express.Router();
  router.get('/metrics', (req, res, next) => {
    if (!isInternal(req)) return next();
    metricsRegistry.metrics().then((text) => res.status(200).set('Cache-Control', 'no-store').type(metricsRegistry.contentType).send(text), next);
  });
  return router;
}
