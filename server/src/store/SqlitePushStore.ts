import type Database from 'better-sqlite3';
import { PushStore, SeatSubscription, SubscriptionRow, subscriptionOfRow, VapidKeys } from './push-store';

/** PushStore on the SQLite store's connection (synchronous underneath; answered as promises like Postgres'). */
export class SqlitePushStore implements PushStore {
  private readonly insertKeys: Database.Statement;
  private readonly selectKeys: Database.Statement;
  private readonly subscribeAtMost: (s: SeatSubscription, maxPerSeat: number, now: number) => boolean;
  private readonly deleteOne: Database.Statement;
  private readonly deleteEndpoint: Database.Statement;
  private readonly selectSeat: Database.Statement;
  private readonly upsertTurn: Database.Statement;
  private readonly pruneAll: () => number;

  constructor(db: Database.Database) {
    this.insertKeys = db.prepare('INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO NOTHING');
    this.selectKeys = db.prepare('SELECT public_key AS publicKey, private_key AS privateKey FROM push_keys WHERE id = 1');
    const countOthers = db.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE code = ? AND token_hash = ? AND endpoint <> ?').pluck();
    const upsert = db.prepare(
      `INSERT INTO push_subscriptions (code, token_hash, endpoint, p256dh, auth, language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (code, token_hash, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, language = excluded.language`,
    );
    this.subscribeAtMost = db.transaction((s: SeatSubscription, maxPerSeat: number, now: number) => {
      if ((countOthers.get(s.code, s.tokenHash, s.endpoint) as number) >= maxPerSeat) return false;
      upsert.run(s.code, s.tokenHash, s.endpoint, s.p256dh, s.auth, s.language, now);
      return true;
    });
    this.deleteOne = db.prepare('DELETE FROM push_subscriptions WHERE code = ? AND token_hash = ? AND endpoint = ?');
    this.deleteEndpoint = db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?');
    this.selectSeat = db.prepare('SELECT * FROM push_subscriptions WHERE code = ? AND token_hash = ? ORDER BY created_at, endpoint');
    this.upsertTurn = db.prepare(
      `INSERT INTO push_turns (code, token_hash, turn) VALUES (?, ?, ?)
       ON CONFLICT (code, token_hash) DO UPDATE SET turn = excluded.turn WHERE push_turns.turn <> excluded.turn`,
    );
    const notLive = "code NOT IN (SELECT code FROM rooms WHERE status = 'live')";
    const pruneSubscriptions = db.prepare(`DELETE FROM push_subscriptions WHERE ${notLive}`);
    const pruneTurns = db.prepare(`DELETE FROM push_turns WHERE ${notLive}`);
    this.pruneAll = db.transaction(() => {
      pruneTurns.run();
      return pruneSubscriptions.run().changes;
    });
  }

  async vapidKeys(made: VapidKeys, now = Date.now()): Promise<VapidKeys> {
    this.insertKeys.run(made.publicKey, made.privateKey, now);
    return this.selectKeys.get() as VapidKeys;
  }

  async subscribe(subscription: SeatSubscription, maxPerSeat: number, now = Date.now()): Promise<boolean> {
    return this.subscribeAtMost(subscription, maxPerSeat, now);
  }

  async unsubscribe(code: string, tokenHash: string, endpoint: string): Promise<void> {
    this.deleteOne.run(code, tokenHash, endpoint);
  }

  async forgetEndpoint(endpoint: string): Promise<number> {
    return this.deleteEndpoint.run(endpoint).changes;
  }

  async subscriptions(code: string, tokenHash: string): Promise<SeatSubscription[]> {
    return (this.selectSeat.all(code, tokenHash) as SubscriptionRow[]).map(subscriptionOfRow);
  }

  async claimTurn(code: string, tokenHash: string, turn: string): Promise<boolean> {
    return this.upsertTurn.run(code, tokenHash, turn).changes > 0;
  }

  async prune(): Promise<number> {
    return this.pruneAll();
  }
}
