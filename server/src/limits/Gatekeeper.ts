import { RoomError } from '@samurai/shared';
import { AddressBuckets } from './AddressBuckets';
import { AddressCounts } from './AddressCounts';
import type { ServerLimits } from './server-limits';
import { countDoorRefusal, DoorRefusal } from '../metrics';
import type { RoomRegistry } from '../live-rooms';

export type Admission = { readonly ok: true } | { readonly ok: false; readonly error: RoomError; readonly detail: string; readonly retryAfterMs: number };

const ADMITTED: Admission = { ok: true };

/**
 * The server's door: per-address and global limits on matchmaking, room creation, failed
 * look-ups, open WebSockets and plain connections. Rooms and routes ask it; it knows nothing of
 * any game.
 */
export class Gatekeeper {
  private readonly matchmakes: AddressBuckets;
  private readonly creations: AddressBuckets;
  private readonly lookups: AddressBuckets;
  /** Open WebSockets per address. */
  readonly sockets: AddressCounts;
  /** Open plain HTTP connections per address (not yet upgraded to WebSockets). */
  readonly connections: AddressCounts;
  private readonly heldRefusals: AddressCounts;
  /** Addresses that may open no connection until then (they flooded one). */
  private readonly coolingDown = new Map<string, number>();

  constructor(
    readonly limits: ServerLimits,
    private readonly rooms: RoomRegistry,
    private readonly now: () => number = Date.now,
  ) {
    this.matchmakes = new AddressBuckets(limits.matchmake, now);
    this.creations = new AddressBuckets(limits.create, now);
    this.lookups = new AddressBuckets(limits.lookup, now);
    this.sockets = new AddressCounts(limits.socketsPerAddress);
    this.connections = new AddressCounts(limits.connectionsPerAddress);
    this.heldRefusals = new AddressCounts(limits.heldRefusalsPerAddress);
  }

  /** The server is stopping: every matchmaking request is refused until it has restarted. */
  stopping = false;

  /** Any matchmaking request (each join holds a seat reservation for a while). */
  matchmake(address: string): Admission {
    if (this.stopping) return refuse('restarting', RoomError.Restarting, 'The server is restarting.', 5000);
    const take = this.matchmakes.take(address);
    return take.ok ? ADMITTED : refuse('matchmakes', RoomError.TooMany, 'Too many requests from your address.', take.retryAfterMs);
  }

  /** A new room: within the server's capacity, the address's share and its creation rate. */
  create(address: string): Admission {
    if (this.rooms.size >= this.limits.maxRooms) {
      return refuse('server_full', RoomError.TooMany, 'The server is full: every room it can hold is in use. Please try again in a few minutes.', 60_000);
    }
    if (this.rooms.roomsOf(address) >= this.limits.roomsPerAddress) {
      return refuse('rooms_per_address', RoomError.TooMany, `Your address already has ${this.limits.roomsPerAddress} open rooms; close one first.`, 60_000);
    }
    const take = this.creations.take(address);
    return take.ok
      ? ADMITTED
      : refuse('room_creates', RoomError.TooMany, 'You have made many rooms lately: wait a little before making another.', take.retryAfterMs);
  }

  /**
   * Before a look-up by code or token: takes one of the address's attempts at once, before the
   * look-up's first await, so requests in flight together (a pipelined flood) cannot all pass on
   * the same last attempt; refused when none is left. A look-up that finds what it asked for
   * gives its attempt back (`giveBackLookUp`), as does one that could not be made (a store or
   * Redis error): only look-ups that found nothing cost.
   */
  lookUp(address: string): Admission {
    const take = this.lookups.take(address);
    return take.ok ? ADMITTED : refuse('lookups', RoomError.TooManyAttempts, 'Too many wrong room codes or seat tokens from your address.', take.retryAfterMs);
  }

  /** The look-up found its room, record or seat, or could not be made: its attempt is given back. */
  giveBackLookUp(address: string): void {
    this.lookups.giveBack(address);
  }

  /** A refusal to answer late: true when the address may have one more held back (then `releaseRefusal` once answered). */
  holdRefusal(address: string): boolean {
    return this.limits.refusalDelayMs > 0 && this.heldRefusals.add(address);
  }

  releaseRefusal(address: string): void {
    this.heldRefusals.remove(address);
  }

  /**
   * A plain connection opens: false when the address already holds its share, when it has as many
   * refusals held back as it may (a flood: each new connection would only be refused again), or
   * while it cools down after flooding a connection.
   */
  openConnection(address: string): boolean {
    if (this.limits.refusalDelayMs > 0 && this.limits.heldRefusalsPerAddress > 0 && this.heldRefusals.full(address)) return closed('connection_flood');
    const until = this.coolingDown.get(address);
    if (until !== undefined) {
      if (this.now() < until) return closed('connection_flood');
      this.coolingDown.delete(address);
    }
    return this.connections.add(address) || closed('connections_per_address');
  }

  /** The address flooded a connection: it may open none for `connectionCooldownMs`. */
  coolDown(address: string): void {
    const now = this.now();
    if (this.coolingDown.size >= 10_000) for (const [key, until] of this.coolingDown) if (until <= now) this.coolingDown.delete(key);
    this.coolingDown.set(address, now + this.limits.connectionCooldownMs);
  }

  closeConnection(address: string): void {
    this.connections.remove(address);
  }

  /** A WebSocket opens; false when the address already holds its share. */
  openSocket(address: string): boolean {
    return this.sockets.add(address) || closed('sockets_per_address');
  }

  closeSocket(address: string): void {
    this.sockets.remove(address);
  }
}

/** A refusal, counted by its reason (metrics). */
function refuse(reason: DoorRefusal, error: RoomError, detail: string, retryAfterMs: number): Admission {
  countDoorRefusal(reason);
  return { ok: false, error, detail, retryAfterMs };
}

/** A connection or socket refused (false), counted by its reason. */
function closed(reason: DoorRefusal): false {
  countDoorRefusal(reason);
  return false;
}
