import type { ClockSnapshot, TableOptions } from '@samurai/shared';
import type { Lease, StoredRoom, Unloaded } from '../store/game-store';
import type { GameModule, GameSession } from './game-module';
import { Seating, SeatingSnapshot } from './Seating';
import type { TableState } from './table-state';

/** Someone the host removed: they may not sit down again unless the host lets them. */
export interface Removal {
  readonly name: string;
  readonly address: string;
}

/** A seat a bot took for good during a game: whose it was, and why (the finished game's summary lists them). */
export interface Leaver {
  readonly seat: number;
  readonly name: string;
  readonly why: 'conceded' | 'timedOut';
}

/** At the table after a game, before the next: who has said "play again", and whether that game was abandoned. */
export interface Regroup {
  readonly ready: Set<string>;
  readonly abandoned: boolean;
}

/** The table's own state as its log keeps it ('table' events); the fields after gameNumber are absent from older logs. */
export interface TableSnapshot {
  readonly options: TableOptions;
  readonly seating: SeatingSnapshot;
  readonly removals: readonly Removal[];
  readonly gameNumber: number;
  readonly regroup?: { readonly ready: readonly string[]; readonly abandoned: boolean };
  /** The people voting to abandon the game under way (member ids). */
  readonly abandonVotes?: readonly string[];
  /** Per seat, its clock's run-outs in a row this game (TableTime.timeoutsInARow). */
  readonly timeouts?: readonly number[];
  readonly leavers?: readonly Leaver[];
}

/** A game's first event: its number and the whole deal (restoring it needs no random generator). */
export interface StartEvent {
  readonly gameNumber: number;
  readonly deal: string;
}

/** The game as it stood after some moves (GameSession.snapshot's object): a restore starts from it instead of the deal. */
export interface SnapshotEvent {
  readonly gameNumber: number;
  readonly snapshot: unknown;
}

/** A room rebuilt from its log, ready for a TableRoom to take over under the same code. */
export interface ReplayedRoom {
  readonly code: string;
  readonly table: TableSnapshot;
  /** The table snapshot as written (so the room does not write it again unchanged). */
  readonly tableText: string;
  readonly seating: Seating;
  readonly state: TableState;
  readonly session: GameSession;
  readonly lastSeq: number;
  /** The moves replayed on top of the deal or snapshot. */
  readonly movesReplayed: number;
  /** The lease this process claimed the room with (null: a store no other process writes). */
  readonly lease: Lease | null;
  /** The chat lines written down (packed, in the order written; TableChat.restore keeps the latest). */
  readonly chat: readonly string[];
  /** The game's clocks as last written (null: none written since the game started). */
  readonly clock: ClockSnapshot | null;
  /** How the table was unloaded, when it comes back from that (null: restored after a restart or taken over). */
  readonly unloaded: Unloaded | null;
}

/**
 * Rebuilds a stored room: its table from the last 'table' event, its game (if one started) by
 * replaying the deal and every move through the game's engine, as if played again. Everyone is
 * away since `now` (or, for a table coming back after it was unloaded, since then) until their
 * browser comes back. Throws, naming what is wrong, when the log does not replay (edited by hand,
 * or written by a bug): the server quarantines the room.
 */
export function replayRoom(stored: StoredRoom, game: GameModule, now: number, lease: Lease | null = null, unloaded: Unloaded | null = null): ReplayedRoom {
  if (stored.gameType !== game.name) throw new Error(`the room plays "${stored.gameType}", not "${game.name}"`);
  let tableText: string | null = null;
  let start: StartEvent | SnapshotEvent | null = null;
  let moves: string[] = [];
  // Only the last clock event counts: it is read once, after the loop.
  let clockEvent: { data: string; seq: number } | null = null;
  const chat: string[] = [];
  for (const event of stored.events) {
    if (event.kind === 'table') tableText = event.data;
    else if (event.kind === 'start' || event.kind === 'snapshot') {
      start = JSON.parse(event.data) as StartEvent | SnapshotEvent;
      moves = [];
      clockEvent = null;
    } else if (event.kind === 'move') moves.push(event.data);
    else if (event.kind === 'chat') chat.push(event.data);
    else if (event.kind === 'clock') clockEvent = event;
    else throw new Error(`unknown event kind "${event.kind}" at seq ${event.seq}`);
  }
  if (tableText === null) throw new Error('no table event');
  const clock = clockEvent && clockSnapshotOf(clockEvent.data, clockEvent.seq);
  const table = JSON.parse(tableText) as TableSnapshot;
  if (!table || typeof table !== 'object' || !table.options || !table.seating || !Array.isArray(table.seating.seats) || !Array.isArray(table.removals)) {
    throw new Error('the table event is not a table');
  }
  const seating = Seating.restore(table.seating, unloaded?.at ?? now);
  const state = game.newState();
  const session = game.newSession(state);
  if (start && 'snapshot' in start) {
    if (!start.snapshot || typeof start.snapshot !== 'object') throw new Error(`the snapshot event cannot be resumed by "${game.name}"`);
    session.resume(start.snapshot, moves);
  } else if (start) {
    if (typeof start.deal !== 'string') throw new Error('the start event has no deal');
    session.restore(start.deal, moves);
  }
  return {
    code: stored.code,
    table,
    tableText,
    seating,
    state,
    session,
    lastSeq: stored.events.at(-1)?.seq ?? 0,
    movesReplayed: moves.length,
    lease,
    chat,
    clock,
    unloaded,
  };
}

function clockSnapshotOf(data: string, seq: number): ClockSnapshot {
  const snapshot = JSON.parse(data) as ClockSnapshot;
  if (!snapshot || !Array.isArray(snapshot.seats)) throw new Error(`the clock event at seq ${seq} is not a clock`);
  return snapshot;
}
