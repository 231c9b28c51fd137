import Database from 'better-sqlite3';
import { alreadyWritten } from './already-written';
import { RefusedWriteError, RoomEvent } from './game-store';

/** When the log is compacted, and how much at a time. */
export interface Compaction {
  /** The log compacts once it holds this many rows (events and drops): it stays small to scan. */
  readonly afterRows: number;
  /** Rows compacted in one transaction: a few milliseconds of the event loop, never more. */
  readonly rows: number;
}

export const DEFAULT_COMPACTION: Compaction = { afterRows: 8_192, rows: 2_048 };
/** A drop's seq that drops every earlier event of its room (the room closed). */
const ALL = Number.MAX_SAFE_INTEGER;

/** What the log's rows say of one room's last kept seq, before its packs are read. */
interface HotRoom {
  /** The last seq of its rows that no later drop covers (0: none). */
  last: number;
  /** Whether its packs still count (false once it closed); they do only if their last seq is at least `floor`. */
  packs: boolean;
  /** The highest drop that came after its packs and before any of its rows kept. */
  floor: number;
}

/** A pack as stored: its events, JSON `[[seq, kind, data], …]`. */
type PackedEvent = [number, string, string];

/**
 * The rooms' events in SQLite, written so that a move touches no page of its own room. A
 * per-room index (the events keyed by room and seq) made each commit write one 4 KB WAL page
 * for every room that moved in it, twice over with the checkpoint. Here:
 *  - every append goes to the end of one append-only table, `event_log` (its rowid the order of
 *    writing): a commit's events, whatever their rooms, share its last page;
 *  - a drop (dropBefore, a log started afresh, a room closed) is one more row there, with no
 *    kind: the room's earlier rows with a lower seq are gone (lazy deletes; ALL for a close);
 *  - the log is compacted a chunk at a time, oldest first (`compact`): each room's surviving
 *    rows of the chunk become one row of `event_packs` (their events as JSON, found by room),
 *    the chunk's drops delete the packs they cover, and the chunk leaves the log. Most rows of
 *    a played game are dropped before they are compacted, and the rest cost a row per room,
 *    not a row per event;
 *  - a room's events are its packs in seq order, then its rows of the log in rowid order (a
 *    scan of a few thousand rows, for the rare read of one room), drops applied as they come;
 *  - a seq already used is caught in memory (`lastSeq`, per room, read from the database once),
 *    since no index on (room, seq) refuses it any more: an append must go beyond the room's last
 *    kept event (a retry of one written is told apart, as before). A seq dropped with every later
 *    one is free again, as it was when drops deleted rows at once.
 * The view `events` shows the rooms' events as they are (for people, tests and tools).
 * The caller runs every method inside a transaction of its connection, and calls `forget` when
 * a transaction rolls back or another connection has committed (what is cached may be wrong).
 */
export class SqliteEventLog {
  /** The last kept seq of each room seen so far (appended, or read), as of this connection's last write. */
  private readonly lastSeq = new Map<string, number>();
  /** What the log held per room when last scanned (null: scan again when needed). */
  private hot: Map<string, HotRoom> | null = null;
  /** Rows in the log (about: another connection's writes are counted when compacted). */
  rows: number;

