import type { IncomingMessage } from 'node:http';
import express from 'express';
import { asyncRoute } from './async-route';

/** Each check gets this long: the whole answer comes within a second, whatever hangs. */
export const HEALTH_CHECK_TIMEOUT_MS = 800;

/** Something this process needs in order to serve: answers true when it does. */
export type Probe = () => Promise<boolean>;

export interface HealthParts {
  readonly processId: string;
  /** The store, if there is one. */
  readonly store: { readonly kind: string; readonly answers: Probe } | null;
  /** Redis, in a cluster. */
  readonly redis: Probe | null;
  /** Why this process cannot serve whatever its checks say (it is stopping), or null. */
  readonly notServing: () => string | null;
  /** Figures only internal addresses may see (they would help find rooms). */
  readonly counts: () => object;
  readonly isInternal: (req: IncomingMessage) => boolean;
}

/**
 * `GET /health`: 200 when this process can serve, 503 naming what failed otherwise (a check that
 * failed or did not answer within its time, or a stop under way); within a second always, since a
 * check that hangs (a partitioned database) is not waited for. A check still running from an
 * earlier request is joined, not started again: health probes never pile up queries on a stuck
 * connection pool. The live room count goes only to internal addresses (INTERNAL_ADDRESSES).
 */
export function healthRoute({ processId, store, redis, notServing, counts, isInternal }: HealthParts): express.Router {
  const router = express.Router();
  const probeStore = store && singleFlight(store.answers);
  const probeRedis = redis && singleFlight(redis);
  router.get(
    '/health',
    asyncRoute(async (req, res) => {
      const [storeOutcome, redisOutcome] = await Promise.all([probeStore, probeRedis].map((probe) => probe && withinTime(probe(), HEALTH_CHECK_TIMEOUT_MS)));
      const failed = [
        ...(storeOutcome && storeOutcome !== ANSWERS ? [`store (${store!.kind}): ${storeOutcome}`] : []),
        ...(redisOutcome && redisOutcome !== ANSWERS ? [`redis: ${redisOutcome}`] : []),
        ...[notServing()].filter((why): why is string => why !== null),
      ];
      res
        .status(failed.length === 0 ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json({
          status: failed.length === 0 ? 'ok' : 'failing',
          ...(failed.length > 0 ? { failed } : {}),
          processId,
          uptimeSeconds: Math.round(process.uptime()),
          store: store && { kind: store.kind, answers: storeOutcome === ANSWERS },
          redis: redisOutcome && redisOutcome === ANSWERS,
          ...(isInternal(req) ? counts() : {}),
        });
    }),
  );
  return router;
}

const ANSWERS = 'answers';
type Outcome = typeof ANSWERS | 'does not answer' | `no answer within ${number} ms`;

async function withinTime(answer: Promise<boolean>, ms: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms)));
  const outcome = answer.then(
    (ok): Outcome => (ok ? ANSWERS : 'does not answer'),
    (): Outcome => 'does not answer',
  );
  try {
    return await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A call that joins the one still running instead of starting another. */
function singleFlight(call: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  return () => {
    running ??= call().finally(() => (running = null));
    return running;
  };
}
