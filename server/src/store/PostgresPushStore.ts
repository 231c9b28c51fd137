import type { Pool } from 'pg';
import { PushStore, SeatSubscription, SubscriptionRow, subscriptionOfRow, VapidKeys } from './push-store';

const NOT_LIVE = "code NOT IN (SELECT code FROM rooms WHERE status = 'live')";

/** PushStore on the Postgres store's pool. */
export class PostgresPushStore implements PushStore {
  constructor(private readonly pool: Pool) {}

  async vapidKeys(made: VapidKeys, now = Date.now()): Promise<VapidKeys> {
    await this.pool.query('INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      made.publicKey,
      made.privateKey,
      now,
    ]);
    const { rows } = await this.pool.query<VapidKeys>('SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_keys WHERE id = 1');
    return rows[0];
  }

  async subscribe(s: SeatSubscription, maxPerSeat: number, now = Date.now()): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Subscriptions of one seat made at once wait for each other here: the count holds.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`push:${s.code}:${s.tokenHash}`]);
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM push_subscriptions WHERE code = $1 AND token_hash = $2 AND endpoint <> $3',
        [s.code, s.tokenHash, s.endpoint],
      );
      const room = Number(rows[0].n) < maxPerSeat;
      if (room) {
        await client.query(
          `INSERT INTO push_subscriptions (code, token_hash, endpoint, p256dh, auth, language, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (code, token_hash, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, language = excluded.language`,
          [s.code, s.tokenHash, s.endpoint, s.p256dh, s.auth, s.language, now],
        );
      }
      await client.query('COMMIT');
      return room;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async unsubscribe(code: string, tokenHash: string, endpoint: string): Promise<void> {
    await this.pool.query('DELETE FROM push_subscriptions WHERE code = $1 AND token_hash = $2 AND endpoint = $3', [code, tokenHash, endpoint]);
  }

  async forgetEndpoint(endpoint: string): Promise<number> {
    return (await this.pool.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint])).rowCount ?? 0;
  }

  async subscriptions(code: string, tokenHash: string): Promise<SeatSubscription[]> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      'SELECT * FROM push_subscriptions WHERE code = $1 AND token_hash = $2 ORDER BY created_at, endpoint',
      [code, tokenHash],
    );
    return rows.map(subscriptionOfRow);
  }

  async claimTurn(code: string, tokenHash: string, turn: string): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO push_turns (code, token_hash, turn) VALUES ($1, $2, $3)
       ON CONFLICT (code, token_hash) DO UPDATE SET turn = excluded.turn WHERE push_turns.turn <> excluded.turn`,
      [code, tokenHash, turn],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async prune(): Promise<number> {
    await this.pool.query(`DELETE FROM push_turns WHERE ${NOT_LIVE}`);
    return (await this.pool.query(`DELETE FROM push_subscriptions WHERE ${NOT_LIVE}`)).rowCount ?? 0;
  }
}
