import { RoomError } from '@samurai/shared';
import { AddressBuckets, BucketRule } from '../limits/AddressBuckets';
import type { Refusal } from './game-module';
import type { TableLimits } from './room-config';

/** Enough for a room's people: its seats, its 50 spectators, and some who came and went (older full buckets are forgotten). */
const TRACKED = 200;

/**
 * How much the people of one room may chat (TableLimits): each person a bucket of their own (a
 * player by seat, a spectator by connection), and every spectator's line also spends from the
 * spectators' shared bucket, so fifty of them together (or one reconnecting again and again)
 * send no more than a few. Made with the room's first line.
 */
export class ChatBudget {
  private readonly people: AddressBuckets;
  private readonly spectators: AddressBuckets;

  constructor(private readonly limits: TableLimits) {
    this.people = new AddressBuckets(limits.chatPerPerson, Date.now, TRACKED);
    this.spectators = new AddressBuckets(limits.chatBySpectators, Date.now, 1);
  }

  /** Spends a line of `person` (a seat's or a spectator connection's key; and of the spectators' share, for a spectator), or says how long to wait. */
  take(person: string, spectator: boolean): Refusal | undefined {
    if (spectator) {
      const shared = this.spectators.take('');
      if (!shared.ok) return refusal(`The spectators together may send ${describe(this.limits.chatBySpectators)}`, shared.retryAfterMs);
    }
    const own = this.people.take(person);
    if (own.ok) return undefined;
    // A line not sent spends nothing of the spectators' share.
    if (spectator) this.spectators.giveBack('');
    return refusal(`You may send ${describe(this.limits.chatPerPerson)}`, own.retryAfterMs);
  }
}

function describe(rule: BucketRule): string {
  return `${rule.burst} messages at once and ${rule.perMinute} a minute`;
}

function refusal(what: string, retryAfterMs: number): Refusal {
  return { error: RoomError.ChatTooFast, detail: `${what}: the next in ${Math.ceil(retryAfterMs / 1000)} s.` };
}
