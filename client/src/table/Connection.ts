import { Client, Room } from 'colyseus.js';
import {
  ClientTableState,
  CLOSE_RATE_LIMITED,
  CLOSE_REMOVED,
  CLOSE_RESTARTING,
  CLOSE_SEAT_TAKEN_OVER,
  CLOSE_SEAT_TO_BOT,
  ColourId,
  HEARTBEAT_ANSWER,
  HEARTBEAT_REQUEST,
  HEARTBEAT_TIMEOUT_MS,
  JoinOptions,
  RoomError,
  TableErrorMessage,
  WelcomeMessage,
} from '@samurai/shared';
import { t } from '../i18n/i18n';
import { describeJoinError, JoinFailure } from './join-errors';
import { livenessStep } from './liveness';
import { keepTrying, lookUpWait, reconnectDelay } from './reconnect-policy';
import { SeatStore } from './seat-store';

export type ConnectionStatus =
  /** In the room; state patches arrive. */
  | { readonly kind: 'connected' }
  /**
   * The connection dropped; trying to get back in by itself (the seat waits for us).
   * `restarting`: the server said it is restarting (a deploy), not a network failure.
   */
  | { readonly kind: 'reconnecting'; readonly attempt: number; readonly restarting: boolean }
  /**
   * The server says the room does not exist now, yet its game was not over when last seen: it
   * may be back (restored) at any moment, so the seat token is kept and the page keeps trying,
   * slowly, for as long as it is open; `giveUp()` ends it. `seated`: a seat waits (else watching).
   */
  | { readonly kind: 'missing'; readonly attempt: number; readonly seated: boolean }
  /** Gave up trying by itself after a while: `retry()` tries again. */
  | { readonly kind: 'offline'; readonly reason: string }
  /**
   * Out of the room, with why. `replaced`: the seat was opened in another tab or window, which
   * holds it now (this tab may take it back).
   */
  | { readonly kind: 'closed'; readonly reason: string; readonly canWatch: boolean; readonly replaced: boolean };

/** Create a room: you sit down as its host; options the game does not get are its defaults. */
export interface CreateRequest {
  readonly name: string;
  readonly colour?: ColourId;
  readonly options?: object;
}

export interface ConnectionEvents {
  /** Every room state, of any game (its gameType says which). */
  state(state: ClientTableState): void;
  welcome(welcome: WelcomeMessage): void;
  error(error: TableErrorMessage): void;
  status(status: ConnectionStatus): void;
}

const CONSENTED = 4000;

/**
 * One room connection: create or join, relay state and messages, and get back in by itself after
 * a dropped connection (with the seat token, so the seat is reclaimed; spectators rejoin as such).
 * A connection that falls silent is noticed by the table's heartbeat (liveness.ts) and dropped,
 * then treated as any dropped connection. Only the host removing you, a room closed after its
 * game was over, or you giving up end the way back into a seat.
 */
export class Connection {
  private readonly client: Client;
  private readonly store: SeatStore;
  private readonly events: ConnectionEvents;
  private room: Room<ClientTableState> | null = null;
  private code = '';
  /** How to get back in: the seat token once known, or the original join options. */
  private rejoinOptions: JoinOptions | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  /** When the connection dropped (the page tries by itself for a while after that). */
  private droppedAt = 0;
  private restarting = false;
  /** The room was not found (status 'missing'): tries go slowly, within the browser's budget. */
  private missing = false;
  private closed = false;
  /** Whether the last state seen said the game was over (null: no state yet). */
  private over: boolean | null = null;
  /** When the room last sent anything, and when the page last asked whether it is there. */
  private heardAt = 0;
  private askedAt: number | null = null;
  private livenessTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(endpoint: string, store: SeatStore, events: ConnectionEvents) {
    this.client = new Client(endpoint);
    this.store = store;
    this.events = events;
  }

  get roomCode(): string {
    return this.code;
  }

  /** The latest room state, once the first one has arrived. */
  get state(): ClientTableState | null {
    const state = this.room?.state;
    return state && typeof (state as { code?: unknown }).code === 'string' ? state : null;
  }

  /** Creates a private room of the game `roomType`; resolves with its code, or rejects with a JoinFailure. */
  async create(roomType: string, options: CreateRequest): Promise<string> {
    const room = await this.attempt0(() => this.client.create<ClientTableState>(roomType, options));
    this.code = room.roomId;
    this.rejoinOptions = null;
    this.attach(room);
    return room.roomId;
  }

