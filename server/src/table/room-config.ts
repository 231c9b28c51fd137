import { ServerError } from '@colyseus/core';
import type { Schema } from '@colyseus/schema';
import {
  CHAT_KEPT_LINES,
  CLOCK_RULES,
  ClockId,
  ClockRule,
  HOST_GRACE_MS,
  IDLE_AFTER_MS,
  JOIN_REFUSED,
  joinErrorMessage,
  MAX_BOT_DELAY_MS,
  MAX_MESSAGE_BYTES,
  RATE_LIMIT_PER_SECOND,
  ROOM_ERROR_MESSAGES,
  RoomError,
  Rng,
} from '@samurai/shared';
import type { z } from 'zod';
import type { CodeDirectory } from '../cluster/CodeDirectory';
import type { BucketRule } from '../limits/AddressBuckets';
import { countRoomRefusal } from '../metrics';
import type { Gatekeeper } from '../limits/Gatekeeper';
import type { GameStore, Lease } from '../store/game-store';
import type { RateLimiter } from './RateLimiter';
import type { GameSession } from './game-module';
import type { Member } from './Seating';
import type { TableSeatState } from './table-state';

/** Server-wide settings a room runs with. */
export interface RoomConfig {
  /** Bot delay for rooms whose creator did not choose one. */
  readonly botDelayMs: number;
  /**
   * A room nobody is connected to closes after this long; a game under way unloads instead (when
   * `unloads`): it leaves memory, live in the store, and comes back when asked for.
   */
  readonly emptyRoomTtlMs: number;
  /**
   * Whether a game under way that nobody is connected to unloads rather than closes: with a store
   * any process that may bring it back can read (one process's own, or a cluster's shared Postgres).
   */
  readonly unloads?: boolean;
  /** A room whose creator never connects closes after this long (their seat reservation has expired). */
  readonly creatorTimeoutMs: number;
  /** A person who has owed a move this long may have a bot stand in for them, connected or not. */
  readonly idleAfterMs: number;
  /** The host keeps the role through an absence this long. */
  readonly hostGraceMs: number;
  /** How long a connection cut off for flooding must wait to come back; doubled for each repeat. */
  readonly floodCooldownMs: number;
  /** A game that can be snapshotted is written whole after this many moves and its earlier events forgotten. */
  readonly snapshotEveryMoves: number;
  /** The server's door: failed seat-token look-ups count against the address. */
  readonly gate?: Gatekeeper;
  readonly rateLimitPerSecond: number;
  readonly maxMessageBytes: number;
  /** Where each finished game's record goes (the record endpoint reads it there). */
  readonly onRecord?: (code: string, gameType: string, gameNumber: number, record: object) => void;
  /** Told after each patch of a table (Web Push looks there for seats a game now waits for: server/src/push). */
  readonly turnWatch?: (table: WatchedTable) => void;
  /** Where rooms are written down so they survive a restart; none keeps them in memory only. */
  readonly store?: GameStore | null;
  /** Which codes are in use, by this process alone or by every process of a cluster. */
  readonly codes?: CodeDirectory;
  /** The lease a room made here gets (its fence goes with every write); none: no leases. */
  readonly newLease?: () => Lease;
  /**
   * Benchmark only (set by server/bench, never from a client or the environment): deals game
   * `gameNumber` of room `code` from a known seed, so the benchmark can script its moves ahead.
   * Without it every game is dealt from crypto randomness.
   */
  readonly dealingRng?: (code: string, gameNumber: number) => Rng;
  /** The clock presets' times (tests shorten them: a test cannot wait 30 s a move). */
  readonly clockRules: Readonly<Record<ClockId, ClockRule>>;
  /** A minute of the host's away time, in ms (tests shorten it). */
  readonly awayMinuteMs: number;
  /** What one person, and the spectators together, may do in a room beyond the message rate. */
  readonly tableLimits: TableLimits;
}

/** The table's own limits on what its members send (each a refusal with the time to wait, never a disconnection). */
export interface TableLimits {
  /** Chat lines and emotes one person (a player, or one spectator's connection) may send. */
  readonly chatPerPerson: BucketRule;
  /** Chat lines and emotes all the spectators of a room may send together: fifty cannot flood a room. */
  readonly chatBySpectators: BucketRule;
  /** A person may hand their own seat to the bot, and take it back ("I'm back"), once each in this long. */
  readonly seatHandoverMs: number;
  /**
   * A room's log starts afresh (the table, the game's snapshot or none, the kept chat and clocks;
   * everything before dropped) once this many bytes have been written since it last did.
   */
  readonly compactAfterBytes: number;
}

