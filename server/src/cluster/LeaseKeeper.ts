import { randomBytes } from 'node:crypto';
import type { GameStore, Lease } from '../store/game-store';
import { log } from '../log';

export interface LeaseTimes {
  /** How long a lease lasts unless renewed: a dead process's rooms move after at most this (plus a scan). */
  readonly ttlMs: number;
  readonly renewEveryMs: number;
  /** How often every process looks for rooms whose lease ran out. */
  readonly scanEveryMs: number;
}

/**
 * Failover within 10 s: a lease runs out 4 s after its owner's last renewal (three renewals may
 * be missed before it does); every process looks for such rooms twice a second. Two small
 * statements a second per process for the store.
 */
export const DEFAULT_LEASE_TIMES: LeaseTimes = { ttlMs: 4000, renewEveryMs: 1000, scanEveryMs: 500 };

/** A new fence: random, so no two claims of a room can ever share one. */
export function newFence(): string {
  return randomBytes(12).toString('base64url');
}

export interface LeaseKeeperOptions {
  readonly store: GameStore;
  readonly processId: string;
  readonly times?: LeaseTimes;
  /** The codes of this process's rooms already in the store before `time` (a room that wrote nothing yet holds no lease). */
  heldBefore(time: number): readonly string[];
  /** Whether this process runs the room now (its own lease ran late: renewing it is enough). */
  holds(code: string): boolean;
  /** Another process has claimed this room: this copy must close without writing. */
  lost(code: string): void;
  /** A room this process has just claimed: bring it back here, with this lease. */
  restore(code: string, lease: Lease): Promise<void>;
}

/**
 * Keeps this process's rooms its own while it lives, and takes over the rooms of processes that
 * died: every process renews the leases of its rooms, and looks for rooms whose lease ran out,
 * claims them (one claimer wins: the store's claim is atomic) and restores them from the store.
 * A process that was only paused finds at its next renewal (or write) that its rooms went elsewhere.
 */
export class LeaseKeeper {
  private readonly times: LeaseTimes;
  private renewTimer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private storeDown = false;
  private stopped = false;
  private readonly restoring = new Set<string>();

  constructor(private readonly options: LeaseKeeperOptions) {
    this.times = options.times ?? DEFAULT_LEASE_TIMES;
  }

  /** The lease a room this process creates or claims now gets. */
  lease(fence = newFence()): Lease {
    return { owner: this.options.processId, fence, expiresAt: Date.now() + this.times.ttlMs };
  }

  start(): void {
    this.stopped = false;
    this.renewTimer = setInterval(() => void this.renew(), this.times.renewEveryMs);
    this.scheduleScan(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.scanTimer) clearTimeout(this.scanTimer);
    this.renewTimer = this.scanTimer = null;
  }

  /** Renews this process's leases; a room that was not renewed has been claimed by another process. */
  async renew(): Promise<void> {
    const asked = Date.now();
    const held = this.options.heldBefore(asked);
    let renewed: Set<string>;
    try {
      renewed = new Set(await this.options.store.renewLeases(this.options.processId, held, asked + this.times.ttlMs));
      this.noteStore(true);
    } catch (error) {
      this.noteStore(false, error);
      return;
    }
    if (this.stopped) return;
    for (const code of held) if (!renewed.has(code)) this.options.lost(code);
  }

  /** Looks once for rooms whose lease ran out, and claims and restores each it wins. */
  async scan(): Promise<void> {
    const now = Date.now();
    let expired: string[];
    try {
      expired = await this.options.store.expiredRooms(now);
      this.noteStore(true);
    } catch (error) {
      this.noteStore(false, error);
      return;
    }
    for (const code of expired) {
      if (this.stopped) return;
      if (this.restoring.has(code) || this.options.holds(code)) continue;
      const lease = this.lease();
      this.restoring.add(code);
      try {
        if (await this.options.store.claimRoom(code, lease, now)) await this.options.restore(code, lease);
      } catch (error) {
        log.error(`room ${code}: taking it over failed`, error);
      } finally {
        this.restoring.delete(code);
      }
    }
  }

  private scheduleScan(delay: number): void {
    if (this.stopped) return;
    // scan() handles its own failures (it logs them; the next scan tries again): it never rejects.
    this.scanTimer = setTimeout(() => {
      void this.scan().then(() => {
        // Jittered, so that processes started together do not scan in step.
        this.scheduleScan(this.times.scanEveryMs * (0.75 + Math.random() / 2));
      });
    }, delay);
  }

  private noteStore(up: boolean, error?: unknown): void {
    if (up === !this.storeDown) return;
    this.storeDown = !up;
    if (up) log.warn('the store answers again: leases renewed');
    else log.error(`the store does not answer: leases cannot be renewed (${error instanceof Error ? error.message : String(error)})`);
  }
}
