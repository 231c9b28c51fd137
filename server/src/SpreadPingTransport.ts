import { WebSocketTransport } from '@colyseus/ws-transport';
import type WebSocket from 'ws';

type Pinged = WebSocket & { pingCount: number; pingSlot?: number };

/** Heartbeats are sent in this many groups, one group at a time, across the ping interval. */
const SLICES = 10;

/**
 * Colyseus's WebSocket transport, with its heartbeat spread out: the stock transport pings every
 * connection in the same instant every few seconds, a burst of writes (and of pongs to read) that
 * delays every move in flight. Here each connection keeps a fixed slot and a tenth of them is
 * pinged every tenth of the interval; an unresponsive one is dropped just the same.
 */
export class SpreadPingTransport extends WebSocketTransport {
  private nextSlot = 0;

  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    let slice = 0;
    this.pingInterval = setInterval(() => {
      for (const client of this.wss.clients as Set<Pinged>) {
        client.pingSlot ??= this.nextSlot++ % SLICES;
        if (client.pingSlot !== slice) continue;
        if (client.pingCount >= pingMaxRetries) {
          client.terminate();
          continue;
        }
        client.pingCount++;
        client.ping();
      }
      slice = (slice + 1) % SLICES;
    }, pingInterval / SLICES);
  }
}