/**
 * What one fresh start of a room's log holds at most (TableRoom.writeAfresh), in bytes of its
 * events' data: the table (options, at most 6 seats, at most 20 removals: under 6 KB), a game's
 * snapshot or deal (today's games write under 16 KB; 32 KB allowed), the 100 kept chat lines (each
 * at most 200 four-byte characters, a 20-character name and its numbers: under 1 KB), the clocks.
 */
export const FRESH_START_BYTES = 6 * 1024 + 32 * 1024 + CHAT_KEPT_LINES * 1024 + 1024;

/**
 * The most a room's stored log holds, whatever its members send within the limits: a fresh start,
 * what was written since (under compactAfterBytes), and the one event that crossed it (a table:
 * under 6 KB). 64 KB + 139 KB + 6 KB: under 209 KB with the defaults.
 */
export function roomLogBound(limits: TableLimits): number {
  return FRESH_START_BYTES + limits.compactAfterBytes + 6 * 1024;
}

export const DEFAULT_TABLE_LIMITS: TableLimits = {
  // A burst for a quick exchange, then a line every two seconds: more is no conversation.
  chatPerPerson: { burst: 5, perMinute: 30 },
  chatBySpectators: { burst: 10, perMinute: 30 },
  seatHandoverMs: 10_000,
  compactAfterBytes: 64 * 1024,
};

/** A bot moves after this long unless the room says otherwise (people follow its moves). */
export const DEFAULT_BOT_DELAY_MS = Math.min(600, MAX_BOT_DELAY_MS);

export const DEFAULT_ROOM_CONFIG: RoomConfig = {
  botDelayMs: DEFAULT_BOT_DELAY_MS,
  emptyRoomTtlMs: 10 * 60 * 1000,
  // Colyseus holds a seat reservation for 15 s.
  creatorTimeoutMs: 16_000,
  idleAfterMs: IDLE_AFTER_MS,
  hostGraceMs: HOST_GRACE_MS,
  floodCooldownMs: 10_000,
  // A restart replays fewer than this many moves per room. A game's snapshot is a few KB and takes
  // a fraction of a millisecond to write (npm run bench:store), a few microseconds a move at this spacing.
  snapshotEveryMoves: 32,
  rateLimitPerSecond: RATE_LIMIT_PER_SECOND,
  maxMessageBytes: MAX_MESSAGE_BYTES,
  clockRules: CLOCK_RULES,
  awayMinuteMs: 60_000,
  tableLimits: DEFAULT_TABLE_LIMITS,
};

/** What the room knows about each connected client (its userData; the browser's Connection class is another thing). */
export interface ClientRecord {
  readonly role: 'player' | 'spectator';
  /** The member this connection sits for; null for a spectator (or a replaced connection). */
  memberId: string | null;
  readonly limiter: RateLimiter;
  /** The client's address (the Gatekeeper's key). */
  readonly address: string;
  /** The seat whose secrets this connection's StateView holds, and those secrets. */
  boundSeat: TableSeatState | null;
  secrets: readonly Schema[];
  /** The name a spectator gave when joining ('' for none), for their chat lines. */
  readonly name: string;
}

/** A zod refusal in one line: where, and what was wrong. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'message';
  return `${where}: ${issue.message}`.slice(0, 200);
}

/** A refused join, as the browser is shown it (counted in the metrics under its code). */
export function refuseJoin(error: RoomError, detail?: string): ServerError {
  countRoomRefusal(error);
  return new ServerError(JOIN_REFUSED, joinErrorMessage(error, detail ?? ROOM_ERROR_MESSAGES[error]));
}

/** What of a table a turn watcher reads: who owes a move, who sits there and is connected, when the game last moved. */
export interface WatchedTable {
  readonly code: string;
  readonly gameModule: { readonly name: string };
  readonly seating: { readonly seats: readonly (Member | null)[] };
  readonly session: Pick<GameSession, 'phase' | 'seatsToAct' | 'snapshot'>;
  readonly lastMoveAt: number;
}
