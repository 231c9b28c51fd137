import { createHash } from 'node:crypto';
import { log } from '../log';
import type { PushStore } from '../store/push-store';
import type { WatchedTable } from '../table/room-config';
import { notificationText } from './notification-text';
import type { PushOutcome, TurnPayload } from './PushSender';

/** What the notifier asks of the sender. */
export interface TurnSender {
  send(subscription: Parameters<import('./PushSender').PushSender['send']>[0], payload: TurnPayload): Promise<PushOutcome>;
}

/**
 * Decides when a game waits for a seat whose person is not there, and tells them by Web Push:
 * the table calls `watch` after each patch (RoomConfig.turnWatch). A seat is told when it owes a
 * move, is a person's (not a bot's, nor played by a stand-in) and has been away for `awayMs` (a
 * reload or a dropped connection is not a closed tab); once per turn, whichever process holds the
 * table (the store's claimTurn), and only if it has subscriptions.
 */
export class TurnNotifier {
  /** Per table, the last move each seat was looked at for (so a patch that moved nothing costs nothing). */
  private readonly seen = new WeakMap<WatchedTable, Map<number, number>>();
  /** Looks due later (a seat away for less than awayMs), per table and seat. */
  private readonly later = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly store: PushStore,
    private readonly sender: TurnSender,
    private readonly awayMs: number,
  ) {}

  /** After a patch of `table`: any seat the game now waits for, whose person has been away long enough, is told. */
  readonly watch = (table: WatchedTable): void => {
    if (this.stopped) return;
    const { session, seating } = table;
    if (session.phase === 'lobby' || session.phase === 'over') return;
    const now = Date.now();
    const seen = this.seen.get(table) ?? new Map<number, number>();
    this.seen.set(table, seen);
    let turn: string | null = null;
    for (const seat of session.seatsToAct()) {
      const member = seating.seats[seat];
      if (!member || member.bot !== null || member.standIn !== null || member.connected || member.tokenHash === null) continue;
      if (seen.get(seat) === table.lastMoveAt) continue;
      const awayFor = now - member.awaySince;
      if (awayFor < this.awayMs) {
        this.lookAgain(table, seat, this.awayMs - awayFor);
        continue;
      }
      seen.set(seat, table.lastMoveAt);
      // The game as it stands names the turn: the same after a restart or on another process.
      turn ??= createHash('sha256').update(session.snapshot()).digest('base64url').slice(0, 22);
      this.track(this.tell(table.code, table.gameModule.name, member.tokenHash, turn));
    }
  };

  /** Everything under way is finished (tests, and a stopping server). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.later.values()) clearTimeout(timer);
    this.later.clear();
  }

  private lookAgain(table: WatchedTable, seat: number, delayMs: number): void {
    const key = `${table.code}:${seat}`;
    if (this.later.has(key)) return;
    const timer = setTimeout(() => {
      this.later.delete(key);
      this.watch(table);
    }, delayMs + 10);
    timer.unref();
    this.later.set(key, timer);
  }

  private async tell(code: string, gameType: string, tokenHash: string, turn: string): Promise<void> {
    const subscriptions = await this.store.subscriptions(code, tokenHash);
    // (No write for a seat nobody subscribed: most seats.)
    if (subscriptions.length === 0) return;
    if (!(await this.store.claimTurn(code, tokenHash, turn))) return;
    await Promise.all(
      subscriptions.map((subscription) => {
        const { title, body } = notificationText(subscription.language, gameType, code);
        return this.sender.send(subscription, { code, title, body, url: `./?room=${code}` });
      }),
    );
  }

  private track(work: Promise<void>): void {
    const done = work.catch((error: unknown) => log.warn(`push: a turn's notification failed (${error instanceof Error ? error.message : String(error)})`));
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }
}
