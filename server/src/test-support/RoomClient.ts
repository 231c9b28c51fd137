import { Client, Room } from 'colyseus.js';
import type { ClientTableState, TableErrorMessage, WelcomeMessage } from '@samurai/shared';

/*
 * Every frame a colyseus.js room receives is kept on the room (`__frames`, with its arrival time
 * in `__frameTimes`), from the very first one, by wrapping the handler every room's connection dispatches to.
 */
type RecordingRoom = Room & { __frames?: Uint8Array[]; __frameTimes?: number[] };
type OnMessage = (this: RecordingRoom, event: MessageEvent) => void;
const roomPrototype = Room.prototype as unknown as { onMessageCallback: OnMessage };
const originalOnMessage = roomPrototype.onMessageCallback;
roomPrototype.onMessageCallback = function (event) {
  (this.__frames ??= []).push(new Uint8Array(event.data as ArrayBuffer).slice());
  (this.__frameTimes ??= []).push(performance.now());
  return originalOnMessage.call(this, event);
};

export const DEFAULT_TIMEOUT_MS = 10_000;
/** A request no server knows: its error proves every earlier patch has arrived. */
const SYNC = '__sync';

// colyseus.js warns on every refused join and closed connection; tests provoke both on purpose.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && /^(colyseus\.js|Room connection was closed)/.test(args[0])) return;
  warn(...args);
};

/** Another person at the table, who says "play again" (any game's client). */
interface PlayingAgain {
  must(type: string): Promise<void>;
  waitFor(predicate: (state: ClientTableState) => boolean, timeoutMs?: number, what?: string): Promise<void>;
}

/** What a client kept of what it received: enough to decode and check it afterwards. */
export type ReceivedFrames = Pick<RoomClient, 'frames' | 'frameTimes' | 'welcome'>;

/** Parses a refused join's message into its error code (the table's JOIN_REFUSED format). */
export type JoinErrorParser = (message: string) => { code: string } | null;

/**
 * A real colyseus.js client in a room of any game, with what it received kept for assertions:
 * the table's part (joining, errors, waiting, syncing, frames). Each game's test client adds its own.
 */
export class RoomClient<State extends ClientTableState = ClientTableState, ErrorMessage extends TableErrorMessage = TableErrorMessage> {
  readonly errors: ErrorMessage[] = [];
  welcome: WelcomeMessage | null = null;
  closeCode: number | null = null;
  private errorWaiters: ((e: ErrorMessage) => void)[] = [];
  private syncWaiters: (() => void)[] = [];
  private stateWaiters: (() => void)[] = [];

  protected constructor(readonly room: Room<State>) {
    room.onMessage('welcome', (m: WelcomeMessage) => {
      this.welcome = m;
      this.notify();
      this.onChange();
    });
    room.onMessage('error', (m: ErrorMessage) => {
      // A sync's answer is for sync alone: a test waiting for an error meanwhile waits on.
      const waiters = m.request === SYNC ? this.syncWaiters : this.errorWaiters;
      if (m.request !== SYNC) this.errors.push(m);
      waiters.splice(0).forEach((w) => w(m));
      this.notify();
    });
    room.onStateChange(() => {
      this.onStateArrived();
      this.notify();
      this.onChange();
    });
    room.onLeave((code) => {
      this.closeCode = code;
      this.notify();
    });
  }

  /** A game's client notes what a state shows before anyone waiting looks at it. */
  protected onStateArrived(): void {}

  /** After a welcome or a state: a game's client may act (its automatic play). */
  protected onChange(): void {}

  private notify(): void {
    this.stateWaiters.slice().forEach((w) => w());
  }

  protected static async connect<S extends ClientTableState>(url: string, roomName: string, code: string | null, options: object): Promise<Room<S>> {
    const client = new Client(url);
    return code === null ? client.create<S>(roomName, options) : client.joinById<S>(code, options);
  }

  /**
   * Tries to create (code null) or join a room and expects a refusal: resolves with the error's
   * code as colyseus.js reports it (our JOIN_REFUSED, an HTTP status such as 429, or a Colyseus
   * code such as 4212) and our error code from its message, or null if it was let in.
   */
  protected static async refusalIn(
    url: string,
    roomName: string,
    code: string | null,
    options: object,
    parse: JoinErrorParser,
  ): Promise<{ code: number; error: string | null; message: string } | null> {
    try {
      const room = await RoomClient.connect(url, roomName, code, options);
      await room.leave();
      return null;
    } catch (e) {
      const error = e as { code: number; message: string };
      return { code: error.code, error: parse(error.message)?.code ?? null, message: error.message };
    }
  }

  /**
   * A rematch, as people make it (this client hosts): back to the table, every other person's
   * "play again", then the start; resolves once the next game is under way.
   */
  async rematch(others: readonly PlayingAgain[] = []): Promise<void> {
    await this.must('rematch');
    await this.startAgain(others);
  }

  /** At the table after a game (this client hosts): every other person's "play again", then the start. */
  async startAgain(others: readonly PlayingAgain[]): Promise<void> {
    const game = this.state.game;
    for (const other of others) {
      await other.waitFor((s) => s.phase === 'lobby', DEFAULT_TIMEOUT_MS, 'the table again');
      await other.must('playAgain');
    }
    await this.must('start');
    await this.waitFor((s) => s.game === game + 1, DEFAULT_TIMEOUT_MS, 'the next game');
  }

