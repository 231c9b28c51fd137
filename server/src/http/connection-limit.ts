import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Gatekeeper } from '../limits/Gatekeeper';
import { log } from '../log';
import { limitKey } from './client-address';

/** A refused address is named in the log at most this often. */
const LOG_EVERY_MS = 60_000;

/**
 * Plain HTTP connections per client address (the socket's own address: nothing has been read
 * yet), against `connectionsPerAddress`. A connection over the share is reset the moment it is
 * accepted: no parser, no answer, no descriptor held. Once a connection upgrades to a WebSocket it
 * counts as a socket instead (GuardedTransport's limit). A trusted proxy's connections are not
 * counted: they carry every client's requests, and the proxy's own limits apply to them.
 */
export function limitConnections(server: http.Server, gate: Gatekeeper, isTrustedProxy: (peer: string) => boolean): void {
  const counted = new WeakMap<Socket, string>();
  const loggedAt = new Map<string, number>();
  const release = (socket: Socket) => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    gate.connections.remove(address);
  };
  // Before http's own listener, so a refused connection is dropped before anything reads it.
  server.prependListener('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    if (isTrustedProxy(peer)) return;
    const address = limitKey(peer);
    if (!gate.connections.add(address)) {
      refused(address, loggedAt, gate.limits.connectionsPerAddress);
      socket.resetAndDestroy();
      return;
    }
    counted.set(socket, address);
    socket.once('close', () => release(socket));
  });
  server.prependListener('upgrade', (_req: http.IncomingMessage, socket: Socket) => release(socket));
}

function refused(address: string, loggedAt: Map<string, number>, limit: number): void {
  const now = Date.now();
  if (now - (loggedAt.get(address) ?? -Infinity) < LOG_EVERY_MS) return;
  if (loggedAt.size >= 10_000) loggedAt.clear();
  loggedAt.set(address, now);
  log.info(`refused connections from ${address}: it already holds ${limit} (not logged again for a minute)`);
}
