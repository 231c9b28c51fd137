import type { ISendOptions } from '@colyseus/core';
import { WebSocketClient } from '@colyseus/ws-transport';
import WebSocket from 'ws';

/** FIN and the binary opcode: a whole binary message in one frame. */
const FINAL_BINARY = 0x82;

/** What of ws's private state a direct write must check (ws 8: lib/websocket.js, lib/sender.js). */
interface WsInternals {
  readonly _socket?: { write(chunk: Uint8Array): boolean };
  readonly _sender?: { readonly _state: number; readonly _queue: readonly unknown[]; readonly _firstFragment: boolean };
}
/** ws's Sender state when it holds nothing back (no compression or blob read in progress). */
const SENDER_IDLE = 0;

/** A server-to-client WebSocket frame (never masked) carrying `data` as one binary message. */
export function binaryFrame(data: Uint8Array): Buffer {
  const length = data.byteLength;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FINAL_BINARY;
  if (headerLength === 2) frame[1] = length;
  else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.set(data, headerLength);
  return frame;
}

/**
 * Colyseus's WebSocket client, whose every send is one write to the socket. ws frames a message
 * as a header and a payload written as two chunks (cork, write, write, uncork: one writev), with
 * an options object, a list and a header buffer made for each: the server sends five frames per
 * move (four players and a spectator), and that framing was about a twentieth of its CPU at
 * 3,000 moves a second, its garbage a fifth of all it made.
 *
 * It reads ws's private `_socket` and `_sender`: it writes directly only while ws's sender holds
 * nothing back (no frame queued behind a compression, no fragmented message begun), so the order
 * of frames on the wire is the order of sends; otherwise, and for a send with a callback, ws
 * sends as usual. DirectWebSocketClient.test.ts fails if an ws upgrade moves these fields.
 */
export class DirectWebSocketClient extends WebSocketClient {
  override raw(data: Uint8Array | Buffer, options?: ISendOptions, cb?: (err?: Error) => void): void {
    const ws = this.ref as WebSocket & WsInternals;
    const socket = ws._socket;
    const sender = ws._sender;
    if (cb || ws.readyState !== WebSocket.OPEN || !socket || !sender || sender._state !== SENDER_IDLE || sender._queue.length > 0 || !sender._firstFragment) {
      return super.raw(data, options, cb);
    }
    socket.write(binaryFrame(data));
  }
}
