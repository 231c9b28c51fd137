import type { IncomingMessage } from 'node:http';
import type WebSocket from 'ws';
import type { WebSocketServer } from 'ws';

/*
 * Reach into @colyseus/ws-transport 0.16.5 (pinned exactly): the transport's WebSocket server
 * (`wss`) and the two listeners its constructor puts on it ('connection': onConnection, and an
 * 'error' printer).
 *
 * Why: GuardedTransport admits sockets itself (see room-join.ts) and logs errors in one line, so
 * it removes the library's listeners and puts its own. transport-connections.test.ts fails if an
 * upgrade moves the server or listens otherwise.
 */

/** The transport's sockets and its server's errors go to these handlers, not the library's. */
export function takeOverConnections(
  /** The transport's own server (its protected `wss`). */
  wss: WebSocketServer,
  onConnection: (socket: WebSocket, req: IncomingMessage) => void,
  onError: (error: Error) => void,
): void {
  wss.removeAllListeners('connection');
  wss.on('connection', onConnection);
  wss.removeAllListeners('error');
  wss.on('error', onError);
}
