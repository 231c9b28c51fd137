import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker, WorkerOptions } from 'node:worker_threads';
import { THINK_MS } from '@samurai/shared';
import { log } from '../log';
import type { ThinkTask } from './think';

/** A thread that has not answered this long after its task's own time is stuck: it is ended, the task failed. */
export const STUCK_AFTER_MS = 10_000;

export interface BotSettings {
  /** Threads that think at once (each a core's worth of work while it does). */
  readonly threads: number;
  /** How long an expert thinks over a move of its own turn, and over an answer to a prompt. */
  readonly turnMs: number;
  readonly promptMs: number;
  /** And at most this many search iterations (tests set few: the same move on every machine). */
  readonly iterations: number;
}

/** One core left to the rooms' event loop; the rest think. */
export function defaultBotSettings(): BotSettings {
  return { threads: Math.max(1, availableParallelism() - 1), turnMs: THINK_MS.turn, promptMs: THINK_MS.prompt, iterations: 1_000_000 };
}

/**
 * A thread that runs TypeScript: tsx's require hook, resolved here (so whatever the working
 * directory), with the server's compiler options (useDefineForClassFields among them), as the
 * tests and `npm run dev` compile the rest. Only where this file is itself TypeScript: the
 * compiled server has no tsx. The thread's code (think.ts, the engines) reads no other variable.
 */
function typescriptThread(): WorkerOptions {
  return { execArgv: ['--require', require.resolve('tsx/cjs')], env: { TSX_TSCONFIG_PATH: join(__dirname, '..', '..', 'tsconfig.json') } };
}

interface Job {
  readonly task: ThinkTask;
  readonly resolve: (move: unknown) => void;
  readonly reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * The threads the searching bots think on (worker_threads), so a room's bot never holds up the
 * event loop: every room goes on answering its people while a bot thinks. Tasks wait in order of
 * asking for a free thread; a thread that fails or hangs is replaced, and its task fails (the
 * room then moves by a quicker level).
 *
 * The compiled server (`npm start`, the Docker image) starts its threads from
 * build/src/bots/bot-worker.js. Run from TypeScript (`npm run dev` under tsx, the tests under
 * ts-jest), a thread loads bot-worker.ts through tsx's require hook, compiling the engines again,
 * so its first task is slow.
 */
export class BotPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private started = 0;
  private closed = false;
  /** Tasks a thread answered with a move, and tasks that failed (the room then moved by a quicker level). */
  answered = 0;
  failed = 0;

  constructor(readonly threads: number) {}

  /** The move for `task`, thought on a thread; fails when the thread did (or the pool is closed). */
  think(task: ThinkTask): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the bot threads are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.pump();
    });
  }

  /** Tasks waiting for a thread (not counting those being thought). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.started < this.threads)) {
      const worker = this.idle.pop() ?? this.spawn();
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      job.timer = setTimeout(
        () => this.lost(worker, new Error(`a bot thread has not answered in ${job.task.timeMs + STUCK_AFTER_MS} ms`)),
        job.task.timeMs + STUCK_AFTER_MS,
      );
      job.timer.unref();
      worker.postMessage(job.task);
    }
  }

  private spawn(): Worker {
    this.started++;
    const worker = new Worker(join(__dirname, `bot-worker${extname(__filename)}`), __filename.endsWith('.ts') ? typescriptThread() : {});
    // A thread must not keep a finished process (or a test) alive.
    worker.unref();
    worker.on('message', (answer: { move?: unknown; error?: string }) => {
      const job = this.busy.get(worker);
      if (!job) return;
      this.busy.delete(worker);
      clearTimeout(job.timer);
      this.idle.push(worker);
      if (answer.error !== undefined) {
        this.failed++;
        job.reject(new Error(answer.error));
      } else {
        this.answered++;
        job.resolve(answer.move);
      }
      this.pump();
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`a bot thread exited (${code})`)));
    return worker;
  }

  /** A thread failed, exited or hangs: it is ended, its task fails, another takes its place. */
  private lost(worker: Worker, error: Error): void {
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    const job = this.busy.get(worker);
    if (!job && at < 0) return; // already counted
    this.busy.delete(worker);
    this.started--;
    if (!this.closed) log.warn(`a bot thread was lost: ${error.message}`);
    void worker.terminate();
    if (job) {
      clearTimeout(job.timer);
      this.failed++;
      job.reject(error);
    }
    if (!this.closed) this.pump();
  }

  /** Ends every thread; tasks waiting or under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the bot threads are closed'));
    const workers = [...this.idle, ...this.busy.keys()];
    for (const [worker, job] of this.busy) {
      clearTimeout(job.timer);
      job.reject(new Error('the bot threads are closed'));
      this.busy.delete(worker);
    }
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

let settings: BotSettings = defaultBotSettings();
let pool: BotPool | null = null;

/** The server's bot settings (main.ts reads them from the environment; tests shorten them). */
export function configureBots(changes: Partial<BotSettings>): void {
  settings = { ...settings, ...changes };
  if (pool && pool.threads !== settings.threads) {
    void pool.close();
    pool = null;
  }
}

export function botSettings(): BotSettings {
  return settings;
}

/** The process's bot threads, started on first use. */
export function botPool(): BotPool {
  return (pool ??= new BotPool(settings.threads));
}

/** Ends the process's bot threads (a server closing; tests). The next use starts new ones. */
export async function closeBotPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
