import { Protocol } from '@colyseus/core';
import { decode, Decoder, Reflection } from '@colyseus/schema';
import { unpackHand } from '@samurai/shared';
import type { TestClient } from './TestClient';

/** The fields a client may ever see; anything else arriving is a leak (a stack, say). */
const SECRET_FIELDS = ['hand', 'ownCaptured', 'drawn'] as const;
const ALLOWED_FIELDS: Record<string, readonly string[]> = {
  root: ['code', 'gameType', 'phase', 'game', 'options', 'host', 'seats', 'seat', 'board', 'pieces', 'supply', 'aside', 'log', 'result', 'spectators', 'removed', 'clockRunning', 'chat'],
  options: ['players', 'captureTiming', 'startingHands', 'setup', 'botLevel', 'seatOrder', 'botDelayMs', 'clock', 'awayMinutes', 'spectatorChat'],
  seat: ['id', 'name', 'colour', 'kind', 'bot', 'connected', 'idle', 'muted', 'clockLeft', 'handChosen', 'handCount', 'stackCount', 'captured', 'hand', 'ownCaptured', 'drawn'],
  result: ['reason', 'winners', 'leaders'],
};

type Json = { [key: string]: unknown };

export interface LeakReport {
  /** Everything that should not have reached this client, one line each. */
  readonly leaks: string[];
  /** State frames decoded (so a test can tell the check looked at something). */
  readonly stateFrames: number;
  /** Frames in which this client's own hand was visible to it. */
  readonly framesWithOwnHand: number;
}

/**
 * Decodes every frame one client received, independently of colyseus.js (our own Decoder built
 * from the handshake), and lists whatever in them the client may not see: another seat's secret
 * (hand, running tally) at any moment, a public tally of a 3–4 player game before its end, a
 * field the protocol does not define, data for structures the client was never given, another
 * seat's token, or a message other than a welcome or an error.
 */
export function checkFrames(client: TestClient, otherTokens: readonly string[]): LeakReport {
  const leaks: string[] = [];
  const memberId = client.welcome?.memberId ?? '';
  let decoder: Decoder | null = null;
  let stateFrames = 0;
  let framesWithOwnHand = 0;
  let lastDrawn = 0;

  client.frames.forEach((frame, i) => {
    const bytes = Buffer.from(frame);
    const text = bytes.toString('latin1');
    for (const token of otherTokens) if (text.includes(token)) leaks.push(`frame ${i}: another seat's token`);
    const it = { offset: 1 };
    switch (frame[0]) {
      case Protocol.JOIN_ROOM: {
        decode.utf8Read(bytes, it, bytes[it.offset++]); // reconnection token
        decode.utf8Read(bytes, it, bytes[it.offset++]); // serializer id
        decoder = Reflection.decode(bytes, it);
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
        (decoder as Decoder).decode(bytes, it);
        stateFrames++;
        const state = (decoder as Decoder).state.toJSON() as Json;
        const seats = (state.seats ?? []) as Json[];
        const own = seats.findIndex((s) => s.id === memberId && memberId !== '');
        seats.forEach((seat, s) => {
          for (const field of SECRET_FIELDS) {
            if (seat[field] !== undefined && s !== own) leaks.push(`frame ${i}: the secret of seat ${s}: ${field} ${JSON.stringify(seat[field])}`);
          }
          if (seats.length > 2 && state.result === undefined && (seat.captured as number) !== -1) {
            leaks.push(`frame ${i}: the tally of seat ${s} before the end: ${JSON.stringify(seat.captured)}`);
          }
        });
        if (own >= 0 && ((seats[own].hand as number | undefined) ?? 0) > 0) framesWithOwnHand++;
        // A new draw arrives with the refill: every tile of it is in this client's own hand then.
        const drawn = own >= 0 ? ((seats[own].drawn as number | undefined) ?? 0) : 0;
        // The full state on (re)joining mid-turn shows the last draw as it stands, perhaps partly played since.
        if (frame[0] === Protocol.ROOM_STATE) lastDrawn = drawn;
        if (drawn !== lastDrawn && drawn !== 0) {
          const hand = ownHand(decoder, memberId) ?? [];
          const tiles = unpackHand(drawn);
          if (!tiles.every((t) => hand.includes(t))) leaks.push(`frame ${i}: drawn tiles ${tiles} not in this client's own hand ${hand}`);
        }
        lastDrawn = drawn;
        // Every structure the decoder holds, not only those reachable from the state: a stale seat counts too.
        const handsKnown = [...(decoder as Decoder).root.refs.values()].filter((r) => r && typeof r === 'object' && (r as unknown as Json).hand !== undefined).length;
        if (handsKnown > (own >= 0 ? 1 : 0)) leaks.push(`frame ${i}: ${handsKnown} hands held by the decoder`);
        checkFields(state, 'root', `frame ${i}`, leaks);
        break;
      }
      case Protocol.ROOM_DATA: {
        const type = decode.stringCheck(bytes, it) ? decode.string(bytes, it) : decode.number(bytes, it);
        if (!['welcome', 'error'].includes(String(type))) leaks.push(`frame ${i}: unexpected message ${String(type)}`);
        break;
      }
    }
  });
  return { leaks, stateFrames, framesWithOwnHand };
}

function ownHand(decoder: Decoder | null, memberId: string): number[] | null {
  if (!decoder || !memberId) return null;
  const seats = (decoder.state.toJSON() as Json).seats as Json[];
  const hand = seats.find((s) => s.id === memberId)?.hand as number | undefined;
  return hand === undefined ? null : unpackHand(hand);
}

function checkFields(value: Json, kind: string, where: string, leaks: string[]): void {
  const allowed = ALLOWED_FIELDS[kind];
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) leaks.push(`${where}: unexpected field ${kind}.${key}`);
  }
  if (kind === 'root') {
    if (value.options) checkFields(value.options as Json, 'options', where, leaks);
    if (value.result) checkFields(value.result as Json, 'result', where, leaks);
    for (const seat of (value.seats ?? []) as Json[]) checkFields(seat, 'seat', where, leaks);
  }
}
