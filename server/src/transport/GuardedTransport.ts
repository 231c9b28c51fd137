import type { IncomingMessage } from 'node:http';
import { URL } from 'node:url';
import { ClientState, matchMaker, Protocol } from '@colyseus/core';
import type { TransportOptions } from '@colyseus/ws-transport';
import type WebSocket from 'ws';
import { CLOSE_JOIN_TIMEOUT, JOIN_CONFIRM_TIMEOUT_MS } from '@samurai/shared';
import { log, oneLine } from '../log';
import { DirectWebSocketClient } from '../library-reach/DirectWebSocketClient';
import { joinRoom } from '../library-reach/room-join';
import { SpreadPingTransport } from '../library-reach/SpreadPingTransport';
import { takeOverConnections } from '../library-reach/transport-connections';
import type { Gatekeeper } from '../limits/Gatekeeper';

type Socket = WebSocket & { pingCount: number };

export interface GuardedTransportOptions extends TransportOptions {
  readonly gate: Gatekeeper;
  readonly addressOf: (req: IncomingMessage) => string;
  /** Whether the upgrade's page may use the server (allowed-origins.ts): any other is refused before the handshake. */
  readonly originAllowed: (req: IncomingMessage) => boolean;
  /** A socket that has not confirmed its join this long after being seated is closed. */
  readonly joinConfirmTimeoutMs?: number;
}

/**
 * The WebSocket side of the server's door. Colyseus's own connection handler (replaced here,
 * the same steps otherwise) believes any `X-Forwarded-For`, lets one address open any number
 * of sockets from pages of any site, keeps a socket that never confirms its join, and prints a
 * stack trace for every refused connection; here the address is the Gatekeeper's, a page of a
 * site not allowed is refused at the handshake (403), sockets per address are limited, an
 * unconfirmed socket is closed after a few seconds and a refusal is one log line.
 */
export class GuardedTransport extends SpreadPingTransport {
  private readonly gate: Gatekeeper;
  private readonly addressOf: (req: IncomingMessage) => string;
  private readonly joinConfirmTimeoutMs: number;

  constructor(options: GuardedTransportOptions) {
    super({
      ...options,
      verifyClient: ({ req }: { req: IncomingMessage }, answer: (ok: boolean, status?: number, reason?: string) => void) =>
        options.originAllowed(req) ? answer(true) : answer(false, 403, 'Origin not allowed'),
    });
    this.gate = options.gate;
    this.addressOf = options.addressOf;
    this.joinConfirmTimeoutMs = options.joinConfirmTimeoutMs ?? JOIN_CONFIRM_TIMEOUT_MS;
    takeOverConnections(
      this.wss,
      (socket, req) => void this.admit(socket as Socket, req),
      (error) => log.warn(`websocket server: ${oneLine(error)}`),
    );
  }

  private async admit(socket: Socket, req: IncomingMessage): Promise<void> {
    const address = this.addressOf(req);
    socket.on('error', (error) => log.info(`socket from ${address}: ${oneLine(error)}`));
    if (!this.gate.openSocket(address)) {
      log.info(`refused a socket from ${address}: it already holds ${this.gate.limits.socketsPerAddress}`);
      socket.close(Protocol.WS_CLOSE_WITH_ERROR);
      return;
    }
    socket.once('close', () => this.gate.closeSocket(address));
    socket.on('pong', () => (socket.pingCount = 0));
    socket.pingCount = 0;

    const url = new URL(`ws://server/${req.url ?? ''}`);
    const sessionId = url.searchParams.get('sessionId');
    const roomId = url.pathname.match(/\/[a-zA-Z0-9_-]+\/([a-zA-Z0-9_-]+)$/)?.[1];
    const room = roomId ? matchMaker.getLocalRoomById(roomId) : undefined;
    const client = new DirectWebSocketClient(sessionId as string, socket);
    try {
      if (!room || !room.hasReservedSeat(sessionId as string, url.searchParams.get('reconnectionToken') as string)) {
        throw new Error('seat reservation expired.');
      }
      await joinRoom(room, client, { headers: req.headers, token: url.searchParams.get('_authToken') ?? undefined, ip: address });
    } catch (error) {
      const e = error as { code?: number; message?: string };
      log.info(`refused a connection from ${address} to ${String(roomId).slice(0, 20)}: ${oneLine(error)}`);
      client.error(e.code as number, e.message ?? '', () => socket.close(Protocol.WS_CLOSE_WITH_ERROR));
      return;
    }
    // Seated, but a socket must also confirm (the join acknowledgement) to take part.
    const timer = setTimeout(() => {
      if (client.state === ClientState.JOINING) {
        log.info(`closed a socket from ${address}: it did not confirm its join`);
        client.leave(CLOSE_JOIN_TIMEOUT, 'The join was not confirmed in time.');
      }
    }, this.joinConfirmTimeoutMs);
    socket.once('close', () => clearTimeout(timer));
  }
}
