/**
 * The process's metrics, in Prometheus's terms (prom-client), served by GET /metrics
 * (http/metrics-route.ts) to INTERNAL_ADDRESSES only. No label ever holds a room code or a client
 * address: the metrics must not help anyone find rooms, and their label sets stay small. What is
 * counted on a move's path is a plain number, read when scraped.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RoomError } from '@samurai/shared';
import type { Gatekeeper } from './limits/Gatekeeper';
import type { GameStore } from './store/game-store';
import { liveRooms } from './live-rooms';

export const metricsRegistry = new Registry();

/** The servers running in this process (tests run several): their doors' open sockets and connections. */
const gates = new Set<Gatekeeper>();

/** Moves made (every kind: a person's, a bot's, the server's): one addition on the move's path. */
let movesMade = 0;

/** How many empty tables are unloaded from memory, asked of the store when scraped (see countUnloadedRoomsWith). */
let unloadedRooms: () => Promise<number> = async () => 0;
let lastUnloaded = 0;

new Gauge({
  name: 'samurai_rooms_live',
  help: 'Rooms live in this process.',
  registers: [metricsRegistry],
  collect() {
    this.set(liveRooms.size);
  },
});

new Gauge({
  name: 'samurai_rooms_unloaded',
  help: 'Empty tables unloaded from memory, kept in the store.',
  registers: [metricsRegistry],
  // A store that cannot answer leaves the last figure: /metrics is not where a failing store shows (/health is).
  async collect() {
    lastUnloaded = await unloadedRooms().catch(() => lastUnloaded);
    this.set(lastUnloaded);
  },
});

const waitingForStorage = new Gauge({
  name: 'samurai_rooms_waiting_for_storage',
  help: 'Rooms whose storage failed a write, waiting for it (nothing is shown or written meanwhile).',
  registers: [metricsRegistry],
});

let movesReported = 0;
new Counter({
  name: 'samurai_moves_total',
  help: "Moves made: players', bots' and the server's own.",
  registers: [metricsRegistry],
  collect() {
    this.inc(movesMade - movesReported);
    movesReported = movesMade;
  },
});

const appendSeconds = new Histogram({
  name: 'samurai_store_append_seconds',
  help: "From a room's append (a turn's events) to the store confirming it durable.",
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [metricsRegistry],
});

const openOf = (count: (gate: Gatekeeper) => IterableIterator<[string, number]>) => () => {
  let open = 0;
  for (const gate of gates) for (const [, held] of count(gate)) open += held;
  return open;
};
const openSockets = openOf((gate) => gate.sockets.entries());
const openConnections = openOf((gate) => gate.connections.entries());

new Gauge({
  name: 'samurai_sockets_open',
  help: 'Open WebSockets.',
  registers: [metricsRegistry],
  collect() {
    this.set(openSockets());
  },
});

new Gauge({
  name: 'samurai_connections_open',
  help: 'Open plain HTTP connections (not upgraded to WebSockets).',
  registers: [metricsRegistry],
  collect() {
    this.set(openConnections());
  },
});

/**
 * Why the server's door refused something (the Gatekeeper): a limit's name. The rooms' own
 * refusals are counted under their error codes (`room/rate_limited`, a game's codes: closed sets).
 */
export const DOOR_REFUSALS = [
  /** MAX_ROOMS reached. */
  'server_full',
  /** ROOMS_PER_ADDRESS. */
  'rooms_per_address',
  /** ROOM_CREATE_BURST, ROOM_CREATES_PER_MINUTE. */
  'room_creates',
  /** MATCHMAKE_BURST, MATCHMAKES_PER_MINUTE. */
  'matchmakes',
  /** LOOKUP_BURST, LOOKUPS_PER_MINUTE: too many failed look-ups. */
  'lookups',
  /** The server is stopping. */
  'restarting',
  /** CONNECTIONS_PER_ADDRESS. */
  'connections_per_address',
  /** An address that flooded a connection, cooling down; or one with all its refusals held back. */
  'connection_flood',
  /** SOCKETS_PER_ADDRESS. */
  'sockets_per_address',
] as const;
export type DoorRefusal = (typeof DOOR_REFUSALS)[number];

const refusals = new Counter({
  name: 'samurai_refusals_total',
  help: "Requests, connections and messages refused, by reason: a limit of the server's door, or a room's error code.",
  labelNames: ['reason'],
  registers: [metricsRegistry],
});
// Every door reason is reported from the start (at 0), and counted without hashing its label each time.
const doorRefusals = Object.fromEntries(
  DOOR_REFUSALS.map((reason) => {
    const child = refusals.labels(reason);
    child.inc(0);
    return [reason, child];
  }),
) as Record<DoorRefusal, { inc(): void }>;

export function countDoorRefusal(reason: DoorRefusal): void {
  doorRefusals[reason].inc();
}

/** The codes of the door's refusals: counted by the door under the limit's name, not again as a room's. */
const DOOR_CODES: ReadonlySet<string> = new Set([RoomError.TooMany, RoomError.TooManyAttempts]);

/** A room refused a join or a message: its error code (a closed set, never anything a client chose). */
export function countRoomRefusal(code: string): void {
  if (!DOOR_CODES.has(code)) refusals.inc({ reason: code });
}

export function countMoves(moves: number): void {
  movesMade += moves;
}

export function observeAppend(seconds: number): void {
  appendSeconds.observe(seconds);
}

/** A room started (true) or stopped (false) waiting for its storage. */
export function noteWaitingForStorage(waiting: boolean): void {
  if (waiting) waitingForStorage.inc();
  else waitingForStorage.dec();
}

/** The store says here how many tables are unloaded (asked when scraped). */
export function countUnloadedRoomsWith(count: () => Promise<number>): void {
  unloadedRooms = count;
}

let defaultsCollected = false;

/**
 * A server whose metrics may be read: its door's counts are included until it stops (the returned
 * function), and prom-client's default metrics (event-loop delay, GC, CPU, memory, descriptors)
 * are collected from then on, once per process.
 */
export function watchServer(gate: Gatekeeper, store: Pick<GameStore, 'countUnloaded'> | null): () => void {
  if (!defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics({ register: metricsRegistry });
  }
  gates.add(gate);
  const counting = store ? () => store.countUnloaded() : async () => 0;
  countUnloadedRoomsWith(counting);
  return () => {
    gates.delete(gate);
    if (unloadedRooms === counting) countUnloadedRoomsWith(async () => 0);
  };
}
