import { Protocol } from '@colyseus/core';
import { DataChange, decode, Decoder, Reflection, Schema } from '@colyseus/schema';
import type { ReceivedFrames } from './RoomClient';

type Json = { [key: string]: unknown };

/** A state frame one client received, decoded on its own (not through colyseus.js). */
export interface DecodedFrame {
  /** Its index among all the client's frames. */
  readonly index: number;
  /** When it arrived (performance.now(), ms). */
  readonly time: number;
  readonly bytes: Uint8Array;
  /** The whole state as the client held it after this frame. */
  readonly state: Json;
  /** What the frame changed, one line per field: `Class#refId.field=value`. */
  readonly changes: string[];
}

function describe(value: unknown): string {
  return value instanceof Schema ? `<${value.constructor.name}>` : JSON.stringify(value);
}

/** The decoder a room's handshake (a JOIN_ROOM frame, read from `it` past its code) describes. */
export function handshakeDecoder(bytes: Buffer, it: { offset: number }): Decoder {
  decode.utf8Read(bytes, it, bytes[it.offset++]); // reconnection token
  decode.utf8Read(bytes, it, bytes[it.offset++]); // serializer id
  return Reflection.decode(bytes, it);
}

/** Every state frame (full state and patches) a client received, in order, with what each changed. */
export function decodeFrames(client: ReceivedFrames): DecodedFrame[] {
  const frames: DecodedFrame[] = [];
  let decoder: Decoder | null = null;
  client.frames.forEach((frame, index) => {
    const bytes = Buffer.from(frame);
    const it = { offset: 1 };
    if (frame[0] === Protocol.JOIN_ROOM) {
      decoder = handshakeDecoder(bytes, it);
      return;
    }
    if (frame[0] !== Protocol.ROOM_STATE && frame[0] !== Protocol.ROOM_STATE_PATCH) return;
    if (!decoder) throw new Error('state before the handshake');
    const changes: string[] = [];
    const d = decoder as Decoder;
    d.triggerChanges = (all: DataChange[]) => {
      for (const c of all) changes.push(`${c.ref.constructor.name}#${c.refId}.${String(c.field ?? c.dynamicIndex)}=${describe(c.value)}`);
    };
    d.decode(bytes, it);
    frames.push({ index, time: client.frameTimes[index], bytes: frame, state: (d.state as Schema).toJSON() as Json, changes });
  });
  return frames;
}
