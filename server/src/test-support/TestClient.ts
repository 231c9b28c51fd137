import { Client, Room } from 'colyseus.js';
import {
  BOTS,
  BotName,
  ClientMessages,
  ClientMessageType,
  ClientRoomState,
  CreateOptions,
  decodeLogEntry,
  ErrorMessage,
  JoinOptions,
  legalMoves,
  moveToIntent,
  parseJoinError,
  randomBot,
  ROOM_NAME,
  Rng,
  seededRng,
  tableFromRoomState,
  TileId,
  unpackHand,
  WelcomeMessage,
} from '@samurai/shared';

/*
 * Every frame a colyseus.js room receives is kept on the room (`__frames`), from the very first
 * one, by wrapping the handler every room's connection dispatches to.
 */
type RecordingRoom = Room & { __frames?: Uint8Array[] };
type OnMessage = (this: RecordingRoom, event: MessageEvent) => void;
const roomPrototype = Room.prototype as unknown as { onMessageCallback: OnMessage };
const originalOnMessage = roomPrototype.onMessageCallback;
roomPrototype.onMessageCallback = function (event) {
  (this.__frames ??= []).push(new Uint8Array(event.data as ArrayBuffer).slice());
  return originalOnMessage.call(this, event);
};

const DEFAULT_TIMEOUT_MS = 10_000;
/** A request no server knows: its error proves every earlier patch has arrived. */
const SYNC = '__sync';

// colyseus.js warns on every refused join and closed connection; tests provoke both on purpose.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && /^(colyseus\.js|Room connection was closed)/.test(args[0])) return;
  warn(...args);
};

/** A real colyseus.js client in a room, with what it received kept for assertions. */
export class TestClient {
  readonly errors: ErrorMessage[] = [];
  /** The tiles drawn at the end of each of this player's turns, as its own seat showed them. */
  readonly drawn: TileId[][] = [];
  private logSeen = { game: 0, length: 0 };
  welcome: WelcomeMessage | null = null;
  closeCode: number | null = null;
  private errorWaiters: ((e: ErrorMessage) => void)[] = [];
  private stateWaiters: (() => void)[] = [];
  private autoPlaying: (() => void) | null = null;

  private constructor(readonly room: Room<ClientRoomState>) {
    room.onMessage('welcome', (m: WelcomeMessage) => {
      this.welcome = m;
      this.stateWaiters.slice().forEach((w) => w());
      this.autoPlaying?.();
    });
    room.onMessage('error', (m: ErrorMessage) => {
      if (m.request !== SYNC) this.errors.push(m);
      this.errorWaiters.splice(0).forEach((w) => w(m));
      this.stateWaiters.slice().forEach((w) => w());
    });
    room.onStateChange(() => {
      this.noteDraws();
      this.stateWaiters.slice().forEach((w) => w());
      this.autoPlaying?.();
    });
    room.onLeave((code) => {
      this.closeCode = code;
      this.stateWaiters.slice().forEach((w) => w());
    });
  }

  static async create(url: string, options: CreateOptions): Promise<TestClient> {
    const client = new TestClient(await new Client(url).create<ClientRoomState>(ROOM_NAME, options));
    await client.ready();
    return client;
  }

  /**
   * Tries to create (code null) or join a room and expects a refusal: resolves with the error's
   * code as colyseus.js reports it (our JOIN_REFUSED, an HTTP status such as 429, or a Colyseus
   * code such as 4212) and our error code from its message, or null if it was let in.
   */
  static async refusal(url: string, code: string | null, options: object): Promise<{ code: number; error: string | null; message: string } | null> {
    try {
      const client = new Client(url);
      const room = code === null ? await client.create(ROOM_NAME, options) : await client.joinById(code, options);
      await room.leave();
      return null;
    } catch (e) {
      const error = e as { code: number; message: string };
      return { code: error.code, error: parseJoinError(error.message)?.code ?? null, message: error.message };
    }
  }

  static async join(url: string, code: string, options: JoinOptions): Promise<TestClient> {
    const client = new TestClient(await new Client(url).joinById<ClientRoomState>(code, options));
    await client.ready();
    return client;
  }

  /** A turn of ours that ended since the last state: its draw is in our seat's `drawn`. */
  private noteDraws(): void {
    const state = this.room.state;
    if (state.game !== this.logSeen.game) this.logSeen = { game: state.game, length: 0 };
    // A take-back removes its play from the log (the room sends a patch per move, so one at a time).
    if (this.logSeen.length > state.log.length) this.logSeen.length = state.log.length;
    const seat = this.seat;
    for (; this.logSeen.length < state.log.length; this.logSeen.length++) {
      const entry = decodeLogEntry(state.log[this.logSeen.length]);
      if (seat === 'spectator') continue;
      const ended = (entry.kind === 'end' || entry.kind === 'pass') && entry.seat === seat;
      if (ended) this.drawn.push(unpackHand(state.seats[seat].drawn ?? 0));
    }
  }

  /** Resolves once the welcome and the first state have arrived. */
  async ready(): Promise<void> {
    await this.waitFor(() => this.welcome !== null && this.room.state?.code !== undefined && this.room.state.code !== '');
  }

  get state(): ClientRoomState {
    return this.room.state;
  }

  get code(): string {
    return this.state.code;
  }

  get frames(): Uint8Array[] {
    return (this.room as RecordingRoom).__frames ?? [];
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

  send<K extends ClientMessageType>(type: K, payload?: ClientMessages[K]): void {
    this.room.send(type, payload);
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
  async sync(): Promise<void> {
    const error = this.nextError();
    this.sendRaw(SYNC);
    await error;
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
  waitFor(predicate: (state: ClientRoomState) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS, what = 'condition'): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        let holds = false;
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

  /**
   * Plays for this seat whenever it has to act, as a person would: from what this browser
   * received (tableFromRoomState), with an engine bot choosing. The server passes for the seat
   * when passing is all it can do.
   */
  autoPlay(bot: BotName = 'random', rng: Rng = seededRng(1)): void {
    let lastActed = '';
    let handSentInGame = -1;
    this.autoPlaying = () => {
      const state = this.room.state;
      const seat = this.seat;
      if (seat === 'spectator' || state.seats[seat]?.hand === undefined) return;
      const phase = state.phase;
      const mustChoose = phase === 'hands' && !state.seats[seat].handChosen && handSentInGame !== state.game;
      const toAct = (phase === 'pieces' || phase === 'play') && state.seat === seat;
      if (!mustChoose && !toAct) return;
      const key = `${state.game}:${phase}:${state.log.length}:${state.seat}`;
      if (key === lastActed) return; // already answered this position
      lastActed = key;
      const table = tableFromRoomState(state, seat);
      if (toAct) {
        const moves = legalMoves(table, seat);
        if (moves.length === 1 && moves[0].type === 'pass') return;
      }
      const move = (mustChoose ? randomBot : BOTS[bot]).chooseMove(table, seat, rng);
      if (mustChoose) handSentInGame = state.game;
      const { type, payload } = moveToIntent(move);
      this.sendRaw(type, payload);
    };
    this.autoPlaying();
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

  stopAutoPlay(): void {
    this.autoPlaying = null;
  }

  async leave(consented = true): Promise<void> {
    if (this.closeCode === null) await this.room.leave(consented);
  }

  /** Drops the connection without a goodbye, as a lost network does. */
  drop(): void {
    const ws = (this.room.connection as unknown as { transport: { ws: { terminate(): void } } }).transport.ws;
    ws.terminate();
  }
}
