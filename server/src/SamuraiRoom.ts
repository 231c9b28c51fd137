import { Client, ClientPrivate, ClientState, Protocol, Room, SchemaSerializer, Serializer, ServerError } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import {
  applyMoveInPlace,
  BOTS,
  BotLevel,
  checkMove,
  CLIENT_MESSAGES,
  CLOSE_RATE_LIMITED,
  CLOSE_REMOVED,
  CLOSE_SEAT_TAKEN_OVER,
  ClientMessages,
  createGame,
  createOptionsSchema,
  DEFAULT_ROOM_OPTIONS,
  encodeLogEntry,
  ErrorCode,
  ErrorMessage,
  GameIntent,
  exportRecord,
  filled,
  GameState,
  gameOptionsOf,
  tilesDrawnAtTurnEnd,
  intentToMove,
  isGameIntent,
  JOIN_REFUSED,
  joinErrorMessage,
  joinOptionsSchema,
  MAX_MESSAGE_BYTES,
  MAX_SPECTATORS,
  Move,
  MOVE_ERROR_MESSAGES,
  MoveError,
  MoveFailure,
  packHand,
  randomBot,
  RATE_LIMIT_PER_SECOND,
  RATE_LIMIT_STRIKE_WINDOW_MS,
  ROOM_ERROR_MESSAGES,
  RoomError,
  RoomOptions,
  RoomPhase,
  Rng,
  seatsToAct,
  startEvents,
  updateLog,
  viewFor,
  WelcomeMessage,
} from '@samurai/shared';
import { z } from 'zod';
import { cryptoRng } from './crypto-rng';
import { decodeMessage } from './decode-message';
import { RateLimiter } from './RateLimiter';
import { allocateRoomCode, releaseRoomCode } from './room-codes';
import { RoomState, SeatState } from './schema/RoomState';
import { Member, Seating, SeatingResult } from './Seating';
import { RoomFacts, StateMirror } from './StateMirror';
import { ViewAwareSerializer } from './ViewAwareSerializer';
import type { GameRecord } from '@samurai/shared';

/** Server-wide settings a room runs with. */
export interface RoomConfig {
  /** Bot delay for rooms whose creator did not choose one. */
  readonly botDelayMs: number;
  /** A room nobody is connected to closes after this long. */
  readonly emptyRoomTtlMs: number;
  readonly rateLimitPerSecond: number;
  readonly maxMessageBytes: number;
  /** Where each finished game's record goes (the record endpoint reads it there). */
  readonly onRecord?: (code: string, gameNumber: number, record: GameRecord) => void;
  /**
   * Benchmark only (set by server/bench, never from a client or the environment): deals game
   * `gameNumber` of room `code` from a known seed, so the benchmark can script its moves ahead.
   * Without it every game is dealt from crypto randomness.
   */
  readonly dealingRng?: (code: string, gameNumber: number) => Rng;
}

export const DEFAULT_ROOM_CONFIG: RoomConfig = {
  botDelayMs: DEFAULT_ROOM_OPTIONS.botDelayMs,
  emptyRoomTtlMs: 10 * 60 * 1000,
  rateLimitPerSecond: RATE_LIMIT_PER_SECOND,
  maxMessageBytes: MAX_MESSAGE_BYTES,
};

/** What the room knows about each connection. */
export interface Connection {
  readonly role: 'player' | 'spectator';
  /** The member this connection sits for; null for a spectator (or a replaced connection). */
  memberId: string | null;
  readonly limiter: RateLimiter;
  /** The seat whose secret this connection's StateView holds. */
  boundSeat: SeatState | null;
}

type Handler<K extends keyof ClientMessages> = (room: SamuraiRoom, member: Member, payload: z.output<(typeof CLIENT_MESSAGES)[K]>) => Refusal | void;
type Refusal = { error: ErrorCode; detail?: string };

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'message';
  return `${where}: ${issue.message}`.slice(0, 200);
}

