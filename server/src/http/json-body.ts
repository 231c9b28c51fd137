import type express from 'express';
import getRawBody from 'raw-body';

/**
 * A JSON object or array as the request body, of at most `limit` bytes, sent with a Content-Length
 * or chunked. A body past the limit is refused as soon as it passes it (HTTP 413 through the app's
 * error handler, which closes the connection) and nothing more of it is read: express.json reads a
 * refused body to its end first, 100 MB of chunks for one 413. An empty body is `{}`.
 */
export function jsonBody(limit: number): express.RequestHandler {
  return (req, _res, next) => {
    getRawBody(req, { limit, length: req.headers['content-length'], encoding: 'utf8' }, (error, text) => {
      if (error) return next(error); // raw-body's errors carry their status (413, 400) and type
      if (text.trim() === '') {
        req.body = {};
        return next();
      }
      try {
        const body: unknown = JSON.parse(text);
        if (body === null || typeof body !== 'object') throw new Error('not an object or array');
        req.body = body;
        next();
      } catch {
        next(Object.assign(new Error('The body is not a JSON object.'), { status: 400, type: 'entity.parse.failed' }));
      }
    });
  };
}
