import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Vite puts a content hash in every name under assets/: such a file never changes under its name. */
const HASHED = `${path.sep}assets${path.sep}`;

/**
 * The built web client (client/dist). The build writes a brotli and a gzip copy beside each text
 * file (vite-plugin-compression2 in client/vite.config.mjs); a browser that accepts one of them
 * gets it, brotli first, with Content-Encoding, the original file's Content-Type and
 * `Vary: Accept-Encoding` (express-static-gzip, found once at start); any other gets the file itself.
 * Hashed assets are cached for a year as immutable; the pages are revalidated on every visit.
 */
export function staticAssets(clientDist: string): RequestHandler {
  return expressStaticGzip(clientDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    serveStatic: { setHeaders: cacheHeaders },
  });
}

/** `file` is the one sent: index.html.br for a compressed page, still under assets/ for an asset. */
function cacheHeaders(res: ServerResponse, file: string): void {
  res.setHeader('Cache-Control', file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');
}