  private readonly insertRow: Database.Statement;
  private readonly selectPackLast: Database.Statement;
  private readonly selectHot: Database.Statement;
  private readonly selectPacks: Database.Statement;
  private readonly selectRowsOf: Database.Statement;
  private readonly selectAllRows: Database.Statement;
  private readonly firstRow: Database.Statement;
  private readonly chunkDrops: Database.Statement;
  private readonly deletePacksBefore: Database.Statement;
  private readonly selectStraddling: Database.Statement;
  private readonly rewritePack: Database.Statement;
  private readonly packChunk: Database.Statement;
  private readonly deleteChunk: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly compaction: Compaction = DEFAULT_COMPACTION,
  ) {
    this.insertRow = db.prepare('INSERT INTO event_log (code, seq, kind, data) VALUES (?, ?, ?, ?)');
    this.selectPackLast = db.prepare('SELECT max(last_seq) FROM event_packs WHERE code = ?').pluck();
    this.selectHot = db.prepare('SELECT code, seq, kind IS NULL FROM event_log ORDER BY id').raw(true);
    this.selectPacks = db.prepare('SELECT events FROM event_packs WHERE code = ? ORDER BY first_seq').pluck();
    this.selectRowsOf = db.prepare('SELECT seq, kind, data FROM event_log WHERE code = ? ORDER BY id').raw(true);
    this.selectAllRows = db.prepare('SELECT code, seq, kind, data FROM event_log ORDER BY id').raw(true);
    this.firstRow = db.prepare('SELECT min(id) FROM event_log').pluck();
    this.chunkDrops = db.prepare('SELECT code, max(seq) FROM event_log WHERE kind IS NULL AND id < ? GROUP BY code').raw(true);
    this.deletePacksBefore = db.prepare('DELETE FROM event_packs WHERE code = ? AND last_seq < ?');
    this.selectStraddling = db.prepare('SELECT id, events FROM event_packs WHERE code = ? AND first_seq < ?').raw(true);
    this.rewritePack = db.prepare('UPDATE event_packs SET first_seq = ?, events = ? WHERE id = ?');
    // A row survives unless a later drop of its room covers it; a room's survivors become one
    // pack, in the order they were written (json_group_array's ORDER BY: SQLite 3.44 or later).
    this.packChunk = db.prepare(`
      INSERT INTO event_packs (code, first_seq, last_seq, events)
      SELECT code, min(seq), max(seq), json_group_array(json_array(seq, kind, data) ORDER BY id)
        FROM event_log e
       WHERE id < ? AND kind IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM event_log d WHERE d.kind IS NULL AND d.code = e.code AND d.seq > e.seq AND d.id > e.id)
       GROUP BY code`);
    this.deleteChunk = db.prepare('DELETE FROM event_log WHERE id < ?');
    this.rows = db.prepare('SELECT count(*) FROM event_log').pluck().get() as number;
  }

  /** What is cached may be wrong (a transaction rolled back, another connection wrote): read again when needed. */
  forget(): void {
    this.lastSeq.clear();
    this.hot = null;
  }

  /**
   * Appends a room's events (their seqs rising, the first beyond the room's last), then the drop
   * of its events before `dropBefore` (0: none). Answers false, writing nothing, when they are
   * in the log already, the same (a retry); refuses a seq used by other events.
   */
  append(code: string, events: readonly RoomEvent[], dropBefore: number): boolean {
    for (let i = 1; i < events.length; i++) {
      if (events[i].seq <= events[i - 1].seq) throw new RefusedWriteError(`room ${code}: seq ${events[i].seq} follows seq ${events[i - 1].seq}`);
    }
    const first = events[0].seq;
    if (first <= this.lastOf(code)) {
      const last = events[events.length - 1].seq;
      if (
        alreadyWritten(
          events,
          this.eventsOf(code).filter((e) => e.seq >= first && e.seq <= last),
        )
      )
        return false;
      throw new RefusedWriteError(`room ${code}: seq ${first} is taken`);
    }
    for (const event of events) this.insertRow.run(code, event.seq, event.kind, event.data);
    this.rows += events.length;
    this.lastSeq.set(code, events[events.length - 1].seq);
    if (dropBefore > 0) this.drop(code, dropBefore);
    return true;
  }

  /** The room's events before `seq` go. */
  drop(code: string, seq: number): void {
    this.insertRow.run(code, seq, null, null);
    this.rows++;
    // Nothing kept: the log goes on from nothing.
    if ((this.lastSeq.get(code) ?? seq) < seq) this.lastSeq.set(code, 0);
  }

  /** The room closed: all its events go, and should its code come round again, its log starts from nothing. */
  close(code: string): void {
    this.drop(code, ALL);
    this.lastSeq.set(code, 0);
  }

  /** The room's log starts (its code new, or come round again after a close): nothing is before its first seq. */
  started(code: string): void {
    this.lastSeq.set(code, 0);
  }

  /**
   * The seq of the room's last kept event (0: none; a seq below it, or equal, is taken): from
   * memory, or from the log's rows and its last pack.
   */
  private lastOf(code: string): number {
    const known = this.lastSeq.get(code);
    if (known !== undefined) return known;
    const hot = (this.hot ??= this.scanHot()).get(code) ?? { last: 0, packs: true, floor: 0 };
    let last = hot.last;
    if (last === 0 && hot.packs) {
      const packed = (this.selectPackLast.get(code) as number | null) ?? 0;
      if (packed >= hot.floor) last = packed;
    }
    this.lastSeq.set(code, last);
    return last;
  }

  /** The log's rows read once, room by room, for lastOf (a room's rows have rising seqs, after its packs'). */
  private scanHot(): Map<string, HotRoom> {
    const rooms = new Map<string, HotRoom>();
    for (const [code, seq, isDrop] of this.selectHot.iterate() as Iterable<[string, number, number]>) {
      let room = rooms.get(code);
      if (!room) rooms.set(code, (room = { last: 0, packs: true, floor: 0 }));
      if (!isDrop) room.last = seq;
      else if (seq === ALL) [room.last, room.packs, room.floor] = [0, false, 0];
      else if (room.last < seq) [room.last, room.floor] = [0, Math.max(room.floor, seq)];
    }
    return rooms;
  }

  /** One room's events, in seq order. */
  eventsOf(code: string): RoomEvent[] {
    const events = this.packedEventsOf(code);
    for (const [seq, kind, data] of this.selectRowsOf.iterate(code) as Iterable<[number, string | null, string | null]>) {
      if (kind === null) dropFrom(events, seq);
      else events.push({ seq, kind, data: data! });
    }
    return events;
  }

  /** These rooms' events, in seq order: their packs, then one scan of the log. */
  eventsOfRooms(codes: readonly string[]): Map<string, RoomEvent[]> {
    const rooms = new Map<string, RoomEvent[]>();
    for (const code of codes) rooms.set(code, this.packedEventsOf(code));
    for (const [code, seq, kind, data] of this.selectAllRows.iterate() as Iterable<[string, number, string | null, string | null]>) {
      const events = rooms.get(code);
      if (!events) continue;
      if (kind === null) dropFrom(events, seq);
      else events.push({ seq, kind, data: data! });
    }
    return rooms;
  }

  private packedEventsOf(code: string): RoomEvent[] {
    const events: RoomEvent[] = [];
    for (const pack of this.selectPacks.iterate(code) as Iterable<string>) {
      for (const [seq, kind, data] of JSON.parse(pack) as PackedEvent[]) events.push({ seq, kind, data });
    }
    return events;
  }

  /** Whether the log has grown enough to compact a chunk of it. */
  get compactionDue(): boolean {
    return this.rows >= this.compaction.afterRows;
  }

  /** Whether the log has grown to twice that: its compactions after the turn's I/O have not kept up. */
  get compactionOverdue(): boolean {
    return this.rows >= 2 * this.compaction.afterRows;
  }

  /** Compacts the log's oldest rows (see the class): its caller's transaction holds the write lock for this only. */
  compact(rows = this.compaction.rows): void {
    const first = this.firstRow.get() as number | null;
    if (first === null) {
      this.rows = 0;
      return;
    }
    const end = first + rows;
    for (const [code, seq] of this.chunkDrops.all(end) as [string, number][]) {
      this.deletePacksBefore.run(code, seq);
      // A pack the drop cuts through (written before a drop that came on its own): what is left of it.
      for (const [id, text] of this.selectStraddling.all(code, seq) as [number, string][]) {
        const kept = (JSON.parse(text) as PackedEvent[]).filter(([packedSeq]) => packedSeq >= seq);
        this.rewritePack.run(kept[0][0], JSON.stringify(kept), id);
      }
    }
    this.packChunk.run(end);
    this.rows = Math.max(0, this.rows - this.deleteChunk.run(end).changes);
    // Its rooms' rows are in packs now: the next seq check reads them there.
    this.hot = null;
  }
}

/** A drop as a room's events are read: those before `seq` go (they are in seq order). */
function dropFrom(events: RoomEvent[], seq: number): void {
  let kept = 0;
  while (kept < events.length && events[kept].seq < seq) kept++;
  if (kept > 0) events.splice(0, kept);
}
