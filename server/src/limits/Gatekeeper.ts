import { RoomError } from '@samurai/shared';
import { AddressBuckets } from './AddressBuckets';
import type { ServerLimits } from './server-limits';
import type { RoomRegistry } from '../room-codes';

export type Admission = { readonly ok: true } | { readonly ok: false; readonly error: RoomError; readonly detail: string; readonly retryAfterMs: number };

const ADMITTED: Admission = { ok: true };

/**
 * The server's door: per-address and global limits on matchmaking, room creation, failed
 * look-ups and open sockets. Rooms and routes ask it; it knows nothing of any game.
 */
export class Gatekeeper {
  private readonly matchmakes: AddressBuckets;
  private readonly creations: AddressBuckets;
  private readonly lookups: AddressBuckets;
  private readonly sockets = new Map<string, number>();
  private readonly heldRefusals = new Map<string, number>();

  constructor(
    readonly limits: ServerLimits,
    private readonly rooms: RoomRegistry,
    now: () => number = Date.now,
  ) {
    this.matchmakes = new AddressBuckets(limits.matchmake, now);
    this.creations = new AddressBuckets(limits.create, now);
    this.lookups = new AddressBuckets(limits.lookup, now);
  }

  /** The server is stopping: every matchmaking request is refused until it has restarted. */
  stopping = false;

  /** Any matchmaking request (each join holds a seat reservation for a while). */
  matchmake(address: string): Admission {
    if (this.stopping) return refuse(RoomError.Restarting, 'The server is restarting.', 5000);
    const take = this.matchmakes.take(address);
    return take.ok ? ADMITTED : refuse(RoomError.TooMany, 'Too many requests from your address.', take.retryAfterMs);
  }

  /** A new room: within the server's capacity, the address's share and its creation rate. */
  create(address: string): Admission {
    if (this.rooms.size >= this.limits.maxRooms) {
      return refuse(RoomError.TooMany, 'The server is full: every room it can hold is in use. Please try again in a few minutes.', 60_000);
    }
    if (this.rooms.roomsOf(address) >= this.limits.roomsPerAddress) {
      return refuse(RoomError.TooMany, `Your address already has ${this.limits.roomsPerAddress} open rooms; close one first.`, 60_000);
    }
    const take = this.creations.take(address);
    return take.ok ? ADMITTED : refuse(RoomError.TooMany, 'You have made many rooms lately: wait a little before making another.', take.retryAfterMs);
  }

  /** Before a look-up by code or token: refused while the address is out of failed attempts. */
  lookUp(address: string): Admission {
    const peek = this.lookups.peek(address);
    return peek.ok ? ADMITTED : refuse(RoomError.TooManyAttempts, 'Too many wrong room codes or seat tokens from your address.', peek.retryAfterMs);
  }

  /** A look-up found nothing (an unknown code, a wrong token, no record): it costs an attempt. */
  failedLookUp(address: string): void {
    this.lookups.take(address);
  }

  /** A refusal to answer late: true when the address may have one more held back (then `releaseRefusal` once answered). */
  holdRefusal(address: string): boolean {
    const held = this.heldRefusals.get(address) ?? 0;
    if (this.limits.refusalDelayMs <= 0 || held >= this.limits.heldRefusalsPerAddress) return false;
    this.heldRefusals.set(address, held + 1);
    return true;
  }

  releaseRefusal(address: string): void {
    const held = (this.heldRefusals.get(address) ?? 1) - 1;
    if (held > 0) this.heldRefusals.set(address, held);
    else this.heldRefusals.delete(address);
  }

  /** A socket opens; false when the address already holds its share. */
  openSocket(address: string): boolean {
    const open = this.sockets.get(address) ?? 0;
    if (open >= this.limits.socketsPerAddress) return false;
    this.sockets.set(address, open + 1);
    return true;
  }

  closeSocket(address: string): void {
    const open = (this.sockets.get(address) ?? 1) - 1;
    if (open > 0) this.sockets.set(address, open);
    else this.sockets.delete(address);
  }
}

function refuse(error: RoomError, detail: string, retryAfterMs: number): Admission {
  return { ok: false, error, detail, retryAfterMs };
}
