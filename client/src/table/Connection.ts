import { Client, Room } from 'colyseus.js';
import {
  ClientTableState,
  CLOSE_RATE_LIMITED,
  CLOSE_REMOVED,
  CLOSE_RESTARTING,
  CLOSE_SEAT_TAKEN_OVER,
  ColourId,
  JoinOptions,
  RoomError,
  TableErrorMessage,
  WelcomeMessage,
} from '@samurai/shared';
import { t } from '../i18n/i18n';
import { describeJoinError, JoinFailure } from './join-errors';
import { keepTrying, reconnectDelay } from './reconnect-policy';
import { SeatStore } from './seat-store';

export type ConnectionStatus =
  /** In the room; state patches arrive. */
  | { readonly kind: 'connected' }
  /**
   * The connection dropped; trying to get back in by itself (the seat waits for us).
   * `restarting`: the server said it is restarting (a deploy), not a network failure.
   */
  | { readonly kind: 'reconnecting'; readonly attempt: number; readonly restarting: boolean }
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
  private closed = false;

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

  send(type: string, payload?: unknown): void {
    this.room?.send(type, payload);
  }

  /** Leaves for good (the seat stays reserved on the server only while the game needs it). */
  async leave(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
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
    room.onStateChange((state) => this.events.state(state));
    room.onMessage('welcome', (welcome: WelcomeMessage) => {
      if (welcome.seatToken) {
        this.store.saveToken(this.code, welcome.seatToken);
        this.rejoinOptions = { seatToken: welcome.seatToken };
      }
      this.events.welcome(welcome);
    });
    room.onMessage('error', (error: TableErrorMessage) => this.events.error(error));
    room.onLeave((code) => this.onLeave(room, code));
    this.events.status({ kind: 'connected' });
  }

  private onLeave(room: Room<ClientTableState>, code: number): void {
    if (room !== this.room || this.closed) return;
    this.room = null;
    if (code === CONSENTED || code === 1000) {
      this.close(t('table.connection.youLeft'), true);
    } else if (code === CLOSE_SEAT_TAKEN_OVER) {
      this.close(t('table.connection.replaced'), false, true);
    } else if (code === CLOSE_REMOVED) {
      this.store.forget(this.code);
      this.close(t('table.connection.removed'), true);
    } else {
      // CLOSE_RATE_LIMITED included: the server closed us for flooding; coming back is fine.
      if (code === CLOSE_RATE_LIMITED) this.events.error(rateLimitNotice());
      this.droppedAt = Date.now();
      this.restarting = code === CLOSE_RESTARTING;
      this.scheduleRetry();
    }
  }

  /** After the page gave up (status 'offline'): starts trying again, at once. */
  retry(): void {
    if (this.closed || this.room || !this.rejoinOptions) return;
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
    if (!keepTrying(Date.now() - this.droppedAt)) {
      this.events.status({ kind: 'offline', reason: t('table.connection.unreachable') });
      return;
    }
    this.attempt++;
    this.events.status({ kind: 'reconnecting', attempt: this.attempt, restarting: this.restarting });
    const wait = delay ?? reconnectDelay(this.attempt, Math.random, this.restarting);
    this.retryTimer = setTimeout(() => void this.rejoin(options), wait);
  }

  private async rejoin(options: JoinOptions): Promise<void> {
    if (this.closed) return;
    try {
      const room = await this.client.joinById<ClientTableState>(this.code, options);
      if (this.closed) {
        void room.leave(true).catch(() => undefined);
        return;
      }
      this.attach(room);
    } catch (e) {
      const failure = describeJoinError(e);
      if (failure.retry) this.scheduleRetry();
      else {
        if (failure.forgetSeat) this.store.forget(this.code);
        this.close(failure.message, failure.canWatch);
      }
    }
  }

  private close(reason: string, canWatch: boolean, replaced = false): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
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
