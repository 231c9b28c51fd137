import helmet from 'helmet';

/**
 * The Content-Security-Policy of every response. The client runs only its own bundled files: no
 * inline script or style, no eval (Pixi renders through `pixi.js/unsafe-eval`'s eval-free code and
 * colyseus.js decodes through msgpackr's no-eval build). `'self'` also admits WebSockets to the same
 * host and port (CSP Level 3), which is where the client's Colyseus connection goes, and the
 * service worker (`sw.js`, worker-src) and the web app manifest (manifest-src), both the site's own.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // The favicon is an SVG data: URL in index.html.
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Security headers for every response (helmet): the CSP above, X-Frame-Options DENY for browsers
 * that predate frame-ancestors, nosniff, and `Referrer-Policy: no-referrer` because invite links
 * carry the room code in their URL, and no other site should learn it from a click. No
 * `upgrade-insecure-requests`, since the server may be reached over plain http (localhost, a LAN),
 * and no HSTS: it would pin every site on the host to TLS from a server that may not speak it;
 * HSTS belongs to the TLS proxy in front, when there is one. Helmet's other defaults stand
 * (Cross-Origin-Opener-Policy and -Resource-Policy same-origin, Origin-Agent-Cluster, …).
 */
export function securityHeaders(): ReturnType<typeof helmet> {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}
