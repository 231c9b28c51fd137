import type { GameStore, RoomEvent } from '../store/game-store';

/** What the table writes down: its own state as a whole, a game's deal, a move. */
export type JournalKind = 'table' | 'start' | 'move';

/**
 * One room's side of the store: numbers its events and makes sure nothing is shown before it is
 * written. With a synchronous store (SQLite) an append is durable when it returns; with an
 * asynchronous one (Postgres) appends are chained in order and `whenDurable` waits for the chain.
 * Without a store (tests that need none) it writes nothing and waits for nothing.
 */
export class RoomJournal {
  private seq: number;
  /** The last 'table' event written (the table is written again only when it changed). */
  private tableText = '';
  /** The tail of the asynchronous writes still in flight; null when all are done. */
  private writing: Promise<void> | null = null;
  /** What waits for the writes in flight, in the order it was asked for. */
  private waiting: (() => void)[] = [];
  private failed: unknown = null;

  constructor(
    private readonly store: GameStore | null,
    private readonly code: string,
    private readonly gameType: string,
    private readonly onFailure: (error: unknown) => void,
    lastSeq = 0,
  ) {
    this.seq = lastSeq;
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
    if (this.writing) {
      this.chain(this.writing.then(() => store.append(this.code, this.gameType, numbered)));
      return first;
    }
    let result: void | Promise<void>;
    try {
      result = store.append(this.code, this.gameType, numbered);
    } catch (error) {
      this.fail(error);
      return first;
    }
    if (result) this.chain(result);
    return first;
  }

  /** Forgets the events before `seq` (an earlier game's). */
  dropBefore(seq: number): void {
    const store = this.store;
    if (!store || this.failed) return;
    if (this.writing) this.chain(this.writing.then(() => store.dropBefore(this.code, seq)));
    else this.settle(() => store.dropBefore(this.code, seq));
  }

  /**
   * Runs `then` once everything appended so far is written: at once when nothing is in flight.
   * Callbacks run in the order they were given, none is dropped (a welcome carries a seat token).
   */
  whenDurable(then: () => void): void {
    if (this.failed) return;
    const tail = this.writing;
    if (!tail) return then();
    this.waiting.push(then);
    if (this.waiting.length > 1) return;
    const flushWhenIdle = (awaited: Promise<void>): void => {
      void awaited.then(() => {
        if (this.failed) return;
        // More was appended meanwhile: what waits shows the state, so it waits for that too.
        if (this.writing !== awaited) return flushWhenIdle(this.writing!);
        this.writing = null;
        for (const callback of this.waiting.splice(0)) callback();
      });
    };
    flushWhenIdle(tail);
  }

  /** Some other write of the store (a record, closing), in order with the appends. */
  settle(write: () => void | Promise<void>): void {
    if (this.writing) {
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
