import type { GameStore, Lease, RoomEvent } from '../store/game-store';

/**
 * What the table writes down: its own state as a whole, a game's deal, a move, a chat line (not
 * part of any game), the clocks as they changed (ClockSnapshot), the game as it stood (a
 * snapshot, which a restore starts from instead of the deal).
 */
export type JournalKind = 'table' | 'start' | 'move' | 'chat' | 'clock' | 'snapshot';

/**
 * One room's side of the store: numbers its events and makes sure nothing is shown before it is
 * written. With a synchronous store an append is durable when it returns; with an asynchronous
 * one `whenDurable` waits for the writes in flight, which are made at once when the store keeps
 * their order (SQLite's group commit) and chained one after another when it does not (Postgres).
 * Without a store (tests that need none) it writes nothing and waits for nothing. Every write
 * carries the room's lease, so a copy whose room another process has claimed writes nothing more.
 */
export class RoomJournal {
  private seq: number;
  /** The last 'table' event written (the table is written again only when it changed). */
  private tableText = '';
  /** The tail of the asynchronous writes still in flight; null when all are done. */
  private writing: Promise<void> | null = null;
  /** Appends made through the store's appendThen and not yet answered. */
  private appending = 0;
  /** Whether a watch on `writing` is under way (see watchWrites). */
  private watching = false;
  /** What waits for the writes in flight, in the order it was asked for. */
  private waiting: (() => void)[] = [];
  private failed: unknown = null;
  /** When the first write of this copy of the room was durable (0: none yet): since then the store holds its lease. */
  private firstDurableAt = 0;

  constructor(
    private readonly store: GameStore | null,
    private readonly code: string,
    private readonly gameType: string,
    private readonly onFailure: (error: unknown) => void,
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
    return this.firstDurableAt > 0 && this.firstDurableAt < time && !this.failed;
  }

  /** Writes nothing more (another process has the room now). */
  stop(error: unknown): void {
    this.failed ??= error;
  }

  get enabled(): boolean {
    return this.store !== null;
  }

  /** The seq of the last event appended. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Remembers the table as it was restored (so it is not written again unchanged). */
  restoredTable(text: string): void {
    this.tableText = text;
  }

  /** Writes the table's state if it changed since last written. */
  table(text: string): void {
    if (text === this.tableText) return;
    this.tableText = text;
    this.append([{ kind: 'table', data: text }]);
  }

  /** Appends events (in one transaction). Returns the seq of the first. */
  append(events: readonly { kind: JournalKind; data: string }[]): number {
    const first = this.seq + 1;
    const store = this.store;
    if (!store || this.failed) return first;
    const numbered: RoomEvent[] = events.map((e) => ({ seq: ++this.seq, kind: e.kind, data: e.data }));
    const lease = this.lease ?? undefined;
    if (store.appendThen && (!this.writing || store.writesInOrder)) {
      this.appending++;
      store.appendThen(this.code, this.gameType, numbered, lease, this.appended);
      return first;
    }
    const noteFirst = () => {
      if (!this.firstDurableAt) this.firstDurableAt = Date.now();
    };
    if (this.writing && !store.writesInOrder) {
      this.chain(this.writing.then(() => store.append(this.code, this.gameType, numbered, lease)).then(noteFirst));
      return first;
    }
    let result: void | Promise<void>;
    try {
      result = store.append(this.code, this.gameType, numbered, lease);
    } catch (error) {
      this.fail(error);
      return first;
    }
    if (result) this.chain(result.then(noteFirst));
    else noteFirst();
    return first;
  }

  /** Forgets the events before `seq` (an earlier game's). */
  dropBefore(seq: number): void {
    const store = this.store;
    if (!store || this.failed) return;
    const fence = this.lease?.fence;
    this.settle(() => store.dropBefore(this.code, seq, fence));
  }

  /** The room closed for good: it leaves the store's live rooms (unless another process has it now). */
  close(): void {
    const store = this.store;
    if (!store || this.failed || this.seq === 0) return;
    const fence = this.lease?.fence;
    this.settle(() => store.closeRoom(this.code, fence));
  }

  /** The store's answer to an appendThen (one function for every append: a move allocates no callback). */
  private readonly appended = (error?: unknown): void => {
    this.appending--;
    if (error !== undefined) return this.fail(error);
    if (!this.firstDurableAt) this.firstDurableAt = Date.now();
    if (this.appending > 0 || this.waiting.length === 0) return;
    if (this.writing) this.watchWrites();
    else this.flushWaiting();
  };

  /**
   * Runs `then` once everything appended so far is written: at once when nothing is in flight.
   * Callbacks run in the order they were given, none is dropped (a welcome carries a seat token).
   */
  whenDurable(then: () => void): void {
    if (this.failed) return;
    if (!this.writing && this.appending === 0) return then();
    this.waiting.push(then);
    // appendThen's answers flush what waits (appended); writes in flight as promises are watched.
    this.watchWrites();
  }

  /** Waits for the promised writes in flight (and any made meanwhile), then for appendThen's. */
  private watchWrites(): void {
    if (this.watching || !this.writing) return;
    this.watching = true;
    const flushWhenIdle = (awaited: Promise<void>): void => {
      void awaited.then(() => {
        if (this.failed) return;
        // More was appended meanwhile: what waits shows the state, so it waits for that too.
        if (this.writing !== awaited) return flushWhenIdle(this.writing!);
        this.writing = null;
        this.watching = false;
        if (this.appending === 0) this.flushWaiting();
      });
    };
    flushWhenIdle(this.writing);
  }

  private flushWaiting(): void {
    if (this.failed) return;
    for (const callback of this.waiting.splice(0)) callback();
  }

  /** Some other write of the store (a record, closing), in order with the appends. */
  settle(write: () => void | Promise<void>): void {
    if (this.failed) return;
    if (this.writing && !this.store?.writesInOrder) {
      this.chain(this.writing.then(write));
      return;
    }
    try {
      const result = write();
      if (result) this.chain(result);
    } catch (error) {
      this.fail(error);
    }
  }

  private chain(write: Promise<void>): void {
    const tail: Promise<void> = write.catch((error: unknown) => this.fail(error));
    this.writing = tail;
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = error ?? new Error('write failed');
    this.onFailure(error);
  }
}
