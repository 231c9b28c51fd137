import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';

/*
 * Reach into @colyseus/core 0.16.26 (pinned exactly): how Server.attach puts its matchmaking
 * routes in front of the app.
 *
 * Why: attaching a transport, Colyseus takes the HTTP server's 'request' listeners, removes them
 * and adds one of its own that answers `/matchmake/…` itself and hands anything else to them.
 * The app serves matchmaking through its own routes (address limits, refusals, pipelining), so
 * the server's requests are taken back here: every listener goes, the app's alone stays.
 * http-requests.test.ts fails if an upgrade stops wrapping the listeners this way.
 */

/** Every request of `server` goes to `handler` alone (Colyseus's own handler is dropped). */
export function takeBackRequests(server: HttpServer, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.removeAllListeners('request');
  server.on('request', handler);
}