  /** Resolves once the welcome and the first state have arrived. */
  async ready(): Promise<void> {
    await this.waitFor(() => this.welcome !== null && this.room.state?.code !== undefined && this.room.state.code !== '');
  }

  get state(): State {
    return this.room.state;
  }

  get code(): string {
    return this.state.code;
  }

  get frames(): Uint8Array[] {
    return (this.room as RecordingRoom).__frames ?? [];
  }

  /** When each of `frames` arrived (performance.now(), ms). */
  get frameTimes(): number[] {
    return (this.room as RecordingRoom).__frameTimes ?? [];
  }

  get seatToken(): string {
    return this.welcome!.seatToken!;
  }

  /** This client's seat index, or 'spectator'. */
  get seat(): number | 'spectator' {
    const id = this.welcome?.memberId;
    const seat = id ? Array.from(this.state.seats).findIndex((s) => s.id === id) : -1;
    return seat >= 0 ? seat : 'spectator';
  }

  /** Sends anything at all (for refusals and fuzzing). */
  sendRaw(type: string | number, payload?: unknown): void {
    this.room.send(type as string, payload);
  }

  /** Sends a message and returns the error it earns. */
  async expectError(type: string | number, payload?: unknown): Promise<ErrorMessage> {
    const error = this.nextError();
    this.sendRaw(type, payload);
    return error;
  }

  /**
   * Sends a request and resolves with the error it earns, or null once the state changes
   * (accepted). For tests where nothing else is changing the room meanwhile.
   */
  async request(type: string | number, payload?: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ErrorMessage | null> {
    await this.sync();
    return new Promise((resolve, reject) => {
      const finish = (result: ErrorMessage | null) => {
        clearTimeout(timer);
        const i = this.errorWaiters.indexOf(onError);
        if (i >= 0) this.errorWaiters.splice(i, 1);
        const j = this.stateWaiters.indexOf(onState);
        if (j >= 0) this.stateWaiters.splice(j, 1);
        resolve(result);
      };
      const onError = (e: ErrorMessage) => finish(e);
      const onState = () => finish(null);
      const timer = setTimeout(() => reject(new Error(`no answer to ${String(type)}`)), timeoutMs);
      this.errorWaiters.push(onError);
      this.stateWaiters.push(onState);
      this.sendRaw(type, payload);
    });
  }

  /** Resolves once everything the server sent before now has arrived (one round trip). */
  async sync(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    if (this.closeCode !== null) throw new Error(`connection closed (${this.closeCode}): no sync`);
    const answered = new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        const i = this.stateWaiters.indexOf(onClose);
        if (i >= 0) this.stateWaiters.splice(i, 1);
      };
      const onClose = () => {
        if (this.closeCode === null) return;
        done();
        reject(new Error(`connection closed (${this.closeCode}) while waiting for a sync`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('no answer to a sync arrived'));
      }, timeoutMs);
      // autoPlay's last sync may wait on a room the test has finished with: it keeps no process alive.
      timer.unref();
      this.stateWaiters.push(onClose);
      this.syncWaiters.push(() => {
        done();
        resolve();
      });
    });
    this.sendRaw(SYNC);
    await answered;
  }

  /** Sends a request that must be accepted. */
  async must(type: string | number, payload?: unknown): Promise<void> {
    const error = await this.request(type, payload);
    if (error) throw new Error(`${String(type)} ${JSON.stringify(payload)} refused: ${error.code} ${error.detail}`);
  }

  nextError(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ErrorMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no error message arrived')), timeoutMs);
      this.errorWaiters.push((e) => {
        clearTimeout(timer);
        resolve(e);
      });
    });
  }

  /** Resolves when `predicate` holds, checked now and whenever something arrives. */
  waitFor(predicate: (state: State) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS, what = 'condition'): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        let holds: boolean;
        try {
          holds = this.room.state !== undefined && predicate(this.room.state);
        } catch {
          holds = false;
        }
        if (holds) {
          done();
          resolve();
        } else if (this.closeCode !== null) {
          done();
          reject(new Error(`connection closed (${this.closeCode}) while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        const i = this.stateWaiters.indexOf(check);
        if (i >= 0) this.stateWaiters.splice(i, 1);
      };
      this.stateWaiters.push(check);
      check();
    });
  }

  /** Resolves with the close code once the server has closed this connection. */
  closed(timeoutMs = 10_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.closeCode === null) return;
        done();
        resolve(this.closeCode);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the connection was not closed within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        const i = this.stateWaiters.indexOf(check);
        if (i >= 0) this.stateWaiters.splice(i, 1);
      };
      this.stateWaiters.push(check);
      check();
    });
  }

  /** Leaves, and fails (rather than waiting for ever) if the server has not closed the connection within `timeoutMs`. */
  async leave(consented = true, timeoutMs = 10_000): Promise<void> {
    if (this.closeCode !== null) return;
    void this.room.leave(consented);
    await this.closed(timeoutMs);
  }

  /** Drops the connection without a goodbye, as a lost network does. */
  drop(): void {
    const ws = (this.room.connection as unknown as { transport: { ws: { terminate(): void } } }).transport.ws;
    ws.terminate();
  }
}