  /** Joins room `code` as a player, a spectator, or (with a seat token) back into a seat. */
  async join(code: string, options: JoinOptions): Promise<void> {
    const room = await this.attempt0(() => this.client.joinById<ClientTableState>(code, options));
    this.code = room.roomId;
    this.rejoinOptions = 'seatToken' in options ? options : options.role === 'spectator' ? options : null;
    this.attach(room);
  }

  /**
   * Back into your seat in room `code` with its token: resolves once in, or once the room was not
   * found and the page keeps trying for it (status 'missing'; or 'closed' when its game was over);
   * rejects with a JoinFailure otherwise.
   */
  async reclaim(code: string, seatToken: string): Promise<void> {
    try {
      await this.join(code, { seatToken });
    } catch (e) {
      const failure = e as JoinFailure;
      if (!failure.missing) throw failure;
      this.code = code;
      this.rejoinOptions = { seatToken };
      this.roomMissing();
    }
  }

  /** Stops trying for a room that was not found, and forgets its seat: the player gives it up. */
  async giveUp(): Promise<void> {
    if (this.rejoinOptions && 'seatToken' in this.rejoinOptions) this.store.forget(this.code);
    await this.leave();
  }

  send(type: string, payload?: unknown): void {
    this.room?.send(type, payload);
  }

