import { performance } from 'node:perf_hooks';
import { log } from '../log';
import { countMoves, noteWaitingForStorage, observeAppend } from '../metrics';
import { AppendExtras, FinishedGame, GameStore, Lease, RefusedWriteError, RoomEvent, Unloaded } from '../store/game-store';

/**
 * What the table writes down: its own state as a whole, a game's deal, a move, a chat line (not
 * part of any game), the clocks as they changed (ClockSnapshot), the game as it stood (a
 * snapshot, which a restore starts from instead of the deal).
 */
export type JournalKind = 'table' | 'start' | 'move' | 'chat' | 'clock' | 'snapshot';

/** What an append of the table may carry (see AppendExtras). */
export interface JournalExtras {
  /** The log starts again with these events (a deal, a snapshot): the room's earlier events go. */
  readonly startsLog?: boolean;
  /** The game these events finish, kept in the same write as its last move. */
  readonly finished?: FinishedGame;
}

/** What the room hears of its storage. */
export interface JournalListener {
  /** A write was refused for what it is (FencedError: another process has the room): this copy writes nothing more. */
  refused(error: RefusedWriteError): void;
  /** The storage failed a write (true): nothing more is written or shown until a retry has written it all (false). */
  waiting(waiting: boolean): void;
}

/** The first retry comes after this long, each next one after twice as long, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 4000;

/**
 * One room's side of the store: numbers its events and makes sure nothing is shown before it is
 * written, and that the log never has a hole. Appends are written in order: all at once when the
 * store keeps their order (SQLite's group commit), one after another when it does not (Postgres).
 * Without a store (tests that need none) it writes nothing and waits for nothing. Every write
 * carries the room's lease, so a copy whose room another process has claimed writes nothing more.
 *
 * When the storage fails a write (the database unreachable, a full disk), nothing after it is
 * written or shown: the room waits (`waitingForStorage`), and the appends not known written are
 * tried again in order, with the same seqs, after a backoff, until the store takes them (an
 * append whose answer was lost is found written: the store's appends are idempotent). Then
 * everything that waited is shown, and the room carries on. A refusal (the room is not this
 * copy's any more, or not live) ends the journal's writing for good.
 */
export class RoomJournal {
  private seq: number;
  /** The last 'table' event written (the table is written again only when it changed). */
  private tableText = '';
  /**
   * The appends not yet known written, oldest first, from `head` on: their events and extras
   * (two arrays, so that an append allocates no record of its own). Emptied whenever all are written.
   */
  private readonly unwritten: (readonly RoomEvent[])[] = [];
  private readonly unwrittenExtras: (AppendExtras | undefined)[] = [];
  /** When each was appended (performance.now()): the store's answer is timed from then (metrics). */
  private readonly unwrittenAt: number[] = [];
  private head = 0;
  /** Appends handed to the store and not yet answered. */
  private inFlight = 0;
  private mode: 'writing' | 'waiting' | 'stopped' = 'writing';
  /** Retries so far in this wait (the backoff grows with them). */
  private retries = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** What waits for everything appended so far to be written, in the order it was asked for. */
  private waiting: (() => void)[] = [];
  /** What waits for the writes in flight to end, written or not (drained). */
  private settling: (() => void)[] = [];
  /** The room closed for good while appends were unwritten: it leaves the store's live rooms after them. */
  private closing = false;
  /** When the first write of this copy of the room was durable (0: none yet): since then the store holds its lease. */
  private firstDurableAt = 0;
  /**
   * UTF-8 bytes of the events' data appended since the log last started afresh (startsLog), so the
   * room knows when to start it afresh again (TableRoom.compactIfDue).
   */
  bytesSinceFresh = 0;

  constructor(
    private readonly store: GameStore | null,
    private readonly code: string,
    private readonly gameType: string,
    private readonly listener: JournalListener,
    lastSeq = 0,
    /** The room's lease (null: a store no other process writes, and tests). */
    private readonly lease: Lease | null = null,
  ) {
    this.seq = lastSeq;
    // A restored room's lease was claimed in the store before it was made.
    if (lastSeq > 0) this.firstDurableAt = Date.now();
  }

  /** Whether the store held this room's lease before `time` (its first events written, or it was restored by then). */
  heldBefore(time: number): boolean {
    return this.firstDurableAt > 0 && this.firstDurableAt < time && this.mode !== 'stopped';
  }

  /** Writes nothing more (another process has the room now, or this copy is gone); what was not written is given up. */
  stop(): void {
    if (this.mode === 'waiting') noteWaitingForStorage(false);
    this.mode = 'stopped';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.runSettling();
  }

  get enabled(): boolean {
    return this.store !== null;
  }

