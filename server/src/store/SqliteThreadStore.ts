import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { log } from '../log';
import type { GameStore, Lease, RoomEvent, StoredGame, StoredRoom } from './game-store';
import { deserializeStoreError, OpenMessage, SerializedError, StoreCall, StoreMethod, StoreReply, ThreadAppend } from './sqlite-thread-protocol';
import { checkEvents } from './SqliteStore';

/** Runs the thread's TypeScript when the server itself runs from TypeScript (ts-node, jest). */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.tsNode) require(workerData.tsNode).register({ transpileOnly: true, project: workerData.project });
require(workerData.entry);
`;

/** A thread with its modules loaded (said so), waiting for the file to open. */
interface StoreThread {
  readonly worker: Worker;
  readonly loaded: Promise<void>;
}

function startThread(): StoreThread {
  const entry = path.join(__dirname, `sqlite-thread-worker${path.extname(__filename)}`);
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    // Nothing inherited from the command line: the thread registers ts-node itself when needed.
    execArgv: [],
    workerData: {
      entry,
      tsNode: entry.endsWith('.ts') ? require.resolve('ts-node') : null,
      project: path.join(__dirname, '..', '..', 'tsconfig.json'),
    },
  });
  // A thread nobody has opened a file with does not keep the process alive.
  worker.unref();
  const loaded = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the store's thread exited while loading (${code})`)));
  });
  loaded.catch(() => undefined);
  return { worker, loaded };
}

let preparedThread: StoreThread | null = null;

/**
 * Starts the store's thread ahead, so that its modules load (ts-node compiling them takes most of
 * its start) while the server loads its own; the next SqliteThreadStore.open uses it. Resolves
 * once it has loaded.
 */