  /** Leaves for good (the seat stays reserved on the server only while the game needs it). */
  async leave(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.livenessTimer);
    const room = this.room;
    this.room = null;
    if (room) await room.leave(true).catch(() => undefined);
  }

  /** Drops the socket as a network failure would (tests and the benchmark use it). */
  simulateDrop(): void {
    (this.room?.connection as unknown as { transport?: { ws?: WebSocket } })?.transport?.ws?.close();
  }

  private async attempt0<T>(open: () => Promise<T>): Promise<T> {
    try {
      return await open();
    } catch (e) {
      throw describeJoinError(e);
    }
  }

  private attach(room: Room<ClientTableState>): void {
    this.room = room;
    this.closed = false;
    this.attempt = 0;
    this.missing = false;
    room.onStateChange((state) => {
      this.heard();
      this.noteGameOver(state);
      this.events.state(state);
    });
    room.onMessage(HEARTBEAT_ANSWER, this.heard);
    room.onMessage('welcome', (welcome: WelcomeMessage) => {
      this.heard();
      if (welcome.seatToken) {
        this.store.saveToken(this.code, welcome.seatToken);
        this.rejoinOptions = { seatToken: welcome.seatToken };
      }
      this.events.welcome(welcome);
    });
    room.onMessage('error', (error: TableErrorMessage) => {
      this.heard();
      this.events.error(error);
    });
    room.onLeave((code) => this.onLeave(room, code));
    this.heard();
    this.askedAt = null;
    this.watchLiveness(room);
    this.events.status({ kind: 'connected' });
  }

  private readonly heard = (): void => {
    this.heardAt = Date.now();
  };

  /** The heartbeat (liveness.ts): asks a quiet room whether it is there; drops a connection that stopped answering. */
  private watchLiveness(room: Room<ClientTableState>): void {
    clearTimeout(this.livenessTimer);
    if (room !== this.room || this.closed) return;
    const step = livenessStep(this.heardAt, this.askedAt, Date.now());
    if (step.kind === 'dead') return this.connectionDead(room);
    if (step.kind === 'ask') {
      this.askedAt = Date.now();
      room.send(HEARTBEAT_REQUEST);
    }
    this.livenessTimer = setTimeout(() => this.watchLiveness(room), step.kind === 'ask' ? HEARTBEAT_TIMEOUT_MS : step.ms);
  }

  /**
   * The room stopped answering (its process frozen, or the network cut): this socket is given up
   * without waiting for it to close (a close handshake with a frozen peer never ends), and the page
   * gets back in as after any dropped connection, to wherever the room lives by then.
   */
  private connectionDead(room: Room<ClientTableState>): void {
    this.room = null;
    room.removeAllListeners();
    try {
      room.connection.close();
    } catch {
      // Already closing: nothing more to do with it.
    }
    this.dropped(false);
  }

  /** Remembers whether the game was over in the latest state; with a seat, in the store too (for a later page). */
  private noteGameOver(state: ClientTableState): void {
    const over = state.phase === 'over';
    if (over === this.over || !this.code) return;
    this.over = over;
    if (this.store.token(this.code)) this.store.setGameOver(this.code, over);
  }

  private onLeave(room: Room<ClientTableState>, code: number): void {
    if (room !== this.room || this.closed) return;
    this.room = null;
    clearTimeout(this.livenessTimer);
    if (code === CONSENTED || code === 1000) {
      this.close(t('table.connection.youLeft'), true);
    } else if (code === CLOSE_SEAT_TAKEN_OVER) {
      this.close(t('table.connection.replaced'), false, true);
    } else if (code === CLOSE_REMOVED || code === CLOSE_SEAT_TO_BOT) {
      // The seat is no longer this browser's: its token opens nothing now.
      this.store.forget(this.code);
      this.close(t(code === CLOSE_REMOVED ? 'table.connection.removed' : 'table.connection.seatToBot'), true);
    } else {
      // CLOSE_RATE_LIMITED included: the server closed us for flooding; coming back is fine.
      if (code === CLOSE_RATE_LIMITED) this.events.error(rateLimitNotice());
      this.dropped(code === CLOSE_RESTARTING);
    }
  }

  /** The connection dropped: the page tries to get back in by itself. */
  private dropped(restarting: boolean): void {
    this.droppedAt = Date.now();
    this.restarting = restarting;
    this.scheduleRetry();
  }

  /**
   * After the page gave up (status 'offline'), or back online: starts trying again, at once. Not
   * while the room is missing: the server answered, so the network was never the problem.
   */
  retry(): void {
    if (this.closed || this.room || !this.rejoinOptions || this.missing) return;
    clearTimeout(this.retryTimer);
    this.droppedAt = Date.now();
    this.attempt = 0;
    this.scheduleRetry(0);
  }

  private scheduleRetry(delay?: number): void {
    if (this.closed) return;
    const options = this.rejoinOptions;
    if (!options) {
      this.close(t('table.connection.dropped'), true);
      return;
    }
    if (!this.missing && !keepTrying(Date.now() - this.droppedAt)) {
      this.events.status({ kind: 'offline', reason: t('table.connection.unreachable') });
      return;
    }
    this.attempt++;
    if (this.missing) this.events.status({ kind: 'missing', attempt: this.attempt, seated: 'seatToken' in options });
    else this.events.status({ kind: 'reconnecting', attempt: this.attempt, restarting: this.restarting });
    const wait = delay ?? reconnectDelay(this.attempt, Math.random, this.missing ? 'missing' : this.restarting ? 'restarting' : 'dropped');
    this.retryTimer = setTimeout(() => void this.rejoin(options), wait);
  }

  private async rejoin(options: JoinOptions): Promise<void> {
    if (this.closed) return;
    if (this.missing) {
      // Each try for a missing room is a failed look-up for the server: all of this browser's
      // tabs together stay within their budget (reconnect-policy.ts); taken before the try.
      const wait = lookUpWait(this.store.lookUps(), Date.now());
      if (wait > 0) {
        this.retryTimer = setTimeout(() => void this.rejoin(options), wait);
        return;
      }
      this.store.noteLookUp();
    }
    try {
      const room = await this.client.joinById<ClientTableState>(this.code, options);
      if (this.closed) {
        void room.leave(true).catch(() => undefined);
        return;
      }
      this.attach(room);
    } catch (e) {
      const failure = describeJoinError(e);
      if (failure.missing) this.roomMissing();
      else if (failure.retry) this.scheduleRetry();
      else {
        if (failure.forgetSeat) this.store.forget(this.code);
        this.close(failure.message, failure.canWatch);
      }
    }
  }

  /**
   * The server says no room has this code. If the last state seen (here, or by an earlier page of
   * this browser) said the game was over, the room has closed after its game, as finished rooms
   * do once empty: the seat is forgotten. Otherwise it may be back at any moment (a room that
   * could not write closes until it is restored), so the page keeps its seat and keeps trying.
   * Only what this browser saw decides: the server answers every unknown code alike, so a code
   * guesser learns nothing from it.
   */
  private roomMissing(): void {
    // The first "not found" of a spell is counted now; the tries after it, before they go.
    if (!this.missing) this.store.noteLookUp();
    if (this.over === true || this.store.gameOver(this.code)) {
      this.store.forget(this.code);
      this.close(t('table.connection.roomClosed'), false);
      return;
    }
    if (!this.missing) {
      this.missing = true;
      this.attempt = 0;
    }
    this.scheduleRetry();
  }

  private close(reason: string, canWatch: boolean, replaced = false): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.livenessTimer);
    this.events.status({ kind: 'closed', reason, canWatch, replaced });
  }
}

function rateLimitNotice(): TableErrorMessage {
  return {
    code: RoomError.RateLimited,
    message: t('table.connection.rateLimited'),
    detail: '',
  };
}

export type { JoinFailure };
