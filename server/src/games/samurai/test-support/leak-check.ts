import { unpackHand } from '@samurai/shared';
import type { SamuraiClient } from './SamuraiClient';
import { walkFrames, WireRules } from '../../../test-support/wire-check';

/** The fields a client may ever see (anything else arriving is a leak: a stack, say), and a seat's secrets. */
const RULES: WireRules = {
  secretFields: ['hand', 'ownCaptured', 'drawn'],
  allowed: {
    root: [
      'code',
      'gameType',
      'phase',
      'game',
      'options',
      'host',
      'seats',
      'seat',
      'board',
      'pieces',
      'supply',
      'aside',
      'log',
      'result',
      'spectators',
      'removed',
      'clockRunning',
      'playAgain',
      'abandonVotes',
      'timedOut',
      'abandoned',
      'chat',
    ],
    options: ['players', 'captureTiming', 'startingHands', 'setup', 'botLevel', 'seatOrder', 'botDelayMs', 'clock', 'awayMinutes', 'spectatorChat'],
    seat: [
      'id',
      'name',
      'colour',
      'kind',
      'bot',
      'connected',
      'idle',
      'muted',
      'clockLeft',
      'handChosen',
      'handCount',
      'stackCount',
      'captured',
      'hand',
      'ownCaptured',
      'drawn',
    ],
    result: ['reason', 'winners', 'leaders'],
  },
};

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
export function checkFrames(client: SamuraiClient, otherTokens: readonly string[]): LeakReport {
  const leaks: string[] = [];
  let framesWithOwnHand = 0;
  let lastDrawn = 0;
  const stateFrames = walkFrames(client, otherTokens, RULES, leaks, ({ index: i, full, state, seats, own }) => {
    if (seats.length > 2 && state.result === undefined) {
      seats.forEach((seat, s) => {
        if ((seat.captured as number) !== -1) leaks.push(`frame ${i}: the tally of seat ${s} before the end: ${JSON.stringify(seat.captured)}`);
      });
    }
    if (own < 0) return;
    const hand = (seats[own].hand as number | undefined) ?? 0;
    if (hand > 0) framesWithOwnHand++;
    // A new draw arrives with the refill: every tile of it is in this client's own hand then.
    const drawn = (seats[own].drawn as number | undefined) ?? 0;
    // The full state on (re)joining mid-turn shows the last draw as it stands, perhaps partly played since.
    if (full) lastDrawn = drawn;
    if (drawn !== lastDrawn && drawn !== 0) {
      const tiles = unpackHand(drawn);
      const inHand = unpackHand(hand);
      if (!tiles.every((t) => inHand.includes(t))) leaks.push(`frame ${i}: drawn tiles ${tiles.join(',')} not in this client's own hand ${inHand.join(',')}`);
    }
    lastDrawn = drawn;
  });
  return { leaks, stateFrames, framesWithOwnHand };
}