function messageOf(code: ErrorCode): string {
  return (MOVE_ERROR_MESSAGES as Record<string, string>)[code] ?? ROOM_ERROR_MESSAGES[code as RoomError];
}

function refuseJoin(error: RoomError, detail?: string): ServerError {
  return new ServerError(JOIN_REFUSED, joinErrorMessage(error, detail ?? ROOM_ERROR_MESSAGES[error]));
}

/**
 * One private game room. Thin by design: a message is decoded and validated, handed to the
 * seating (lobby) or the engine (game), the outcome mirrored into the schema state and sent at
 * once, and the sender answered with an error if it was refused.
 */
export class SamuraiRoom extends Room<RoomState> {
  protected config: RoomConfig = DEFAULT_ROOM_CONFIG;
  private options: RoomOptions = DEFAULT_ROOM_OPTIONS;
  private seating = new Seating(DEFAULT_ROOM_OPTIONS.players);
  private phase: RoomPhase = 'lobby';
  private game: GameState | null = null;
  private gameNumber = 0;
  private log: number[] = [];
  /** Per seat, the tiles drawn when its last turn ended (packHand): its owner's view shows them. */
  private drawn: number[] = [];
  private awaitingCreator = true;
  private readonly clientOf = new Map<string, Client>();
  private mirror!: StateMirror;
  private automation: NodeJS.Timeout | null = null;
  private emptyTimer: NodeJS.Timeout | null = null;

  override onCreate(raw: unknown): void {
    const parsed = createOptionsSchema.safeParse(raw);
    if (!parsed.success) {
      // Colyseus has already started this room's patch interval and auto-dispose timer, and
      // never disposes a room whose creation failed: stop them, or every refused create lingers.
      this.patchRate = 0;
      this.autoDispose = false;
      throw refuseJoin(RoomError.Malformed, describeIssues(parsed.error));
    }
    this.options = { ...DEFAULT_ROOM_OPTIONS, botDelayMs: this.config.botDelayMs, ...parsed.data.options };
    this.roomId = allocateRoomCode();
    void this.setPrivate(true);
    // Seats outlive connections (reloads, dropped networks); the room closes when empty for long.
    this.autoDispose = false;
    // Every change is sent the moment it happens, not on a timer.
    this.patchRate = 0;
    this.seating = new Seating(this.options.players);
    this.state = new RoomState();
    this.mirror = new StateMirror(this.state);
    this.mirror.syncAll(this.facts());
    this.armEmptyTimer();
  }

  override onJoin(client: Client, raw: unknown): void {
    const welcome = this.admit(client, raw);
    this.cancelEmptyTimer();
    client.send('welcome', welcome);
    this.changed();
  }

  /** Seats or seats again the joining client, or throws the refusal its browser is shown. */
  private admit(client: Client, raw: unknown): WelcomeMessage {
    // The creator's own join carries the create options; everyone else's, the join options.
    const creator = this.awaitingCreator && this.seating.members.length === 0 && createOptionsSchema.safeParse(raw);
    if (creator && creator.success) {
      this.awaitingCreator = false;
      return this.seatClient(client, this.must(this.seating.sitDown(creator.data.name, creator.data.colour)));
    }
    const parsed = joinOptionsSchema.safeParse(raw);
    if (!parsed.success) throw refuseJoin(RoomError.Malformed, describeIssues(parsed.error));
    const options = parsed.data;
    if ('seatToken' in options) {
      const member = this.seating.byToken(options.seatToken);
      if (!member) throw refuseJoin(RoomError.SeatToken);
      this.replaceConnection(member);
      this.seating.returned(member);
      return this.seatClient(client, member);
    }
    if (options.role === 'player') {
      if (this.phase !== 'lobby') throw refuseJoin(RoomError.GameStarted);
      return this.seatClient(client, this.must(this.seating.sitDown(options.name, options.colour)));
    }
    if (this.seating.spectators >= MAX_SPECTATORS) throw refuseJoin(RoomError.Full, 'The spectator gallery is full.');
    this.seating.spectators++;
    client.userData = { role: 'spectator', memberId: null, limiter: this.newLimiter(), boundSeat: null } satisfies Connection;
    return { role: 'spectator', memberId: '', seatToken: null };
  }

