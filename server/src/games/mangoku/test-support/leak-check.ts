import { mangoku } from '@samurai/shared';
import type { ReceivedFrames } from '../../../test-support/RoomClient';
import { walkFrames, WireRules } from '../../../test-support/wire-check';

/** The fields a client may ever see (anything else arriving is a leak: the supply, say), and what only a seat's own player may receive. */
const SECRET_FIELDS = ['hand', 'answer', 'taken', 'shown'];
const RULES: WireRules = {
  secretFields: SECRET_FIELDS,
  allowed: {
    root: [
      'code',
      'gameType',
      'phase',
      'game',
      'options',
      'host',
      'seats',
      'spectators',
      'removed',
      'firstSeat',
      'first',
      'active',
      'lastTurn',
      'centre',
      'coinsOut',
      'supplyCount',
      'faceDownCount',
      'discard',
      'taken',
      'step',
      'turn',
      'promptEndsAt',
      'reveals',
      'log',
      'result',
      'clockRunning',
      'playAgain',
      'abandonVotes',
      'timedOut',
      'abandoned',
      'chat',
    ],
    options: ['players', 'botLevel', 'seatOrder', 'botDelayMs', 'clock', 'awayMinutes', 'spectatorChat', 'promptSeconds'],
    seat: ['id', 'name', 'colour', 'kind', 'bot', 'connected', 'idle', 'muted', 'clockLeft', 'coins', 'handCount', 'inCampaign', 'hadTurn', ...SECRET_FIELDS],
  },
};

export interface MangokuLeakReport {
  /** Everything that should not have reached this client, one line each. */
  readonly leaks: string[];
  /** State frames decoded (so a test can tell the check looked at something). */
  readonly stateFrames: number;
  /** Frames in which this client's own hand was visible to it. */
  readonly framesWithOwnHand: number;
  /** The private showings this client received, each once: showingKey(). */
  readonly showings: ReadonlySet<string>;
  /** The Shrine Maiden reveals this client received: `game:id`. */
  readonly reveals: ReadonlySet<string>;
}

/** Names a private showing: the game, the campaign, its turn, why, and whose hand. */
export function showingKey(game: number, campaign: number, shown: Pick<mangoku.Shown, 'turn' | 'why' | 'from'>): string {
  return `${game}:${campaign}:${shown.turn}:${shown.why}:${shown.from}`;
}

/**
 * The private showings a finished (or running) game made, by the seat they were for, read from
 * its public history: each blocked attack's defender to the turn's player, each Nobleman's look
 * (a Nobleman that took a card) to the turn's player.
 */
export function showingsOf(game: number, campaigns: readonly mangoku.CampaignSummary[]): Map<number, Set<string>> {
  const bySeat = new Map<number, Set<string>>();
  const add = (to: number, key: string) => bySeat.set(to, (bySeat.get(to) ?? new Set()).add(key));
  campaigns.forEach((campaign, c) => {
    for (const event of campaign.events) {
      if (event.type === 'blocked') add(campaign.turns[event.turn].seat, showingKey(game, c, { turn: event.turn, why: 'blocked', from: event.seat }));
    }
    campaign.turns.forEach((turn, t) => {
      for (let play: mangoku.Play | undefined = turn.play; play; play = play.then) {
        if (play.card === 'nobleman' && play.took !== undefined)
          add(turn.seat, showingKey(game, c, { turn: t, why: 'nobleman', from: play.targets![0] as number }));
      }
    });
  });
  return bySeat;
}

/**
 * Decodes every frame one client of a Mangoku room received, independently of colyseus.js (our
 * own Decoder built from the handshake), and lists whatever in them the client may not see:
 * another seat's secret (hand, answer, card taken, private showing) at any moment, a showing
 * meant for someone else, a field the protocol does not define (the supply, the face-down card),
 * data for structures the client was never given, another seat's token, or a message other
 * than a welcome or an error. It also collects the showings and reveals the client received.
 */
export function checkMangokuFrames(client: ReceivedFrames, otherTokens: readonly string[]): MangokuLeakReport {
  const leaks: string[] = [];
  const showings = new Set<string>();
  const reveals = new Set<string>();
  let framesWithOwnHand = 0;
  const stateFrames = walkFrames(client, otherTokens, RULES, leaks, ({ index: i, state, seats, own }) => {
    if (own >= 0) {
      const seat = seats[own];
      const hand = (seat.hand as string | undefined) ?? '';
      if (hand.length > 0) framesWithOwnHand++;
      if (state.phase !== 'lobby' && hand.length !== seat.handCount)
        leaks.push(`frame ${i}: own hand "${hand}" is not the ${String(seat.handCount)} cards the table counts`);
      const shown = seat.shown ? (JSON.parse(seat.shown as string) as mangoku.Shown[]) : [];
      const campaign = ((state.log ?? []) as string[]).filter((e) => 'campaign' in mangoku.decodeHistoryEntry(e)).length - 1;
      for (const s of shown) {
        if (s.to !== own) leaks.push(`frame ${i}: a showing for seat ${s.to}`);
        showings.add(showingKey(state.game as number, campaign, s));
      }
    }
    const shownReveals = state.reveals ? (JSON.parse(state.reveals as string) as mangoku.Reveal[]) : [];
    for (const r of shownReveals) reveals.add(`${String(state.game)}:${r.id}`);
  });
  return { leaks, stateFrames, framesWithOwnHand, showings, reveals };
}
