import type { GameStore, Lease } from '../store/game-store';
import { log } from '../log';
import { liveRooms } from '../live-rooms';
import type { GameModule } from './game-module';
import { restoreRoom } from './room-restorer';
import { unloadingRooms } from './rooms-in-transit';

/** What looks a room code up (the join and colours routes) asks first: bring the table back if it is unloaded. */
export interface TableFinder {
  /**
   * Whether the room is loaded in this process now: it was, or it was unloaded and has just been
   * brought back here. False: loaded in another process, or no live room has this code (the
   * look-up then goes on, and fails, as it would have anyway).
   */
  bringBack(code: string): Promise<boolean>;
}

/** A server without a store unloads nothing. */
export const NO_UNLOADED_TABLES: TableFinder = { bringBack: async (code) => liveRooms.has(code) };

export interface WakerTimes {
  /** How often the store is asked for unloaded tables whose time has come (a clock runs out a sweep late at most). */
  readonly wakeEveryMs: number;
  /** How often tables past their retention are closed. */
  readonly retireEveryMs: number;
}

export const DEFAULT_WAKER_TIMES: WakerTimes = { wakeEveryMs: 1000, retireEveryMs: 60 * 60 * 1000 };

/** A game that has not moved for this long is closed for good (RETENTION_DAYS). */
export const DEFAULT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Due tables brought back per sweep at most (the next sweep takes the rest). */
const WAKE_BATCH = 100;

/** A table that failed to come back wakes again this much later. */
const RETRY_WAKE_MS = 60_000;

export interface TableWakerOptions {
  readonly store: GameStore;
  readonly games: readonly GameModule[];
  /** The lease a table brought back here gets (its fence goes with every write). */
  readonly newLease: () => Lease;
  /** An unloaded table whose game has not moved for this long is closed (its records stay). */
  readonly retentionMs: number;
  readonly times?: WakerTimes;
}

/**
 * Brings unloaded tables back (TableRoom.unload): the one a request asks for by its code, and
 * every one whose time has come (a clock running out, a stand-in's turn), which the store knows
 * (its wakeAt) and a sweep looks for every second. In a cluster any process may bring a table
 * back: the store's claim is atomic, so exactly one does. Closes, once an hour, the unloaded
 * tables whose game has not moved for the retention time.
 */
export class TableWaker implements TableFinder {
  private readonly times: WakerTimes;
  /** Bring-backs under way here, by code: a second request for the table waits for the first. */
  private readonly bringing = new Map<string, Promise<boolean>>();
  private wakeTimer: NodeJS.Timeout | null = null;
  private retireTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: TableWakerOptions) {
    this.times = options.times ?? DEFAULT_WAKER_TIMES;
  }

  bringBack(code: string): Promise<boolean> {
    const under = this.bringing.get(code);
    if (under) return under;
    const unloading = unloadingRooms.get(code);
    if (!unloading && liveRooms.has(code)) return Promise.resolve(true);
    const bringing = (async () => {
      // A table leaving memory here comes back once it has left.
      await unloading;
      return this.claimAndRestore(code);
    })().finally(() => this.bringing.delete(code));
    this.bringing.set(code, bringing);
    return bringing;
  }

  /** Claims the table in the store if it is unloaded, and restores it here. Never throws: a failure is logged, and answers false. */
  private async claimAndRestore(code: string): Promise<boolean> {
    if (liveRooms.has(code)) return true;
    if (this.stopped) return false;
    const { store, games, newLease } = this.options;
    const lease = newLease();
    let unloaded;
    try {
      unloaded = await store.claimUnloaded(code, lease);
    } catch (error) {
      log.warn(`room ${code}: could not ask the store whether it is unloaded (${error instanceof Error ? error.message : String(error)})`);
      return false;
    }
    if (!unloaded) return false;
    try {
      const stored = await store.liveRoom(code);
      if (!stored) return false;
      return (await restoreRoom(store, games, stored, lease, unloaded)) === 'restored';
    } catch (error) {
      // Claimed, yet not made here: it goes back to waiting for the next request (its own wake a
      // minute later, not at every sweep).
      log.error(`room ${code}: bringing it back failed; it stays unloaded`, error);
      const later = { ...unloaded, wakeAt: unloaded.wakeAt === null ? null : Date.now() + RETRY_WAKE_MS };
      await store.unloadRoom(code, later, lease.fence).catch(() => undefined);
      return false;
    }
  }

  /** Brings back the unloaded tables whose time has come; answers how many came back here. */
  async wakeDue(): Promise<number> {
    let codes: string[];
    try {
      codes = await this.options.store.dueRooms(Date.now(), WAKE_BATCH);
    } catch {
      // The store does not answer: the rooms' own writes say so in the log; the next sweep asks again.
      return 0;
    }
    let woken = 0;
    for (const code of codes) {
      if (this.stopped) break;
      if (await this.bringBack(code)) woken++;
    }
    return woken;
  }

  /** Closes the unloaded tables whose game has not moved for the retention time; answers their codes. */
  async retire(now = Date.now()): Promise<string[]> {
    const codes = await this.options.store.closeStaleRooms(now - this.options.retentionMs);
    if (codes.length > 0) log.info(`closed ${codes.length} tables whose game had not moved for ${Math.round(this.options.retentionMs / 86_400_000)} days`);
    return codes;
  }

  /** The sweeps: due tables every wakeEveryMs (jittered), retention at once and then every retireEveryMs. */
  start(): void {
    this.stopped = false;
    this.scheduleWake(this.times.wakeEveryMs);
    const retire = () => void this.retire().catch((error: unknown) => log.error('closing tables past their retention failed', error));
    retire();
    this.retireTimer = setInterval(retire, this.times.retireEveryMs);
    this.retireTimer.unref();
  }

  /** No more sweeps or bring-backs; resolves once those under way have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.retireTimer) clearInterval(this.retireTimer);
    this.wakeTimer = this.retireTimer = null;
    await Promise.all([...this.bringing.values()]);
  }

  private scheduleWake(delay: number): void {
    if (this.stopped) return;
    // wakeDue() handles its own failures (the next sweep asks again): it never rejects.
    this.wakeTimer = setTimeout(() => {
      void this.wakeDue().then(() => {
        // Jittered, so that processes started together do not sweep in step.
        this.scheduleWake(this.times.wakeEveryMs * (0.75 + Math.random() / 2));
      });
    }, delay);
  }
}