  override onLeave(client: Client, consented: boolean): void {
    const connection = client.userData as Connection | undefined;
    if (!connection) return; // its join was refused
    if (connection.role === 'spectator') {
      this.seating.spectators--;
    } else if (connection.memberId !== null) {
      const member = this.seating.byId(connection.memberId);
      this.clientOf.delete(connection.memberId);
      // Before the game, leaving opens the seat; otherwise the seat waits for its token.
      if (member && this.phase === 'lobby' && consented) this.seating.leave(member.id);
      else if (member) member.connected = false;
    }
    if (this.clients.length === 0) this.armEmptyTimer();
    this.changed();
  }

  override onDispose(): void {
    if (this.automation) clearTimeout(this.automation);
    this.cancelEmptyTimer();
    releaseRoomCode(this.roomId);
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Every frame a client sends arrives here first: rate limit, size limit, safe decoding. */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    const code = buffer[0];
    if (code === Protocol.JOIN_ROOM && client.state === ClientState.JOINING) return this.confirmJoin(client);
    if (code === Protocol.JOIN_ROOM || code === Protocol.LEAVE_ROOM) return super._onMessage(client, buffer);
    const connection = client.userData as Connection | undefined;
    if (!connection || client.state === ClientState.LEAVING) return;
    const verdict = connection.limiter.hit();
    if (verdict === 'drop') return;
    if (verdict === 'disconnect') return client.leave(CLOSE_RATE_LIMITED, 'Too many messages.');
    if (verdict === 'warn') {
      return this.sendError(client, { error: RoomError.RateLimited, detail: `More than ${this.config.rateLimitPerSecond} messages in a second.` });
    }
    if (buffer.byteLength > this.config.maxMessageBytes) {
      return this.sendError(client, { error: RoomError.MessageTooLarge, detail: `${buffer.byteLength} bytes; the limit is ${this.config.maxMessageBytes}.` });
    }
    const decoded = code === Protocol.ROOM_DATA || code === Protocol.ROOM_DATA_BYTES ? decodeMessage(buffer) : { ok: false as const };
    if (!decoded.ok) return this.sendError(client, { error: RoomError.Malformed, detail: 'The message could not be decoded.' });
    try {
      this.onClientMessage(client, connection, decoded.type, decoded.payload);
    } catch (error) {
      // A bug must not take the whole server (every room) down with it: log it, tell the sender.
      console.error(`room ${this.roomId}: request ${String(decoded.type).slice(0, 40)} failed`, error);
      this.sendError(client, { error: RoomError.Internal }, String(decoded.type).slice(0, 40));
    }
  }

  /**
   * A joining client's acknowledgement, handled as Colyseus does but for one line: the queue of
   * messages held for it until now is emptied, not deleted. Deleting a property moves V8's object
   * to a slow dictionary layout, some 600 bytes more for every connection for as long as it lasts.
   */
  private confirmJoin(client: Client & ClientPrivate): void {
    client.state = ClientState.JOINED;
    client._joinedAt = this.clock.elapsedTime;
    this.sendFullState(client);
    for (const message of client._enqueuedMessages ?? []) client.raw(message);
    client._enqueuedMessages = undefined;
  }