  /** Whether a write failed and the room waits for its storage: nothing is written or shown meanwhile. */
  get waitingForStorage(): boolean {
    return this.mode === 'waiting';
  }

  /** The seq of the last event appended. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Remembers the table as it was restored (so it is not written again unchanged). */
  restoredTable(text: string): void {
    this.tableText = text;
  }

  /** Writes the table's state if it changed since last written (or, always, with what `extras` carry). */
  table(text: string, extras?: JournalExtras): void {
    if (text === this.tableText && !extras) return;
    this.tableText = text;
    this.append([{ kind: 'table', data: text }], extras);
  }

  /** Appends events (in one transaction, with what they carry). Returns the seq of the first. */
  append(events: readonly { kind: JournalKind; data: string }[], extras?: JournalExtras): number {
    const first = this.seq + 1;
    let moves = 0;
    if (extras?.startsLog) this.bytesSinceFresh = 0;
    else {
      for (const event of events) {
        this.bytesSinceFresh += Buffer.byteLength(event.data);
        if (event.kind === 'move') moves++;
      }
    }
    if (moves > 0) countMoves(moves);
    if (!this.store || this.mode === 'stopped') return first;
    const numbered: RoomEvent[] = events.map((e) => ({ seq: ++this.seq, kind: e.kind, data: e.data }));
    this.unwritten.push(numbered);
    this.unwrittenExtras.push(extras && storeExtras(extras, first));
    this.unwrittenAt.push(performance.now());
    // A store that keeps the order takes each append at once; another, one after the other.
    if (this.mode === 'writing' && (this.inFlight === 0 || this.store.writesInOrder)) this.send(this.unwritten.length - 1);
    return first;
  }

  /** Hands the unwritten append at `index` to the store; its answer comes to `appended`. */
  private send(index: number): void {
    const store = this.store!;
    const events = this.unwritten[index];
    const extras = this.unwrittenExtras[index];
    this.inFlight++;
    if (store.appendThen) return store.appendThen(this.code, this.gameType, events, this.lease ?? undefined, this.appended, extras);
    let result: void | Promise<void>;
    try {
      result = store.append(this.code, this.gameType, events, this.lease ?? undefined, extras);
    } catch (error) {
      return this.appended(error ?? new Error('write failed'));
    }
    if (result) result.then(this.written, this.writeFailed);
    else this.appended();
  }

  private readonly written = (): void => this.appended();
  private readonly writeFailed = (error: unknown): void => this.appended(error ?? new Error('write failed'));

  /** The store's answer to the oldest append in flight (one function for every append: a move allocates no callback). */
  private readonly appended = (error?: unknown): void => {
    this.inFlight--;
    if (this.mode === 'stopped') return;
    if (error !== undefined) return this.failed(error);
    // Waiting already: a later append's answer (the store refused it after the one that failed).
    // It is tried again with the others in order (and found written, should it have been).
    if (this.mode === 'waiting') return this.retryOnceAnswered();
    observeAppend((performance.now() - this.unwrittenAt[this.head]) / 1000);
    this.noteWritten();
    if (!this.store!.writesInOrder && this.inFlight === 0 && this.head < this.unwritten.length) this.send(this.head);
  };

  /** The oldest unwritten append is written. */
  private noteWritten(): void {
    if (!this.firstDurableAt) this.firstDurableAt = Date.now();
    this.head++;
    if (this.head < this.unwritten.length) {
      // A room that never stops writing (an async store) never empties them: drop what is done now and then.
      if (this.head >= 1024) {
        this.unwritten.splice(0, this.head);
        this.unwrittenExtras.splice(0, this.head);
        this.unwrittenAt.splice(0, this.head);
        this.head = 0;
      }
      return;
    }
    this.unwritten.length = 0;
    this.unwrittenExtras.length = 0;
    this.unwrittenAt.length = 0;
    this.head = 0;
    this.allWritten();
  }

  /** Nothing is unwritten: what waited for it runs (and a room closed meanwhile leaves the store). */
  private allWritten(): void {
    if (this.waiting.length > 0) for (const callback of this.waiting.splice(0)) callback();
    this.runSettling();
    if (this.closing) {
      this.closing = false;
      this.close();
    }
  }

  private failed(error: unknown): void {
    if (this.mode === 'stopped') return;
    if (error instanceof RefusedWriteError) {
      this.stop();
      this.listener.refused(error);
      return;
    }
    if (this.mode === 'writing') {
      this.mode = 'waiting';
      noteWaitingForStorage(true);
      log.error(
        `room ${this.code}: its storage failed a write; the room waits, and tries again from seq ${this.unwritten[this.head]?.[0]?.seq ?? this.seq + 1}`,
        error,
      );
      this.runSettling();
      this.listener.waiting(true);
    }
    this.retryOnceAnswered();
  }

