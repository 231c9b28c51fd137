import type express from 'express';

/**
 * An async express handler whose failure goes to the app's error handler, as a thrown error does.
 * Express 4 ignores the promise a handler returns: a rejection would go unhandled, and an
 * unhandled rejection ends the server (redis-failures.ts).
 */
export function asyncRoute(handler: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<unknown>): express.RequestHandler {
  return (req, res, next) => {
    handler(req, res, next).catch(next);
  };
}