export function prepareStoreThread(): Promise<void> {
  preparedThread ??= startThread();
  return preparedThread.loaded;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** An append waiting for its turn's message to the thread. */
interface QueuedAppend extends ThreadAppend {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The server's SQLite store: a SqliteStore on a thread of its own, so that writing to the disk
 * (SQLite's own work, and the waits when the disk is slow) never holds up the event loop, where
 * every room's messages are handled. A turn's appends go to the thread in one message and are
 * written in one transaction; each resolves once that has committed, and only then does a room
 * show what it wrote, as before. Every call reaches the thread in the order it was made, so writes
 * and reads take effect in that order (writesInOrder), as with the SqliteStore itself.
 */
export class SqliteThreadStore implements GameStore {
  readonly kind = 'sqlite';
  readonly writesInOrder = true;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private queued: QueuedAppend[] = [];
  private flushScheduled = false;
  private closed = false;
  /** Set once the thread is gone: every call after refuses with it. */
  private lost: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: StoreReply) => this.answer(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the store's thread exited (${code})`)));
  }

  /**
   * Opens the file on its thread (the one prepareStoreThread started, or a new one); rejects as
   * SqliteStore's constructor throws (a newer schema, a file that cannot be opened).
   */
  static async open(file: string, options: OpenMessage['options'] = {}): Promise<SqliteThreadStore> {
    const thread = preparedThread ?? startThread();
    preparedThread = null;
    await thread.loaded;
    const { worker } = thread;
    return new Promise((resolve, reject) => {
      const opened = (message: { opened?: true; failed?: SerializedError }) => {
        worker.off('message', opened);
        worker.off('error', reject);
        if (message.failed) {
          void worker.terminate();
          reject(deserializeStoreError(message.failed));
        } else {
          worker.unref();
          resolve(new SqliteThreadStore(worker));
        }
      };
      worker.on('message', opened);
      worker.once('error', reject);
      worker.ref();
      worker.postMessage({ file, options } satisfies OpenMessage);
    });
  }

  append(code: string, gameType: string, events: readonly RoomEvent[], lease?: Lease): void | Promise<void> {
    if (events.length === 0) return;
    checkEvents(events);
    if (this.closed) throw new Error('the store is shut down');
    return new Promise((resolve, reject) => {
      this.queued.push({ code, gameType, events, lease, resolve, reject });
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      setImmediate(this.flush);
    });
  }

  /** The turn's appends, to the thread in one message (and so in one transaction). */
  private readonly flush = (): void => {
    this.flushScheduled = false;
    const batch = this.queued;
    if (batch.length === 0) return;
    this.queued = [];
    const appends: ThreadAppend[] = batch.map(({ code, gameType, events, lease }) => ({ code, gameType, events, lease }));
    this.call('appendAll', [appends]).then(
      (outcomes) => {
        (outcomes as (SerializedError | null)[]).forEach((error, i) => (error ? batch[i].reject(deserializeStoreError(error)) : batch[i].resolve()));
      },
      (error: unknown) => batch.forEach((append) => append.reject(error)),
    );
  };

  /** Any other call: the queued appends go first, so the thread sees the calls in the order they were made. */
  private call(method: StoreMethod, args: readonly unknown[]): Promise<unknown> {
    if (method !== 'appendAll') this.flush();
    if (this.lost) return Promise.reject(this.lost);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The thread keeps the process alive only while it owes an answer.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args } satisfies StoreCall);
    });
  }

  private answer(reply: StoreReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) pending.reject(deserializeStoreError(reply.error));
    else pending.resolve(reply.value);
  }

  /** The thread failed or exited: what waits is refused, and so is every call after. */
  private fail(error: Error): void {
    if (this.lost) return;
    this.lost = error;
    if (!this.closed) log.error("the store's thread stopped: rooms can write nothing more", error);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  dropBefore(code: string, seq: number, fence?: string): Promise<void> {
    return this.call('dropBefore', [code, seq, fence]) as Promise<void>;
  }

  saveGame(game: StoredGame, record: string): Promise<void> {
    return this.call('saveGame', [game, record]) as Promise<void>;
  }

  closeRoom(code: string, fence?: string): Promise<void> {
    return this.call('closeRoom', [code, fence]) as Promise<void>;
  }

  quarantine(code: string, reason: string): Promise<void> {
    return this.call('quarantine', [code, reason]) as Promise<void>;
  }

  liveRooms(): Promise<StoredRoom[]> {
    return this.call('liveRooms', []) as Promise<StoredRoom[]>;
  }

  liveRoom(code: string): Promise<StoredRoom | null> {
    return this.call('liveRoom', [code]) as Promise<StoredRoom | null>;
  }

  claimRoom(code: string, lease: Lease, ifExpiredBefore?: number): Promise<boolean> {
    return this.call('claimRoom', [code, lease, ifExpiredBefore]) as Promise<boolean>;
  }

  claimRooms(claims: readonly { readonly code: string; readonly lease: Lease }[]): Promise<void> {
    return this.call('claimRooms', [claims]) as Promise<void>;
  }

  renewLeases(owner: string, codes: readonly string[], expiresAt: number): Promise<string[]> {
    return this.call('renewLeases', [owner, codes, expiresAt]) as Promise<string[]>;
  }

  releaseLeases(owner: string): Promise<void> {
    return this.call('releaseLeases', [owner]) as Promise<void>;
  }

  expiredRooms(now: number): Promise<string[]> {
    return this.call('expiredRooms', [now]) as Promise<string[]>;
  }

  record(code: string, gameNumber?: number): Promise<{ game: StoredGame; record: string } | null> {
    return this.call('record', [code, gameNumber]) as Promise<{ game: StoredGame; record: string } | null>;
  }

  games(code: string): Promise<StoredGame[]> {
    return this.call('games', [code]) as Promise<StoredGame[]>;
  }

  pruneGames(before: number): Promise<number> {
    return this.call('pruneGames', [before]) as Promise<number>;
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.call('ping', [])) === true;
    } catch {
      return false;
    }
  }

  /** Writes what is queued, closes the file on its thread, and ends the thread. */
  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.lost) await this.call('shutdown', []);
    } finally {
      await this.worker.terminate();
      this.lost ??= new Error('the store is shut down');
    }
  }
}
