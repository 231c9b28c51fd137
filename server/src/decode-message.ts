import { unpack } from '@colyseus/msgpackr';
import { Protocol } from '@colyseus/core';
import { decode } from '@colyseus/schema';

export type DecodedMessage = { ok: true; type: string | number; payload: unknown } | { ok: false };

/**
 * A room message frame (ROOM_DATA or ROOM_DATA_BYTES) decoded without trusting it: Colyseus
 * would close the connection on a payload it cannot unpack, where we answer with an error.
 */
export function decodeMessage(buffer: Buffer): DecodedMessage {
  try {
    const it = { offset: 1 };
    const type = decode.stringCheck(buffer, it) ? decode.string(buffer, it) : decode.number(buffer, it);
    if (it.offset > buffer.byteLength || (typeof type === 'number' && !Number.isFinite(type))) return { ok: false };
    if (buffer[0] === Protocol.ROOM_DATA_BYTES) return { ok: true, type, payload: buffer.subarray(it.offset) };
    const payload = buffer.byteLength > it.offset ? unpack(buffer.subarray(it.offset)) : undefined;
    return { ok: true, type, payload };
  } catch {
    return { ok: false };
  }
}
