import { Worker } from 'node:worker_threads';
import { log } from '../log';

/** How often the checkpointing thread copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 200;
/**
 * The main connection's own automatic checkpoint, kept only as a backstop (64 MB of WAL) should
 * the thread be stuck or gone: SQLite's default (1,000 pages) would checkpoint on the event loop.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 16_384;
/** SQLite's default, restored when the thread cannot run. */
const DEFAULT_CHECKPOINT_PAGES = 1_000;

/**
 * The worker's code, plain JavaScript evaluated in its own thread (the server runs TypeScript
 * through ts-node, which a worker file would need to load again). It opens its own connection to
 * the file and runs PASSIVE checkpoints: those never wait for, nor block, the main connection's
 * writes; they copy what they can and fsync the database file, all off the event loop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const done = new Int32Array(workerData.done);
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage({ error: String(error && error.message || error) }); }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  try { db.close(); } finally { Atomics.store(done, 0, 1); Atomics.notify(done, 0); }
});
parentPort.postMessage({ ready: true });
`;

/**
 * Moves SQLite's WAL checkpoints off the event loop. In WAL mode a commit only appends to the
 * WAL; every 1,000 pages the committing connection copies the WAL into the database and fsyncs
 * it, which took 10–30 ms on this machine's disk while every room on the server waited (the
 * server benchmark's p99 past 2,000 moves a second came from those pauses). A thread of its own,
 * with a connection of its own, checkpoints instead; the main connection's automatic checkpoint
 * stays as a backstop far out.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly done = new SharedArrayBuffer(4);
  private alive = true;

  /** `setBackstop` sets the main connection's automatic checkpoint (pages). */
  constructor(file: string, private readonly setBackstop: (pages: number) => void) {
    setBackstop(BACKSTOP_CHECKPOINT_PAGES);
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS, done: this.done },
    });
    // The thread must not keep a finished process (or a test) alive.
    this.worker.unref();
    this.worker.on('message', (message: { error?: string }) => {
      if (message.error) log.warn(`WAL checkpoint failed (retried shortly): ${message.error}`);
    });
    this.worker.on('error', (error) => this.lost(error));
    this.worker.on('exit', (code) => {
      if (this.alive) this.lost(new Error(`the checkpointing thread exited (${code})`));
    });
  }

  /** The thread is gone: the main connection checkpoints as SQLite does by default. */
  private lost(error: Error): void {
    if (!this.alive) return;
    this.alive = false;
    log.warn(`WAL checkpoints are back on the main thread: ${error.message}`);
    this.setBackstop(DEFAULT_CHECKPOINT_PAGES);
  }

  /**
   * Closes the thread's connection before the main one closes, so that the main connection is
   * the last one and folds the WAL into the database file and removes it. Synchronous, like the
   * rest of the store: waits (at most two seconds) for the thread to say it has closed.
   */
  close(): void {
    if (!this.alive) return;
    this.alive = false;
    this.worker.postMessage('close');
    Atomics.wait(new Int32Array(this.done), 0, 0, 2_000);
    void this.worker.terminate();
  }
}
