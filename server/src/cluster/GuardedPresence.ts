import { RedisPresence } from '@colyseus/redis-presence';
import type Redis from 'ioredis';
import type { RedisLink } from './RedisLink';

type Callback = Parameters<RedisPresence['subscribe']>[1];

/**
 * Colyseus's Redis presence (its calls between processes: seat reservations, a room's channel,
 * this process's channel), whose calls that Colyseus makes without waiting, or inside promises
 * nobody awaits, never fail: a failure there would be an unhandled rejection, and end the process.
 * What Colyseus 0.16 calls, and why each is safe (GuardedRedisDriver.test.ts lists them, and
 * breaks when an upgrade calls another):
 * - subscribe, unsubscribe: a room's channel as it opens and closes, a reply channel per call to
 *   another process. A subscription Redis did not take is taken again once it answers (with every
 *   other: a restarted Redis has none), an unsubscription too; meanwhile a call to another process
 *   goes unanswered and times out (2 s), which a join turns into a passing refusal.
 * - publish: the call or its answer is lost, with the same time-out.
 * - hset, hdel: Colyseus's per-process room counts (used by its health checks and its default
 *   choice of process for new rooms, both off here); srem: unregistering at a stop.
 * - hgetall, channels, hincrbyex: only from health checks and joinOrCreate, neither used here;
 *   their callers wait for them, and fail as a whole.
 * - shutdown: quits without waiting: closes (a client that is not connected would keep reconnecting).
 *
 * Uses RedisPresence's protected `sub`, `pub` and `subscriptions` (pinned exactly in
 * server/package.json): its clients are made by its constructor from the options given, and
 * followed by RedisLink; `subscriptions` names the channels this process listens to.
 */
export class GuardedPresence extends RedisPresence {
  /** Channels nobody here listens to any more that Redis may still send: unsubscribed once it answers. */
  private readonly unsubscribeLater = new Set<string>();

  constructor(readonly link: RedisLink) {
    super(link.clientOptions());
    link.watch(this.sub as Redis);
    link.watch(this.pub as Redis);
  }

  override async subscribe(topic: string, callback: Callback): Promise<this> {
    this.unsubscribeLater.delete(topic);
    try {
      await super.subscribe(topic, callback);
    } catch (error) {
      // The callback is kept: the channel is subscribed again once Redis answers.
      this.link.failed(`subscribing to ${topic}`, error);
    }
    return this;
  }

  override async unsubscribe(topic: string, callback?: Callback): Promise<this> {
    try {
      await super.unsubscribe(topic, callback);
    } catch (error) {
      this.unsubscribeLater.add(topic);
      this.link.failed(`unsubscribing from ${topic}`, error);
    }
    return this;
  }

  override async publish(topic: string, data: unknown): Promise<void> {
    await super.publish(topic, data).catch((error: unknown) => this.link.failed(`publishing on ${topic}`, error));
  }

  override async hset(key: string, field: string, value: string): Promise<boolean> {
    return super.hset(key, field, value).catch((error: unknown) => (this.link.failed(`writing ${key}`, error), false));
  }

  override async hdel(key: string, field: string): Promise<boolean> {
    return super.hdel(key, field).catch((error: unknown) => (this.link.failed(`deleting from ${key}`, error), false));
  }

  override async srem(key: string, value: unknown): Promise<number> {
    return super.srem(key, value).catch((error: unknown) => (this.link.failed(`deleting from ${key}`, error), 0));
  }

  override shutdown(): void {
    void Promise.all([this.link.close(this.sub as Redis), this.link.close(this.pub as Redis)]);
  }

  /** Subscribes again to every channel listened to here, and unsubscribes from those nobody listens to any more. */
  async republish(): Promise<void> {
    const sub = this.sub as Redis;
    for (const topic of [...this.unsubscribeLater]) {
      if (this.subscriptions.listenerCount(topic) === 0) await sub.unsubscribe(topic);
      this.unsubscribeLater.delete(topic);
    }
    const topics = this.subscriptions.eventNames().filter((topic): topic is string => typeof topic === 'string');
    if (topics.length > 0) await sub.subscribe(...topics);
  }
}
