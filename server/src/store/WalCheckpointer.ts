import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { log } from '../log';

/** How often the checkpointing thread copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 200;
/** A thread that has not checkpointed for this long counts as lost (stuck, or failing every time). */
export const STUCK_AFTER_MS = 10_000;
/** SQLite's own automatic checkpoint (pages of WAL), which the main connection goes back to without the thread. */
export const DEFAULT_CHECKPOINT_PAGES = 1_000;

/** What the main connection is told: the thread checkpoints (alive), or it is gone and the main connection must. */
export type CheckpointingThread = (alive: boolean) => void;

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
// A checkpoint at NORMAL syncs the WAL before it copies any of it, and the database after.
db.pragma('synchronous = NORMAL');
const done = new Int32Array(workerData.done);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ checkpointed: true });
  } catch (error) { parentPort.postMessage({ error: String(error && error.message || error) }); }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  try { db.close(); } finally { Atomics.store(done, 0, 1); Atomics.notify(done, 0); }
});
parentPort.postMessage({ ready: true });
`;

/**
 * Moves SQLite's WAL checkpoints, and every fsync, off the event loop. In WAL mode a commit only
 * appends to the WAL; every 1,000 pages the committing connection copies the WAL into the
 * database and fsyncs it, which took 10–30 ms on this machine's disk while every room on the
 * server waited (the server benchmark's p99 past 2,000 moves a second came from those pauses). A
 * thread of its own, with a connection of its own, checkpoints instead.
 *
 * While it does, the main connection checkpoints never and syncs nothing (it is told `alive`):
 * with synchronous=NORMAL its only fsync was the WAL's header each time a writer starts the WAL
 * over after a complete checkpoint, five times a second, and on this VM's disk that fsync waited
 * up to 325 ms behind the thread's own. Nothing is less safe for it: a commit was never synced at
 * NORMAL (it is the operating system's once written, so a killed process loses nothing), and the
 * thread's checkpoint syncs the WAL, header and all, before it copies a page of it into the
 * database, which is what the header's sync protects (SQLite's ticket ff5be73dee). A thread that
 * fails or has not checkpointed for STUCK_AFTER_MS is lost: the main connection is told so, and
 * checkpoints and syncs as SQLite does by default from then on.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly done = new SharedArrayBuffer(4);
  private alive = true;
  private exited = false;
  /** performance.now() of the thread's last checkpoint (a monotonic clock: a system clock set back or forth is no silence). */
  private lastCheckpointAt = performance.now();
  private readonly watchdog: NodeJS.Timeout;

  constructor(
    file: string,
    private readonly mainConnection: CheckpointingThread,
    times: { everyMs?: number; stuckAfterMs?: number } = {},
  ) {
    const everyMs = times.everyMs ?? CHECKPOINT_EVERY_MS;
    const stuckAfterMs = times.stuckAfterMs ?? STUCK_AFTER_MS;
    mainConnection(true);
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver: require.resolve('better-sqlite3'), everyMs, done: this.done },
    });
    // The thread must not keep a finished process (or a test) alive.
    this.worker.unref();
    this.worker.on('message', (message: { error?: string; checkpointed?: boolean }) => {
      if (message.checkpointed) this.lastCheckpointAt = performance.now();
      if (message.error) log.warn(`WAL checkpoint failed (retried shortly): ${message.error}`);
    });
    this.worker.on('error', (error) => this.lost(error));
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (this.alive) this.lost(new Error(`the checkpointing thread exited (${code})`));
    });
    this.watchdog = setInterval(() => {
      const silentMs = performance.now() - this.lastCheckpointAt;
      if (silentMs > stuckAfterMs) this.lost(new Error(`the checkpointing thread has not checkpointed for ${(silentMs / 1000).toFixed(1)} s`));
    }, stuckAfterMs / 4);
    this.watchdog.unref();
  }

  /** The thread is gone (or stuck): the main connection checkpoints and syncs as SQLite does by default. */
  private lost(error: Error): void {
    if (!this.alive) return;
    this.alive = false;
    clearInterval(this.watchdog);
    log.warn(`WAL checkpoints are back on the main thread: ${error.message}`);
    this.mainConnection(false);
  }

  /**
   * Closes the thread's connection before the main one closes, so that the main connection is
   * the last one and folds the WAL into the database file and removes it. Synchronous, like the
   * rest of the store: waits (at most two seconds) for the thread to say it has closed.
   */
  close(): void {
    clearInterval(this.watchdog);
    this.alive = false;
    // A thread given up on may still be running (stuck or slow): it is closed all the same.
    if (this.exited) return;
    this.worker.postMessage('close');
    Atomics.wait(new Int32Array(this.done), 0, 0, 2_000);
    void this.worker.terminate();
  }
}
