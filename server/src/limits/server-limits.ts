import { getHeapStatistics } from 'node:v8';
import type { BucketRule } from './AddressBuckets';

/** What one client address, and everyone together, may ask of the server. */
export interface ServerLimits {
  /** Live rooms in the whole process (MAX_ROOMS). */
  readonly maxRooms: number;
  /** Live rooms created from one address (ROOMS_PER_ADDRESS). */
  readonly roomsPerAddress: number;
  /** Room creations per address (ROOM_CREATE_BURST, ROOM_CREATES_PER_MINUTE). */
  readonly create: BucketRule;
  /** Failed look-ups per address: unknown room codes, wrong seat tokens, records not found (LOOKUP_BURST, LOOKUPS_PER_MINUTE). */
  readonly lookup: BucketRule;
  /** Every matchmaking request per address (each join reserves a seat for a while). */
  readonly matchmake: BucketRule;
  /** Open WebSockets per address (SOCKETS_PER_ADDRESS). */
  readonly socketsPerAddress: number;
  /**
   * Open plain HTTP connections per address, WebSockets not counted (CONNECTIONS_PER_ADDRESS).
   * Not applied to a trusted proxy's connections (TRUST_PROXY): they carry everyone's requests.
   */
  readonly connectionsPerAddress: number;
  /** An address that flooded a connection (pipelined more requests than a browser would) may open none for this long. */
  readonly connectionCooldownMs: number;
  /** The largest matchmaking request body. */
  readonly maxBodyBytes: number;
  /**
   * An HTTP request refused for going over a limit is answered this late (REFUSAL_DELAY_MS): a
   * client that asks again as soon as it is answered then asks once a delay per connection, not
   * thousands of times a second (each answer's socket write is the dearest part of a refusal).
   */
  readonly refusalDelayMs: number;
  /** Refusals held back at once per address; beyond, they are answered at once and the connection closed. */
  readonly heldRefusalsPerAddress: number;
}

/**
 * The most a room is allowed to cost in memory when sizing MAX_ROOMS: a long game's state
 * (≈ 90 KB of heap measured by bench:server) with five connections and their buffers, doubled
 * for safety.
 */
export const ROOM_MEMORY_BUDGET_BYTES = 256 * 1024;

/** As many rooms as half of V8's heap limit holds at the budget above. */
export function defaultMaxRooms(heapLimitBytes = getHeapStatistics().heap_size_limit): number {
  return Math.max(100, Math.floor((heapLimitBytes * 0.5) / ROOM_MEMORY_BUDGET_BYTES));
}

export function defaultServerLimits(): ServerLimits {
  return {
    maxRooms: defaultMaxRooms(),
    roomsPerAddress: 20,
    create: { burst: 10, perMinute: 2 },
    // 20 at once, then 10 a minute: 14,420 guesses a day find one of 1,000 rooms among 31⁶ codes
    // with a chance of about 1.6%.
    lookup: { burst: 20, perMinute: 10 },
    matchmake: { burst: 60, perMinute: 120 },
    socketsPerAddress: 100,
    // A browser opens at most 6 to a host, each closed 5 s after its last request: 64 serves a
    // household or an office behind one address, and holds one address to a few hundred descriptors.
    connectionsPerAddress: 64,
    connectionCooldownMs: 10_000,
    maxBodyBytes: 4096,
    refusalDelayMs: 1000,
    heldRefusalsPerAddress: 32,
  };
}
