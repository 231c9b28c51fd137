import Redis, { RedisOptions } from 'ioredis';
import { log, oneLine } from '../log';

/**
 * Every Redis call of a process either answers or fails within this: a Redis that is stopped or
 * cut off (no reset, no answer) must not hold a join, a leave or a heartbeat for ever.
 */
const CALL_TIMEOUT_MS = 5000;

/**
 * How this process's Redis clients (its own, and Colyseus's presence and driver) are made. A call
 * made while Redis cannot be reached fails at once: by default ioredis queues it and fails it only
 * after 20 reconnection attempts, about 10.5 s, and what waits that long is a leaving player's
 * socket (Colyseus closes it once the room's listing is updated) or a join.
 */
export const CLIENT_OPTIONS = { enableOfflineQueue: false, commandTimeout: CALL_TIMEOUT_MS } as const satisfies RedisOptions;

/**
 * Once Redis is back, what it says is not trusted to be complete for this long: every process
 * republishes its rooms when its own clients reconnect (ioredis retries at least every 2 s), and
 * meanwhile a code missing from Redis may be a live room's (a passing "restarting", not "no such room").
 */
export const REPUBLISH_GRACE_MS = 5000;

/** How often republishing is tried again while Redis does not answer, or answered a call with an error. */
const RETRY_MS = 1000;

/**
 * One process's connection to Redis, as one thing that answers or does not: every client it made or
 * watches, whether they all answer, and what to do when they do again. Redis holds only what
 * processes publish about themselves (their rooms' listings and codes, their subscriptions, their
 * heartbeats), and a Redis restarted without persistence holds nothing: so every failed call marks
 * the link stale, and once every client answers again the process publishes all of it again
 * (`republishWith`), until that succeeds. Logs once when Redis stops answering and once when it is
 * back, not once per failed call.
 */
export class RedisLink {
  private readonly clients = new Set<Redis>();
  /** Clients whose connection dropped since they were last ready. */
  private readonly dropped = new Set<Redis>();
  private readonly closing = new Set<Redis>();
  private down = false;
  private stale = false;
  private upAt = 0;
  private republish: (() => Promise<void>) | null = null;
  private republishing: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(readonly url: string) {}

  /** The URL without its password, for logs. */
  get where(): string {
    return this.url.replace(/\/\/[^@]*@/, '//');
  }

  /**
   * Options for a client that a library makes from options alone (Colyseus's presence and driver):
   * the URL parsed as ioredis itself parses it (a client that never connects), and CLIENT_OPTIONS.
   */
  clientOptions(): RedisOptions {
    const { options } = new Redis(this.url, { lazyConnect: true });
    return { ...options, ...CLIENT_OPTIONS, lazyConnect: false };
  }

  /** A new client of this link. */
  client(): Redis {
    const client = new Redis(this.url, CLIENT_OPTIONS);
    this.watch(client);
    return client;
  }

  /** Follows a client made elsewhere: its errors are this link's (an ioredis client nobody listens to prints every one). */
  watch(client: Redis): void {
    this.clients.add(client);
    client.on('error', (error: unknown) => this.failed('the connection', error));
    client.on('close', () => {
      if (this.closing.has(client) || this.closed) return;
      this.dropped.add(client);
      this.failed('the connection', new Error('closed'));
    });
    client.on('ready', () => {
      if (this.dropped.delete(client)) this.markStale();
      if (this.stale) this.scheduleRepublish(0);
    });
  }

  /** Whether every client is connected, and nothing failed since the last republish. */
  get answers(): boolean {
    return !this.down && this.allReady();
  }

  /**
   * Whether what Redis says is complete: it answers, and every process has had time to republish
   * since it came back. A code or listing missing from Redis is then missing for good.
   */
  get trusted(): boolean {
    return this.answers && Date.now() - this.upAt >= REPUBLISH_GRACE_MS;
  }

  /** A call failed: logged (once while Redis is down), and what this process keeps in Redis is published again once it answers. */
  failed(what: string, error: unknown): void {
    if (this.closed) return;
    if (!this.down) {
      this.down = true;
      log.error(
        `Redis (${this.where}): ${what} failed (${oneLine(error)}). Rooms here go on; joins through other processes and new rooms ` +
          'are refused in passing until it answers again.',
      );
    }
    this.markStale();
  }

  /** What runs once every client answers after a failure: it publishes everything this process keeps in Redis again. */
  republishWith(republish: () => Promise<void>): void {
    this.republish = republish;
  }

  /** Resolves once every client is connected (a process starts only with Redis); fails after `timeoutMs`. */
  async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.allReady()) {
      if (Date.now() > deadline) throw new Error(`Redis (${this.where}) does not answer: a cluster's process cannot start without it`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Whatever failed while connecting is done now.
    await this.republishNow();
  }

  /** Closes a client for good (quits when connected; a client that is not would keep reconnecting). */
  async close(client: Redis): Promise<void> {
    this.closing.add(client);
    this.clients.delete(client);
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }

  /** Stops republishing and closes every client (the last step of a stop). */
  async closeAll(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await Promise.all([...this.clients].map((client) => this.close(client)));
  }

  private allReady(): boolean {
    for (const client of this.clients) if (client.status !== 'ready') return false;
    return true;
  }

  private markStale(): void {
    this.stale = true;
    this.scheduleRepublish(RETRY_MS);
  }

  private scheduleRepublish(delayMs: number): void {
    if (this.closed || this.republishing) return;
    if (this.retryTimer) {
      if (delayMs > 0) return;
      clearTimeout(this.retryTimer);
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.republishNow();
    }, delayMs);
  }

  private async republishNow(): Promise<void> {
    if (this.republishing) return this.republishing;
    if (!this.stale || this.closed) return;
    if (!this.allReady()) return this.scheduleRepublish(RETRY_MS);
    this.stale = false;
    this.republishing = (async () => {
      try {
        await this.republish?.();
      } catch (error) {
        this.stale = true;
        if (!this.down) log.error(`Redis (${this.where}): republishing this process's rooms failed (${oneLine(error)})`);
        this.down = true;
      }
    })();
    await this.republishing;
    this.republishing = null;
    if (this.stale) return this.scheduleRepublish(RETRY_MS);
    if (this.down) {
      this.down = false;
      this.upAt = Date.now();
      log.warn(`Redis (${this.where}) answers again: this process's rooms, codes and subscriptions are published again`);
    }
  }
}