  /** Once the store has answered every append in flight, the next retry is due after the backoff. */
  private retryOnceAnswered(): void {
    if (this.inFlight > 0 || this.retryTimer || this.mode !== 'waiting') return;
    const backoff = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.retries);
    // Jittered, so that the rooms of a process do not all try at the same moment.
    this.retryTimer = setTimeout(() => void this.retry(), backoff * (0.75 + Math.random() / 2));
    this.retryTimer.unref();
  }

  /** Writes the unwritten appends again, one at a time, in order; carries on once all are written. */
  private async retry(): Promise<void> {
    this.retryTimer = null;
    this.retries++;
    const store = this.store!;
    while (this.mode === 'waiting' && this.head < this.unwritten.length) {
      const index = this.head;
      this.inFlight++;
      try {
        await store.append(this.code, this.gameType, this.unwritten[index], this.lease ?? undefined, this.unwrittenExtras[index]);
      } catch (error) {
        this.inFlight--;
        this.failed(error ?? new Error('write failed'));
        return;
      }
      this.inFlight--;
      if (this.mode !== 'waiting') return;
      if (index + 1 < this.unwritten.length) {
        this.noteWritten();
        continue;
      }
      // The last one: the room carries on (its new writes go the usual way) before what waited is
      // shown, so its clocks restart first.
      this.mode = 'writing';
      noteWaitingForStorage(false);
      log.warn(`room ${this.code}: its storage answers again; the room carries on (after ${this.retries} retries)`);
      this.retries = 0;
      this.listener.waiting(false);
      this.noteWritten();
      return;
    }
  }

  /** The room closed for good: it leaves the store's live rooms (unless another process has it now). */
  close(): void {
    const store = this.store;
    if (!store || this.mode === 'stopped' || this.seq === 0) return;
    if (this.head < this.unwritten.length) {
      this.closing = true;
      return;
    }
    const fence = this.lease?.fence;
    // (Closing may fail: the room then stays live in the store, and a start restores it, empty, to close again.)
    const failed = (error: unknown) =>
      log.warn(`room ${this.code}: it could not be closed in the store (${error instanceof Error ? error.message : String(error)})`);
    try {
      const result = store.closeRoom(this.code, fence);
      if (result) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  /**
   * The room leaves this process's memory, live in the store: once everything appended so far is
   * written, the store marks it unloaded (GameStore.unloadRoom) under the room's fence, and the
   * journal writes nothing more. Answers 'lost' when the room is not this copy's any more, and
   * 'failed' when the storage failed or waits (the room stays, and may try again later).
   */
  unload(unloaded: Unloaded): Promise<'unloaded' | 'lost' | 'failed'> {
    return new Promise((resolve) =>
      this.whenSettled(() => {
        const store = this.store;
        if (this.mode === 'stopped') return resolve('lost');
        if (!store || this.mode === 'waiting' || this.seq === 0) return resolve('failed');
        store.unloadRoom(this.code, unloaded, this.lease?.fence).then(
          (done) => {
            if (done) this.stop();
            resolve(done ? 'unloaded' : 'lost');
          },
          (error: unknown) => {
            log.warn(
              `room ${this.code}: it could not be unloaded (${error instanceof Error ? error.message : String(error)}); it stays, and tries again later`,
            );
            resolve('failed');
          },
        );
      }),
    );
  }

  /**
   * Runs `then` once everything appended so far is written: at once when nothing is unwritten.
   * Callbacks run in the order they were given, none is dropped (a welcome carries a seat token).
   */
  whenDurable(then: () => void): void {
    if (this.mode === 'stopped') return;
    if (this.head === this.unwritten.length) return then();
    this.waiting.push(then);
  }

  /** Runs `then` once no write is under way: all written, or waiting for the storage, or stopped (a server stopping). */
  whenSettled(then: () => void): void {
    if (this.mode !== 'writing' || this.head === this.unwritten.length) return then();
    this.settling.push(then);
  }

  private runSettling(): void {
    if (this.settling.length > 0) for (const callback of this.settling.splice(0)) callback();
  }
}

/** What the store is to do with an append beginning at `first` besides writing it; undefined for nothing. */
function storeExtras(extras: JournalExtras, first: number): AppendExtras | undefined {
  // The very first events have nothing before them to drop.
  const dropBefore = extras.startsLog && first > 1 ? first : 0;
  return dropBefore > 0 || extras.finished ? { dropBefore, finished: extras.finished } : undefined;
}
