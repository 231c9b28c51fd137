import { Protocol } from '@colyseus/core';
import { decode, Decoder, Schema } from '@colyseus/schema';
import { handshakeDecoder } from './decode-frames';
import type { ReceivedFrames } from './RoomClient';

type Json = { [key: string]: unknown };

/** What a game's leak check is told: the fields its players may ever receive, and which of a seat's are secret. */
export interface WireRules {
  /** By kind ('root', 'options', 'seat', and any other the game checks): the fields a client may see. */
  readonly allowed: Readonly<Record<string, readonly string[]>>;
  /** The seat fields only that seat's own player may receive. */
  readonly secretFields: readonly string[];
}

/** A state frame as one client held it once decoded, for a game's own checks. */
export interface StateFrame {
  readonly index: number;
  /** A whole state (on joining), not a patch. */
  readonly full: boolean;
  readonly state: Json;
  readonly seats: Json[];
  /** This client's seat, or -1 for a spectator. */
  readonly own: number;
}

/**
 * Decodes every frame one client received, independently of colyseus.js (our own Decoder built
 * from the handshake), and lists in `leaks` what no game may send: another seat's token, data
 * for a structure the client was never given, another seat's secret field, more hands held by
 * the decoder than the client's own, a field the rules do not allow, a message other than a
 * welcome or an error. `onState` adds the game's own checks of each state frame. Returns the state
 * frames decoded (so a test can tell the check looked at something).
 */
export function walkFrames(
  client: Pick<ReceivedFrames, 'frames' | 'welcome'>,
  otherTokens: readonly string[],
  rules: WireRules,
  leaks: string[],
  onState: (frame: StateFrame) => void,
): number {
  const memberId = client.welcome?.memberId ?? '';
  let decoder: Decoder | null = null;
  let stateFrames = 0;
  client.frames.forEach((frame, i) => {
    const bytes = Buffer.from(frame);
    const text = bytes.toString('latin1');
    for (const token of otherTokens) if (text.includes(token)) leaks.push(`frame ${i}: another seat's token`);
    const it = { offset: 1 };
    switch (frame[0]) {
      case Protocol.JOIN_ROOM: {
        decoder = handshakeDecoder(bytes, it);
        // Data for a structure this client was never given is skipped by colyseus.js; count it.
        decoder.skipCurrentStructure = function (this: Decoder, ...args: Parameters<Decoder['skipCurrentStructure']>) {
          leaks.push(`frame ${i}: data for a structure the client does not have`);
          return Decoder.prototype.skipCurrentStructure.apply(this, args);
        };
        break;
      }
      case Protocol.ROOM_STATE:
      case Protocol.ROOM_STATE_PATCH: {
        if (!decoder) throw new Error('state before the handshake');
        const d = decoder as Decoder;
        d.decode(bytes, it);
        stateFrames++;
        const state = (d.state as Schema).toJSON() as Json;
        const seats = (state.seats ?? []) as Json[];
        const own = seats.findIndex((s) => s.id === memberId && memberId !== '');
        seats.forEach((seat, s) => {
          for (const field of rules.secretFields) {
            if (seat[field] !== undefined && s !== own) leaks.push(`frame ${i}: the secret of seat ${s}: ${field} ${JSON.stringify(seat[field])}`);
          }
        });
        onState({ index: i, full: frame[0] === Protocol.ROOM_STATE, state, seats, own });
        // Every structure the decoder holds, not only those reachable from the state: a stale seat counts too.
        const handsKnown = [...d.root.refs.values()].filter((r) => r && typeof r === 'object' && (r as unknown as Json).hand !== undefined).length;
        if (handsKnown > (own >= 0 ? 1 : 0)) leaks.push(`frame ${i}: ${handsKnown} hands held by the decoder`);
        checkFields(rules.allowed, state, 'root', `frame ${i}`, leaks);
        break;
      }
      case Protocol.ROOM_DATA: {
        const type: unknown = decode.stringCheck(bytes, it) ? decode.string(bytes, it) : decode.number(bytes, it);
        if (!['welcome', 'error'].includes(String(type))) leaks.push(`frame ${i}: unexpected message ${String(type)}`);
        break;
      }
    }
  });
  return stateFrames;
}

/** Fields of `value` (of `kind`) outside the allowed ones; the root's options, result and seats checked as their kinds. */
function checkFields(allowed: WireRules['allowed'], value: Json, kind: string, where: string, leaks: string[]): void {
  const fields = allowed[kind];
  for (const key of Object.keys(value)) {
    if (!fields.includes(key)) leaks.push(`${where}: unexpected field ${kind}.${key}`);
  }
  if (kind === 'root') {
    if (value.options) checkFields(allowed, value.options as Json, 'options', where, leaks);
    if (value.result && allowed.result) checkFields(allowed, value.result as Json, 'result', where, leaks);
    for (const seat of (value.seats ?? []) as Json[]) checkFields(allowed, seat, 'seat', where, leaks);
  }
}
