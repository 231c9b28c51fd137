import type { Client } from '@colyseus/core';

/*
 * Reach into @colyseus/ws-transport 0.16.5 (pinned exactly) and ws 8.23.0: a WebSocket client's
 * `ref` is its ws socket, which can be paused and terminated.
 *
 * Why: a flooding client is cut off (transport/cut-off.ts): its socket stops being read at once
 * and is dropped a moment later, without waiting for its browser's close frame. The typings say
 * only that `ref` is an EventEmitter. client-socket.test.ts fails if the client's `ref` is no
 * longer the ws socket.
 */

export interface PausableSocket {
  pause(): void;
  terminate(): void;
}

/** The client's ws socket, or null for a transport whose connection is not one. */
export function pausableSocket(client: Client): PausableSocket | null {
  const socket = client.ref as unknown as Partial<PausableSocket>;
  return typeof socket.pause === 'function' && typeof socket.terminate === 'function' ? (socket as PausableSocket) : null;
}
