import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Gatekeeper } from '../limits/Gatekeeper';
import { log } from '../log';
import { limitKey } from './client-address';

/** A refused address is named in the log at most this often. */
const LOG_EVERY_MS = 60_000;

/**
 * Plain HTTP connections per client address (the socket's own address: nothing has been read
 * yet), against `connectionsPerAddress`; and none while the address has all the refusals held
 * back it may, or cools down after flooding a connection (Gatekeeper.openConnection). A connection refused is reset the moment it is
 * accepted: no parser, no answer, no descriptor held, so a flood of new connections costs an
 * accept each. Once a connection upgrades to a WebSocket it counts as a socket instead
 * (GuardedTransport's limit). A trusted proxy's connections are not counted: they carry every
 * client's requests, and the proxy's own limits apply to them.
 */
export function limitConnections(server: http.Server, gate: Gatekeeper, isTrustedProxy: (peer: string) => boolean): void {
  const counted = new WeakMap<Socket, string>();
  const loggedAt = new Map<string, number>();
  const release = (socket: Socket) => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    gate.closeConnection(address);
  };
  // In front of http's own listener, which sets a parser up for each connection: a refused one never gets there.
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    if (!isTrustedProxy(peer)) {
      const address = limitKey(peer);
      if (!gate.openConnection(address)) {
        refused(address, loggedAt, gate.limits.connectionsPerAddress);
        socket.resetAndDestroy();
        return;
      }
      counted.set(socket, address);
      socket.once('close', () => release(socket));
    }
    for (const listener of httpListeners) listener.call(server, socket);
  });
  server.prependListener('upgrade', (_req: http.IncomingMessage, socket: Socket) => release(socket));
}

/** Requests in flight on one connection at most: browsers never pipeline, a flood does. */
export const MAX_PIPELINED = 8;

/**
 * The server's request handler, for connections with at most MAX_PIPELINED requests unanswered.
 * Node reads every request of a pipelined write and hands each on at once, and answers them in
 * order: 800 look-ups in one write were 800 handlers run and answered, each its own refusal. One
 * request more than the allowance destroys the connection (the rest of what was written is
 * dropped) and its address may open no connection for a while (`connectionCooldownMs`): Node
 * still parses a whole write before anything can stop it, so a flood must not get to write again
 * at once. A trusted proxy is not cooled down (it carries everyone's requests).
 */
export function limitPipelining(handle: http.RequestListener, gate: Gatekeeper, isTrustedProxy: (peer: string) => boolean): http.RequestListener {
  const inFlight = new WeakMap<Socket, number>();
  return (req, res) => {
    const socket = req.socket;
    if (socket.destroyed) return;
    const count = (inFlight.get(socket) ?? 0) + 1;
    if (count > MAX_PIPELINED) {
      const peer = socket.remoteAddress ?? '';
      if (!isTrustedProxy(peer)) gate.coolDown(limitKey(peer));
      return void socket.destroy();
    }
    inFlight.set(socket, count);
    res.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
    handle(req, res);
  };
}

function refused(address: string, loggedAt: Map<string, number>, limit: number): void {
  const now = Date.now();
  if (now - (loggedAt.get(address) ?? -Infinity) < LOG_EVERY_MS) return;
  if (loggedAt.size >= 10_000) loggedAt.clear();
  loggedAt.set(address, now);
  log.info(
    `refused connections from ${address}: it holds ${limit}, has as many refusals held back as it may, or flooded a connection (not logged again for a minute)`,
  );
}
