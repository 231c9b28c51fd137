import { unpack } from '@colyseus/msgpackr';
import { Protocol } from '@colyseus/core';
import { decode } from '@colyseus/schema';

export type DecodedMessage = { ok: true; type: string | number; payload: unknown } | { ok: false };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A type name too long to be one of ours (every real one is a short "fixstr"). */
export const LONG_TYPE = '(a long type name)';

/**
 * A room message frame (ROOM_DATA or ROOM_DATA_BYTES) decoded without trusting it: Colyseus
 * would close the connection on a payload it cannot unpack, where we answer with an error.
 */
export function decodeMessage(buffer: Buffer): DecodedMessage {
  try {
    const it = { offset: 1 };
    let type: string | number;
    const prefix = buffer[1];
    if (prefix >= 0xa0 && prefix <= 0xbf) {
      // A short string: read it strictly (invalid UTF-8 is refused, not patched up).
      const end = 2 + (prefix & 0x1f);
      if (end > buffer.byteLength) return { ok: false };
      type = utf8.decode(buffer.subarray(2, end));
      it.offset = end;
    } else if (decode.stringCheck(buffer, it)) {
      return { ok: true, type: LONG_TYPE, payload: undefined };
    } else {
      type = decode.number(buffer, it) as number;
      if (it.offset > buffer.byteLength || !Number.isFinite(type)) return { ok: false };
    }
    if (buffer[0] === Protocol.ROOM_DATA_BYTES) return { ok: true, type, payload: buffer.subarray(it.offset) };
    const payload: unknown = buffer.byteLength > it.offset ? unpack(buffer.subarray(it.offset)) : undefined;
    return { ok: true, type, payload };
  } catch {
    return { ok: false };
  }
}
