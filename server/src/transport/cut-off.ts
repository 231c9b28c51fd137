import type { Client } from '@colyseus/core';
import { pausableSocket } from '../library-reach/client-socket';

/** How long a cut-off socket keeps its close frame's chance to reach its browser before it is dropped. */
export const CUT_OFF_GRACE_MS = 500;

/**
 * Closes a flooding client's connection with `code` and stops reading from it at once. A plain
 * close waits for the browser's answering close frame, and until then every frame already on its
 * way (thousands to a 64 KB read) is read and parsed: the flood goes on costing the event loop.
 * So the socket is paused (nothing more is read; the close frame still goes out) and dropped a
 * moment later. Its room must treat the seat as left now: the close event comes only then.
 */
export function cutOff(client: Client, code: number, reason: string, graceMs = CUT_OFF_GRACE_MS): void {
  client.leave(code, reason);
  // Another transport's connection is left to close.
  const socket = pausableSocket(client);
  if (!socket) return;
  socket.pause();
  setTimeout(() => socket.terminate(), graceMs).unref();
}