  protected onClientMessage(client: Client, connection: Connection, type: string | number, payload: unknown): void {
    const request = String(type).slice(0, 40);
    const schema = typeof type === 'string' && Object.hasOwn(CLIENT_MESSAGES, type) ? CLIENT_MESSAGES[type as keyof ClientMessages] : null;
    if (!schema) return this.sendError(client, { error: RoomError.UnknownMessage, detail: `There is no request "${request}".` }, request);
    const member = connection.memberId === null ? undefined : this.seating.byId(connection.memberId);
    if (!member) return this.sendError(client, { error: RoomError.Spectator }, request);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const error = isGameIntent(request) ? MoveError.Malformed : RoomError.Malformed;
      return this.sendError(client, { error, detail: describeIssues(parsed.error) }, request);
    }
    const refusal = isGameIntent(request) ? this.gameIntent(member, request, parsed.data) : this.lobbyIntent(member, request, parsed.data);
    if (refusal) this.sendError(client, refusal, request);
  }

  /** The seat is the server's knowledge of the sender, never part of the message. */
  private gameIntent(member: Member, type: GameIntent, payload: unknown): Refusal | undefined {
    if (!this.game) return { error: RoomError.NoGame };
    const failure = this.move(intentToMove(type, payload, this.seating.seatOf(member.id)));
    return failure ? { error: failure.error, detail: failure.detail } : undefined;
  }

  private lobbyIntent(member: Member, type: string, payload: unknown): Refusal | undefined {
    const handler = SamuraiRoom.lobbyHandlers[type as keyof typeof SamuraiRoom.lobbyHandlers] as Handler<keyof ClientMessages>;
    const refusal = handler(this, member, payload as never);
    if (!refusal) this.changed();
    return refusal ?? undefined;
  }

  private sendError(client: Client, refusal: Refusal, request?: string): void {
    const message = messageOf(refusal.error);
    const error: ErrorMessage = { code: refusal.error, message, detail: refusal.detail ?? message, request };
    client.send('error', error);
  }

  // ---- lobby ---------------------------------------------------------------------------------

  /** One set of handlers for every room (per-room closures would cost each room their memory). */
  private static readonly lobbyHandlers: { [K in Exclude<keyof ClientMessages, Move['type']>]: Handler<K> } = {
    addBot: (room, member, payload) => room.asHostInLobby(member) ?? room.result(room.seating.addBot(payload?.level ?? room.options.botLevel)),
    removeSeat: (room, member, { seat }) => {
      const refused = room.asHostInLobby(member);
      if (refused) return refused;
      const removed = room.seating.remove(seat, member.id);
      if (!removed.ok) return room.result(removed);
      const client = room.clientOf.get(removed.value.id);
      if (client) {
        room.clientOf.delete(removed.value.id);
        (client.userData as Connection).memberId = null;
        client.leave(CLOSE_REMOVED, 'The host removed you from your seat.');
      }
    },
    setOptions: (room, member, changes) => {
      const refused = room.asHostInLobby(member);
      if (refused) return refused;
      if (changes.players !== undefined && changes.players !== room.options.players) {
        const resized = room.seating.setPlayers(changes.players);
        if (!resized.ok) return room.result(resized);
      }
      room.options = { ...room.options, ...changes };
    },
    start: (room, member) => {
      const refused = room.asHostInLobby(member);
      if (refused) return refused;
      const open = room.seating.seats.indexOf(null);
      if (open >= 0) return { error: RoomError.SeatsOpen, detail: `Seat ${open + 1} is empty.` };
      if (room.options.seatOrder === 'random') room.seating.shuffle(cryptoRng);
      room.startGame();
    },
    rematch: (room, member) => {
      if (member.id !== room.seating.hostId) return { error: RoomError.NotHost };
      if (room.phase !== 'over') return { error: RoomError.NotOver };
      room.seating.rotate();
      room.startGame();
    },
    standIn: (room, member, { seat }) => {
      if (member.id !== room.seating.hostId) return { error: RoomError.NotHost };
      if (room.phase === 'lobby') return { error: RoomError.NoGame };
      return room.result(room.seating.standIn(seat, room.options.botLevel));
    },
    profile: (room, member, { name, colour }) => {
      if (room.phase !== 'lobby') return { error: RoomError.GameStarted };
      return room.result(room.seating.setProfile(member.id, name, colour));
    },
  };

  private asHostInLobby(member: Member): Refusal | undefined {
    if (member.id !== this.seating.hostId) return { error: RoomError.NotHost };
    if (this.phase !== 'lobby') return { error: RoomError.GameStarted };
    return undefined;
  }

  private result(outcome: SeatingResult<unknown>): Refusal | undefined {
    return outcome.ok ? undefined : { error: outcome.error, detail: outcome.detail };
  }

  private must<T>(outcome: SeatingResult<T>): T {
    if (!outcome.ok) throw refuseJoin(outcome.error, outcome.detail);
    return outcome.value;
  }

  private seatClient(client: Client, member: Member): WelcomeMessage {
    this.clientOf.set(member.id, client);
    client.userData = { role: 'player', memberId: member.id, limiter: this.newLimiter(), boundSeat: null } satisfies Connection;
    client.view = new StateView();
    return { role: 'player', memberId: member.id, seatToken: member.token };
  }

  /** A seat reclaimed with its token while another connection still holds it: the newest wins. */
  private replaceConnection(member: Member): void {
    const previous = this.clientOf.get(member.id);
    if (!previous) return;
    this.clientOf.delete(member.id);
    (previous.userData as Connection).memberId = null;
    previous.leave(CLOSE_SEAT_TAKEN_OVER, 'Your seat was reclaimed from another window.');
  }

  private newLimiter(): RateLimiter {
    return new RateLimiter(this.config.rateLimitPerSecond, RATE_LIMIT_STRIKE_WINDOW_MS);
  }

  // ---- the game ------------------------------------------------------------------------------

  private startGame(): void {
    this.gameNumber++;
    const rng = this.config.dealingRng?.(this.roomId, this.gameNumber) ?? cryptoRng;
    this.game = createGame({ players: this.options.players, options: gameOptionsOf(this.options) }, rng);
    this.drawn = filled(this.options.players, 0);
    this.log = startEvents(this.game).map(encodeLogEntry);
    this.phase = this.game.phase;
  }

  /** Applies an engine move (a person's or the server's); on success everyone sees it at once. */
  private move(move: Move): MoveFailure | null {
    const game = this.game!;
    // What moveEvents needs of the state before (the engine extends these lists in place).
    const before = { ...game, turnCaptures: game.turnCaptures.slice(), placements: game.placements.slice() };
    const drawn = move.type === 'endTurn' || move.type === 'pass' ? tilesDrawnAtTurnEnd(game) : null;
    const failure = applyMoveInPlace(game, move);
    if (failure) return failure;
    updateLog(this.log, before, move, game);
    // The draw rides in the same patch as the turn's end, to its owner alone (no message of its own).
    if (drawn) this.drawn[move.seat] = packHand(drawn);
    this.phase = game.phase;
    if (game.phase === 'over') this.config.onRecord?.(this.roomId, this.gameNumber, exportRecord(game));
    // Seats, host and views stay as they were: only the game moved.
    this.mirror.syncGame(game, this.gameNumber, this.log, this.drawn);
    this.broadcastPatch();
    this.scheduleAutomation();
    return null;
  }

  /** The seat the server moves now (a bot, or a person who can only pass), or -1. */
  private automatedSeat(): number {
    const game = this.game;
    if (!game || game.phase === 'over') return -1;
    for (const seat of seatsToAct(game)) {
      if (this.seating.botAt(seat)) return seat;
      if (checkMove(game, { type: 'pass', seat }) === null) return seat; // passing is all it can do
    }
    return -1;
  }

  /** One automated move at a time, each after the room's delay so people can follow. */
  private scheduleAutomation(): void {
    if (this.automation || this.automatedSeat() < 0) return;
    this.automation = setTimeout(() => {
      this.automation = null;
      try {
        this.runAutomation();
      } catch (error) {
        // As for a request: a bug stops this room's automation, not the server.
        console.error(`room ${this.roomId}: automated move failed`, error);
      }
    }, this.options.botDelayMs);
  }

  private runAutomation(): void {
    const seat = this.automatedSeat();
    if (seat < 0) return;
    const level = this.seating.botAt(seat);
    if (!level) {
      this.move({ type: 'pass', seat });
      return;
    }
    const failure = this.move(this.botMove(level, seat));
    if (failure) {
      // A bot bug must not stall the table: log it and let the random bot move instead.
      console.error(`room ${this.roomId}: ${level} bot move refused (${failure.error}: ${failure.detail})`);
      this.move(randomBot.chooseMove(viewFor(this.game!, seat), seat, cryptoRng));
    }
  }

  private botMove(level: BotLevel, seat: number): Move {
    return BOTS[level].chooseMove(viewFor(this.game!, seat), seat, cryptoRng);
  }

  // ---- state ---------------------------------------------------------------------------------

  /** Colyseus makes a SchemaSerializer when the state is set: ours spares the per-client work nobody needs. */
  override setSerializer(serializer: Serializer<RoomState>): void {
    super.setSerializer(serializer instanceof SchemaSerializer ? new ViewAwareSerializer<RoomState>() : serializer);
  }

  /** After a lobby change, a join or a leave: host, schema, views, then the patch goes out and the bots look up. */
  private changed(): void {
    this.seating.ensureHost();
    this.mirror.syncAll(this.facts());
    this.bindViews();
    this.broadcastPatch();
    this.scheduleAutomation();
  }

  private facts(): RoomFacts {
    return {
      code: this.roomId,
      gameNumber: this.gameNumber,
      options: this.options,
      hostId: this.seating.hostId,
      seats: this.seating.seats,
      spectators: this.seating.spectators,
      game: this.game,
      log: this.log,
      drawn: this.drawn,
    };
  }

  /**
   * Each player's StateView holds exactly its own seat's secret. Seats change hands (players
   * leaving before the game, a smaller table, rotation for a rematch), so a view that held
   * another seat's secret is emptied first: no stale reference lets later patches through.
   */
  private bindViews(): void {
    for (const client of this.clients) {
      const connection = client.userData as Connection | undefined;
      if (!connection || !client.view) continue;
      const seat = connection.memberId === null ? -1 : this.seating.seatOf(connection.memberId);
      const target = seat >= 0 ? this.state.seats[seat] : null;
      if (connection.boundSeat === target) continue;
      if (connection.boundSeat) client.view.remove(connection.boundSeat);
      if (target) for (const s of this.secretsVisibleTo(seat)) client.view.add(this.state.seats[s]);
      connection.boundSeat = target;
      // A joining client gets the full state (its view included) on arrival: no patch on top.
      if (client.state === ClientState.JOINING) client.view.changes.clear();
    }
  }

  /** The seats whose secrets the player at `seat` sees: its own. (Tests override it to prove the leak test bites.) */
  protected secretsVisibleTo(seat: number): number[] {
    return [seat];
  }

  // ---- closing -------------------------------------------------------------------------------

  private armEmptyTimer(): void {
    this.cancelEmptyTimer();
    this.emptyTimer = setTimeout(() => void this.disconnect(), this.config.emptyRoomTtlMs);
  }

  private cancelEmptyTimer(): void {
    if (this.emptyTimer) clearTimeout(this.emptyTimer);
    this.emptyTimer = null;
  }
}

/** The room class with server-wide settings baked in (Colyseus instantiates rooms itself). */
export function configuredRoom(config: RoomConfig, base: typeof SamuraiRoom = SamuraiRoom): typeof SamuraiRoom {
  return class extends base {
    protected override config = config;
  };
}
