import { WebSocketTransport } from '@colyseus/ws-transport';
import type WebSocket from 'ws';

type Pinged = WebSocket & { pingCount: number; pingSlot?: number };

/**
 * Heartbeats go out in small groups this often. On a loopback-heavy VM a ping to an idle peer
 * costs ~80 µs of the event loop; with a tenth of 1,000 connections at once (the old split) that
 * was an 8 ms stall every 300 ms, which showed up in every move's p99.
 */
const TICK_MS = 20;

/**
 * Colyseus's WebSocket transport, with its heartbeat spread out: the stock transport pings every
 * connection in the same instant every few seconds, a burst of writes (and of pongs to read) that
 * delays every move in flight. Here each connection keeps a fixed slot and one slot's share is
 * pinged every TICK_MS; an unresponsive one is dropped just the same.
 */
export class SpreadPingTransport extends WebSocketTransport {
  private nextSlot = 0;

  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const slices = Math.max(1, Math.round(pingInterval / TICK_MS));
    let slice = 0;
    this.pingInterval = setInterval(() => {
      for (const client of this.wss.clients as Set<Pinged>) {
        client.pingSlot ??= this.nextSlot++ % slices;
        if (client.pingSlot !== slice) continue;
        if (client.pingCount >= pingMaxRetries) {
          client.terminate();
          continue;
        }
        client.pingCount++;
        client.ping();
      }
      slice = (slice + 1) % slices;
    }, pingInterval / slices);
  }
}
