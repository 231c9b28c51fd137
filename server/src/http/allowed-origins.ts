import type { IncomingMessage } from 'node:http';
import type express from 'express';

/**
 * `ALLOWED_ORIGINS`: the origins, besides the page's own, whose pages may use this server
 * (matchmaking across origins, the game's WebSockets), comma-separated as `scheme://host[:port]`;
 * none by default. Vite's dev server is one (`npm run dev`: http://localhost:5173). A malformed
 * entry stops the start rather than allowing the wrong site.
 */
export function parseAllowedOrigins(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        // said below
      }
      if (!url || url.origin === 'null' || url.href !== `${url.origin}/`) {
        throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin (scheme://host[:port], nothing after it)`);
      }
      return url.origin;
    });
}

/**
 * Whether a request's page may use this server: a request with no Origin (not sent by a page of
 * another site: a script, a same-origin navigation), a page of this very site (the Origin's host
 * is the host the request was sent to: `Host`, or `X-Forwarded-Host` from a trusted proxy), or a
 * page of an allowed origin. Any other page is refused: it could otherwise spend its visitors'
 * allowances (their address's limits) and read the answers.
 */
export function originPolicy(allowed: readonly string[], isTrustedProxy: (peer: string) => boolean): (req: IncomingMessage) => boolean {
  const origins = new Set(allowed);
  return (req) => {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // "null" (a sandboxed frame, a file) or garbage
    }
    if (origins.has(url.origin)) return true;
    const host = hostAskedFor(req, isTrustedProxy);
    if (!host) return false;
    try {
      // The default port is dropped on both sides (the Origin's scheme says which it is).
      return new URL(`${url.protocol}//${host}`).host === url.host;
    } catch {
      return false;
    }
  };
}

function hostAskedFor(req: IncomingMessage, isTrustedProxy: (peer: string) => boolean): string | undefined {
  const forwarded = isTrustedProxy(req.socket.remoteAddress ?? '') ? req.headers['x-forwarded-host'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim();
  return first || req.headers.host;
}

/** Refuses (403) a request from a page the policy does not allow; passes every other. */
export function allowedPagesOnly(originAllowed: (req: IncomingMessage) => boolean): express.RequestHandler {
  return (req, res, next) => {
    if (originAllowed(req)) return next();
    res.status(403).json({ code: 403, error: 'This page may not use this server: its origin is not allowed.' });
  };
}
