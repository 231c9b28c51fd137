import { AuthContext, Client, ClientPrivate, ClientState, Protocol, Room, SchemaSerializer, Serializer } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import {
  CLOSE_ABANDONED,
  CLOSE_RATE_LIMITED,
  CLOSE_REMOVED,
  CLOSE_RESTARTING,
  CLOSE_SEAT_TAKEN_OVER,
  ColourId,
  joinOptionsSchema,
  MAX_SPECTATORS,
  RATE_LIMIT_STRIKE_WINDOW_MS,
  RoomError,
  STORAGE_NOTICE_EVERY_MS,
  TableOptions,
  WelcomeMessage,
} from '@samurai/shared';
import { cryptoRng } from '../crypto-rng';
import { decodeMessage } from '../decode-message';
import { log } from '../log';
import { confusableNames } from '../name-skeleton';
import { liveRooms } from '../room-codes';
import { ViewAwareSerializer } from '../ViewAwareSerializer';
import type { GameModule, GameSession, Refusal } from './game-module';
import { dispatch, DispatchingTable, sendError } from './message-dispatch';
import { RateLimiter } from './RateLimiter';
import { cutOff } from '../transport/cut-off';
import { FencedError, FinishedGame, Lease, RefusedWriteError, Unloaded } from '../store/game-store';
import { CodeDirectory, LocalCodeDirectory } from '../cluster/CodeDirectory';
import { takeOverListing } from '../cluster/GuardedRedisDriver';
import { Connection, DEFAULT_ROOM_CONFIG, describeIssues, refuseJoin, RoomConfig } from './room-config';
import { ChatBudget } from './ChatBudget';
import { JournalKind, RoomJournal } from './RoomJournal';
import { TableChat } from './TableChat';
import type { Removal, ReplayedRoom, TableSnapshot } from './restore-room';
import { Member, newSeatToken, Seating, SeatingResult } from './Seating';
import { TableFacts, TableMirror } from './TableMirror';
import { TableTime } from './TableTime';
import type { TableState } from './table-state';

// The room's settings and a connection's record live in room-config (start-server and tests import them from here).
export { DEFAULT_BOT_DELAY_MS, DEFAULT_ROOM_CONFIG } from './room-config';
export type { Connection, RoomConfig } from './room-config';

/** A connection cut off for flooding waits this long to come back (by seat and by address). */
interface Cooldown {
  until: number;
  strikes: number;
}

const MAX_COOLDOWN_MS = 10 * 60 * 1000;

/**
 * Rooms being restored at start, by code, already replayed (replayRoom): a room created with
 * `{ restore: code }` takes over from here. Only the server puts entries here (before it listens),
 * never a client's options.
 */
export const pendingRestores = new Map<string, ReplayedRoom>();

/**
 * Tables being unloaded in this process, by code, until their room is gone: a table asked for
 * meanwhile is brought back once it is (TableWaker).
 */
export const unloadingRooms = new Map<string, Promise<void>>();

/** Removals remembered per room (the oldest is forgotten beyond this). */
const MAX_REMOVALS = 20;

/**
 * One private room of any game. It knows no rules: codes, seats, host, tokens, spectators, limits,
 * stand-ins, removals and rematch are the table's; the game's module (games/registry.ts) brings its
 * messages, its state and a session that plays them. Thin by design: a message is decoded and
 * validated, handed to the seating (the table's requests) or the game session (the game's), the
 * outcome mirrored into the state and sent at once, and the sender answered if it was refused.
 */
export class TableRoom extends Room<TableState> implements DispatchingTable {
  // What the table's helpers in this folder read and change (message-dispatch, table-requests,
  // chat-requests, TableTime): public to them, not part of the room's interface to the server.
  config: RoomConfig = DEFAULT_ROOM_CONFIG;
  /** The game this room plays (configuredRoom bakes it in: Colyseus makes rooms itself). */
  gameModule!: GameModule;
  options!: TableOptions;
  seating!: Seating;
  session!: GameSession;
  mirror!: TableMirror;
  journal!: RoomJournal;
  chat = new TableChat();
  removals: Removal[] = [];
  /** Idle players, the clocks, the host's grace, the away time, and the one wake timer. */
  readonly time = new TableTime(this);
  private gameNumber = 0;
  /** Moves written since the game's start or its last snapshot. */
  private movesSinceSnapshot = 0;
  /** When the game last moved (retention counts from then: see unload). */
  private lastMoveAt = Date.now();
  /** How much more each person, and the spectators together, may say (made with the room's first line). */
  chatBudget: ChatBudget | null = null;
  /** When each person last handed their own seat to the bot, and last took it back (see table-requests). */
  readonly handovers = new Map<string, number>();
  private awaitingCreator = true;
  private readonly clientOf = new Map<string, Client>();
  private automation: NodeJS.Timeout | null = null;
  /** A bot of this room thinks on a bot thread (GameSession.thinkFor); it moves once done. */
  private thinking = false;
  private disposed = false;
  private emptyTimer: NodeJS.Timeout | null = null;
  private readonly cooldowns = new Map<string, Cooldown>();
  private readonly addressOf = new Map<string, string>();
  /** The server is stopping (or the store failed): the room stays live in the store when it goes. */
  private keptForRestart = false;
  /** Another process runs this room now: its listing is not this copy's to touch. */
  private detached = false;
  /** The table is leaving memory (see unload): it takes nobody in, and ends once the store says so. */
  private unloading: (() => void) | null = null;
  /** It left memory, live in the store: its code leaves the directory, the store has it. */
  private unloaded = false;
  /** While the room waits for its storage: tells its clients so, every STORAGE_NOTICE_EVERY_MS. */
  private storageNotice: NodeJS.Timeout | null = null;

  override async onCreate(raw: unknown): Promise<void> {
    const restoring = typeof raw === 'object' && raw !== null && 'restore' in raw ? pendingRestores.get(String(raw.restore)) : undefined;
    if (restoring) {
      pendingRestores.delete(restoring.code);
      return this.restore(restoring);
    }
    const game = this.gameModule;
    const parsed = game.createOptionsSchema.safeParse(raw);
    if (!parsed.success) this.abandonCreation(refuseJoin(RoomError.Malformed, describeIssues(parsed.error)));
    this.options = { ...game.defaultOptions, botDelayMs: this.config.botDelayMs, ...parsed.data.options };
    // (No code while a cluster's Redis does not answer: a passing refusal.)
    this.roomId = await this.freshCode().catch((error: unknown) => this.abandonCreation(error));
    this.setUp(new Seating(this.options.players), 0, this.config.newLease?.() ?? null, null);
    // A room nobody ever connects to (made over plain HTTP) closes when its creator's seat reservation expires.
    // (Nothing is written down until its creator sits down.)
    this.armEmptyTimer(this.config.creatorTimeoutMs);
  }

  /** A code no live room has, here or (in a cluster) anywhere. */
  private async freshCode(): Promise<string> {
    let code = await this.codes.allocate();
    // (Two rooms made at the same moment here could draw one code: the second draws again.)
    while (!liveRooms.claim(code)) code = await this.codes.allocate();
    return code;
  }

  /**
   * This room is refused before it is made. Colyseus has already started its patch interval and
   * auto-dispose timer, and never disposes a room whose creation failed: stop them, or every
   * refused create lingers.
   */
  private abandonCreation(error: unknown): never {
    this.patchRate = 0;
    this.autoDispose = false;
    throw error;
  }

  /** What a new room and a restored one share, once the room has its code (a restored one brings its replayed game). */
  private setUp(seating: Seating, lastSeq: number, lease: Lease | null, replayed: ReplayedRoom | null): void {
    const game = this.gameModule;
    // Reservations count against this: seats plus the spectator gallery, and a little room for
    // reservations in flight (one address cannot reserve seats without bound).
    this.maxClients = game.maxSeats + MAX_SPECTATORS + 10;
    void this.setPrivate(true);
    // Seats outlive connections (reloads, dropped networks); the room closes when empty for long.
    this.autoDispose = false;
    // Every change is sent the moment it happens, not on a timer.
    this.patchRate = 0;
    this.seating = seating;
    const state = replayed?.state ?? game.newState();
    this.state = state;
    this.mirror = new TableMirror(state, game.name, game.newSeat);
    this.session = replayed?.session ?? game.newSession(state);
    const listener = { refused: (error: RefusedWriteError) => this.storeFailed(error), waiting: (waiting: boolean) => this.storageWaiting(waiting) };
    this.journal = new RoomJournal(this.config.store ?? null, this.roomId, game.name, listener, lastSeq, lease);
  }

  private get codes(): CodeDirectory {
    return this.config.codes ?? localCodes;
  }

  /**
   * A room the store kept, rebuilt after a restart (replayRoom has replayed its log): the same
   * code, seats, host, options and tokens, and its game. Everyone is away until their browser
   * reconnects; bots, forced moves and the empty-room timer carry on.
   */
  private async restore(replayed: ReplayedRoom): Promise<void> {
    const { table } = replayed;
    // Each stored room is restored once, by the process that claimed it: its code is not in use here.
    if (!liveRooms.claim(replayed.code)) throw new Error(`room ${replayed.code} is already live`);
    this.roomId = replayed.code;
    await this.codes.claim(replayed.code);
    // In a cluster the room may have been listed by the process it comes from: its listing is this one's now.
    takeOverListing(this.listing);
    // (Rooms logged before the table had clocks and chat get those options' defaults.)
    this.options = { ...this.gameModule.defaultOptions, ...table.options };
    this.removals = table.removals.slice();
    this.gameNumber = table.gameNumber;
    this.movesSinceSnapshot = replayed.movesReplayed;
    this.lastMoveAt = replayed.unloaded?.lastMoveAt ?? Date.now();
    this.awaitingCreator = false;
    this.setUp(replayed.seating, replayed.lastSeq, replayed.lease, replayed);
    this.journal.restoredTable(replayed.tableText);
    const now = Date.now();
    this.chat = TableChat.restore(replayed.chat);
    this.mirror.chatRing(this.chat.slots);
    // A game's clocks carry on with the time they had left when last written (see restoreClocks);
    // an unloaded table's ran on meanwhile.
    if (this.session.phase !== 'lobby') this.time.restore(replayed.clock, replayed.unloaded?.at ?? now);
    this.seating.ensureHost(now, this.config.hostGraceMs);
    this.time.updateDue();
    this.syncAll(now);
    this.time.showClocks(now);
    this.armEmptyTimer();
    this.scheduleAutomation();
  }

  /** The table's state as its log keeps it. */
  private tableSnapshot(): string {
    const snapshot: TableSnapshot = { options: this.options, seating: this.seating.snapshot(), removals: this.removals, gameNumber: this.gameNumber };
    return JSON.stringify(snapshot);
  }

  /**
   * The store refused a write for what it is (not for want of storage: see storageWaiting): nothing
   * more is shown from this room; its players reconnect to it once restored from what was written.
   */
  private storeFailed(error: RefusedWriteError): void {
    if (error instanceof FencedError) return this.lost();
    log.error(`room ${this.roomId}: the store refused a write; the room closes and comes back from what was written`, error);
    this.keptForRestart = true;
    void this.disconnect(CLOSE_RESTARTING);
  }

  /**
   * The storage failed a write (waiting), or has taken every write since (not). Meanwhile nothing
   * of the room is shown; it takes no request and no newcomer, its time stands still (no clock
   * runs out, no bot moves, it does not close for being empty), and its clients are told why.
   */
  private storageWaiting(waiting: boolean): void {
    if (this.storageNotice) clearInterval(this.storageNotice);
    this.storageNotice = null;
    if (waiting) {
      this.time.hold();
      if (this.automation) clearTimeout(this.automation);
      this.automation = null;
      this.tellStorageWaiting();
      this.storageNotice = setInterval(this.tellStorageWaiting, STORAGE_NOTICE_EVERY_MS);
      return;
    }
    this.time.carryOn();
    this.changed();
  }

  private readonly tellStorageWaiting = (): void => {
    for (const client of this.clients) sendError(this.gameModule, client, { error: RoomError.StorageWaiting });
  };

  /** Whether the store held this room's lease before `time` (LeaseKeeper: a room not renewed then was claimed elsewhere). */
  heldBefore(time: number): boolean {
    return this.journal.heldBefore(time);
  }

  /**
   * Another process has claimed this room (this one was paused, or cut off from the store): this
   * copy closes without another write, and its people reconnect to the one live room.
   */
  lost(): void {
    if (this.keptForRestart && this.detached) return;
    // Unloading: the store's answer says whether the room was still this copy's (see unload).
    if (this.unloading) return;
    log.warn(`room ${this.roomId}: another process has taken it over; this copy closes`);
    this.journal.stop();
    this.detached = true;
    // (Its listing, now the live room's, is safe: this copy's never overwrites or deletes
    // another process's; see GuardedRoomData.)
    // Calls for the room (seat reservations from other processes) go to its Redis channel, which
    // Colyseus names `$<roomId>` and drops only once the room is disposed: this copy stops
    // answering them now, so that only the live room does; and seats it reserved in the meantime
    // (for browsers sent elsewhere) do not keep it from closing.
    void this.presence.unsubscribe(`$${this.roomId}`);
    for (const timer of Object.values(this.reservedSeatTimeouts)) clearTimeout(timer);
    this.reservedSeatTimeouts = {};
    this.reservedSeats = {};
    this.keptForRestart = true;
    void this.disconnect(CLOSE_RESTARTING);
  }

  /** The server is stopping: everyone is told to come back shortly; the room stays live in the store. */
  stopForRestart(): Promise<void> {
    // Running clocks are written down as they stand: after the restart they carry on from here.
    this.time.writeDown();
    this.keptForRestart = true;
    return this.disconnect(CLOSE_RESTARTING);
  }

  /** The colours taken at the table, for the join form (GET /api/rooms/:code/colours, through matchMaker.remoteRoomCall). */
  takenColours(): ColourId[] {
    return this.seating.members.map((m) => m.colour);
  }

  /** Colyseus passes the connection's address (the transport's, proxy-aware): the room keeps it. */
  override onAuth(_client: Client, _options: unknown, context: AuthContext): { address: string } {
    return { address: String(context.ip ?? '') };
  }

  override onJoin(client: Client, raw: unknown, auth?: { address: string }): void {
    const welcome = this.admit(client, raw, auth?.address ?? '');
    this.cancelEmptyTimer();
    // The newcomer's first state says how much time each running clock has left now.
    this.time.showClocks();
    // A seat and its token are written down before its owner hears of them.
    this.journal.table(this.tableSnapshot());
    this.journal.whenDurable(() => client.send('welcome', welcome));
    this.changed();
  }

  /** Seats or seats again the joining client, or throws the refusal its browser is shown. */
  private admit(client: Client, raw: unknown, address: string): WelcomeMessage {
    // A seat is written down before its owner hears of it: not while the room cannot write.
    if (this.journal.waitingForStorage) throw refuseJoin(RoomError.StorageWaiting);
    // (Its browser tries again, and the table comes back from the store.)
    if (this.unloading) throw refuseJoin(RoomError.Restarting, 'The table is being put away; it comes back in a moment.');
    // The creator's own join carries the create options; everyone else's, the join options.
    const creator = this.awaitingCreator && this.seating.members.length === 0 && this.gameModule.createOptionsSchema.safeParse(raw);
    if (creator && creator.success) {
      this.awaitingCreator = false;
      const token = newSeatToken();
      return this.seatClient(client, this.must(this.seating.sitDown(creator.data.name, creator.data.colour, token)), address, token);
    }
    const parsed = joinOptionsSchema.safeParse(raw);
    if (!parsed.success) throw refuseJoin(RoomError.Malformed, describeIssues(parsed.error));
    const options = parsed.data;
    this.checkCooldown(`address:${address}`);
    if ('seatToken' in options) {
      // A token guess costs a look-up attempt, taken here at the door (joinById's for the code was given back).
      const admitted = this.config.gate?.lookUp(address);
      if (admitted && !admitted.ok) throw refuseJoin(admitted.error, admitted.detail);
      const member = this.seating.byToken(options.seatToken);
      if (!member) throw refuseJoin(RoomError.SeatToken);
      this.config.gate?.giveBackLookUp(address);
      this.checkCooldown(`member:${member.id}`);
      this.replaceConnection(member);
      // (A bot making a move they kept the table waiting for makes it first.)
      this.seating.returned(member, this.time.owedByStandIn(this.seating.seatOf(member.id)));
      return this.seatClient(client, member, address, options.seatToken);
    }
    if (options.role === 'player') {
      if (this.session.phase !== 'lobby') throw refuseJoin(RoomError.GameStarted);
      const removal = this.removals.find((r) => (address !== '' && r.address === address) || confusableNames(r.name, options.name));
      if (removal) throw refuseJoin(RoomError.Removed);
      const token = newSeatToken();
      return this.seatClient(client, this.must(this.seating.sitDown(options.name, options.colour, token)), address, token);
    }
    if (this.seating.spectators >= MAX_SPECTATORS) throw refuseJoin(RoomError.Full, 'The spectator gallery is full.');
    const name = options.name ?? '';
    this.must(this.seating.watch(name));
    client.userData = { role: 'spectator', memberId: null, limiter: this.newLimiter(), address, boundSeat: null, secrets: [], name } satisfies Connection;
    return { role: 'spectator', memberId: '', seatToken: null };
  }

  /** Refuses a connection whose seat or address is cooling down after a flood. */
  private checkCooldown(key: string): void {
    const cooldown = this.cooldowns.get(key);
    const wait = cooldown ? cooldown.until - Date.now() : 0;
    if (wait > 0) throw refuseJoin(RoomError.CoolingDown, `You were disconnected for sending too much: come back in ${Math.ceil(wait / 1000)} s.`);
  }

  /** A connection cut off for flooding: its seat and its address wait, longer each time. */
  private startCooldown(connection: Connection): void {
    const now = Date.now();
    for (const [key, cooldown] of this.cooldowns) if (now - cooldown.until > MAX_COOLDOWN_MS) this.cooldowns.delete(key);
    const keys = [`address:${connection.address}`, ...(connection.memberId ? [`member:${connection.memberId}`] : [])];
    for (const key of keys) {
      const strikes = (this.cooldowns.get(key)?.strikes ?? 0) + 1;
      const wait = Math.min(MAX_COOLDOWN_MS, this.config.floodCooldownMs * 2 ** (strikes - 1));
      this.cooldowns.set(key, { until: now + wait, strikes });
    }
  }

  override onLeave(client: Client, consented: boolean): void {
    const connection = client.userData as Connection | undefined;
    if (!connection) return; // its join was refused
    if (connection.role === 'spectator') {
      this.seating.unwatch(connection.name);
    } else if (connection.memberId !== null) {
      this.releaseSeat(connection, consented);
    }
    if (this.clients.length === 0) this.armEmptyTimer();
    this.changed();
  }

  /** The connection no longer sits for its member: before the game a consented leave opens the seat; otherwise it waits for its token. */
  private releaseSeat(connection: Connection, consented = false): void {
    if (connection.memberId === null) return;
    const member = this.seating.byId(connection.memberId);
    this.clientOf.delete(connection.memberId);
    connection.memberId = null;
    if (member && this.session.phase === 'lobby' && consented) this.seating.leave(member.id);
    else if (member) this.seating.away(member, Date.now());
  }

  override onDispose(): void {
    this.disposed = true;
    if (this.automation) clearTimeout(this.automation);
    this.time.dispose();
    this.cancelEmptyTimer();
    if (this.storageNotice) clearInterval(this.storageNotice);
    // Colyseus leaves the timers of seat reservations nobody used running after a room closes
    // (15 s each, holding the closed room): a creation flood would pile them up.
    for (const timer of Object.values(this.reservedSeatTimeouts)) clearTimeout(timer);
    this.reservedSeatTimeouts = {};
    liveRooms.release(this.roomId);
    // Closed for good (empty too long, abandoned): not restored again; its records stay; its code is free.
    // Unloaded: live in the store, which alone has its code now.
    if (!this.keptForRestart || this.unloaded) {
      if (!this.unloaded) this.journal.close();
      this.codes.release(this.roomId).catch((error: unknown) => log.warn(`room ${this.roomId}: its code could not be freed (${String(error)})`));
    }
    // Kept: it comes back from what was written (a room waiting for its storage showed nothing more).
    if (this.keptForRestart) this.journal.stop();
    this.unloadingEnded();
  }

  /** Resolves once no write of this room is under way: all made, or waiting for the storage. */
  drained(): Promise<void> {
    return new Promise((resolve) => this.journal.whenSettled(resolve));
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Every frame a client sends arrives here first: rate limit, size limit, safe decoding. */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    const connection = client.userData as Connection | undefined;
    if (!connection || client.state === ClientState.LEAVING) return;
    // Every frame counts, join acknowledgements and leaves included.
    const verdict = connection.limiter.hit();
    if (verdict === 'drop') return;
    if (verdict === 'disconnect') {
      // Frames already on their way are ignored from now on (and earn no further strikes).
      client.state = ClientState.LEAVING;
      this.startCooldown(connection);
      cutOff(client, CLOSE_RATE_LIMITED, 'Too many messages.');
      // Its socket closes only after a grace: the seat is left now, so its token waits out the cool-down.
      this.releaseSeat(connection);
      return this.changed();
    }
    if (verdict === 'warn') {
      return sendError(this.gameModule, client, { error: RoomError.RateLimited, detail: `More than ${this.config.rateLimitPerSecond} messages in a second.` });
    }
    const code = buffer[0];
    if (code === Protocol.JOIN_ROOM) {
      if (client.state === ClientState.JOINING) this.confirmJoin(client);
      return;
    }
    if (code === Protocol.LEAVE_ROOM) return super._onMessage(client, buffer);
    if (buffer.byteLength > this.config.maxMessageBytes) {
      return sendError(this.gameModule, client, { error: RoomError.MessageTooLarge, detail: `${buffer.byteLength} bytes; the limit is ${this.config.maxMessageBytes}.` });
    }
    const decoded = code === Protocol.ROOM_DATA || code === Protocol.ROOM_DATA_BYTES ? decodeMessage(buffer) : { ok: false as const };
    if (!decoded.ok) return sendError(this.gameModule, client, { error: RoomError.Malformed, detail: 'The message could not be decoded.' });
    // Nothing waits in a queue for the storage: the sender is told, and may try again once it answers.
    if (this.journal.waitingForStorage) return sendError(this.gameModule, client, { error: RoomError.StorageWaiting }, String(decoded.type).slice(0, 40));
    try {
      this.onClientMessage(client, connection, decoded.type, decoded.payload);
    } catch (error) {
      // A bug must not take the whole server (every room) down with it: log it, tell the sender.
      log.error(`room ${this.roomId}: request ${String(decoded.type).slice(0, 40)} failed`, error);
      sendError(this.gameModule, client, { error: RoomError.Internal }, String(decoded.type).slice(0, 40));
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

  /** A decoded request: see message-dispatch. (Tests override this to make a request fail.) */
  protected onClientMessage(client: Client, connection: Connection, type: string | number, payload: unknown): void {
    dispatch(this, client, connection, type, payload);
  }

  /** The seat is the server's knowledge of the sender, never part of the message. */
  gameIntent(member: Member, type: string, payload: unknown): Refusal | undefined {
    if (this.session.phase === 'lobby') return { error: RoomError.NoGame };
    const seat = this.seating.seatOf(member.id);
    if (member.standIn && this.time.owedByStandIn(seat)) return { error: RoomError.BotMoving };
    const failure = this.session.play(seat, type, payload);
    if (failure) return failure;
    // A person whose seat a bot plays takes it back with a move of their own (one the game accepted).
    const back = member.standIn !== null;
    if (back) this.seating.returned(member);
    this.played();
    if (back) this.changed();
    return undefined;
  }

  // ---- seats -------------------------------------------------------------------------------

  /** The host removed this member from their seat: remembered, and their connection closed. */
  removed(member: Member): void {
    this.remember(member);
    const client = this.clientOf.get(member.id);
    if (!client) return;
    this.clientOf.delete(member.id);
    (client.userData as Connection).memberId = null;
    client.leave(CLOSE_REMOVED, 'The host removed you from your seat.');
  }

  private must<T>(outcome: SeatingResult<T>): T {
    if (!outcome.ok) throw refuseJoin(outcome.error, outcome.detail);
    return outcome.value;
  }

  private seatClient(client: Client, member: Member, address: string, token: string): WelcomeMessage {
    this.clientOf.set(member.id, client);
    this.addressOf.set(member.id, address);
    client.userData = { role: 'player', memberId: member.id, limiter: this.newLimiter(), address, boundSeat: null, secrets: [], name: '' } satisfies Connection;
    client.view = new StateView();
    return { role: 'player', memberId: member.id, seatToken: token };
  }

  /** A seat reclaimed with its token while another connection still holds it: the newest wins. */
  private replaceConnection(member: Member): void {
    const previous = this.clientOf.get(member.id);
    if (!previous) return;
    this.clientOf.delete(member.id);
    (previous.userData as Connection).memberId = null;
    previous.leave(CLOSE_SEAT_TAKEN_OVER, 'Your seat was reclaimed from another window.');
  }

  /** A person the host removed may not sit down again (by name or from their address) unless let back. */
  private remember(member: Member): void {
    if (member.bot) return;
    this.removals.push({ name: member.name, address: this.addressOf.get(member.id) ?? '' });
    if (this.removals.length > MAX_REMOVALS) this.removals.shift();
    this.addressOf.delete(member.id);
  }

  /** "I'm back": the stand-in ends, unless the bot is making a move its person kept the table waiting for. */
  resume(member: Member): Refusal | undefined {
    if (this.time.owedByStandIn(this.seating.seatOf(member.id))) return { error: RoomError.BotMoving };
    this.seating.returned(member);
  }

  private newLimiter(): RateLimiter {
    return new RateLimiter(this.config.rateLimitPerSecond, RATE_LIMIT_STRIKE_WINDOW_MS);
  }

  // ---- the game ------------------------------------------------------------------------------

  startGame(): void {
    this.gameNumber++;
    const rng = this.config.dealingRng?.(this.roomId, this.gameNumber) ?? cryptoRng;
    const deal = this.session.start(this.options, this.gameNumber, rng);
    this.lastMoveAt = Date.now();
    this.time.startGame();
    // The table as the game starts (seat order drawn or rotated) and the whole deal.
    this.writeAfresh({ kind: 'start', data: JSON.stringify({ gameNumber: this.gameNumber, deal }) });
  }

  /**
   * Moves of the game (a person's, the server's, or its own time's) into the log; now and then the
   * whole game instead. Moves that end the game carry its record: one write, so no client sees an
   * end whose record is missing.
   */
  private writeMoves(moves: readonly string[]): void {
    this.lastMoveAt = Date.now();
    const record = this.session.phase === 'over' && this.state.phase !== 'over' ? this.session.record() : null;
    this.journal.append(
      moves.map((data) => ({ kind: 'move' as const, data })),
      record ? { finished: this.finishedGame(record) } : undefined,
    );
    if (record) {
      const gameNumber = this.gameNumber;
      // Offered (GET …/record) once written, as the end is shown.
      this.journal.whenDurable(() => this.config.onRecord?.(this.roomId, this.gameModule.name, gameNumber, record));
    }
    this.movesSinceSnapshot += moves.length;
    if (this.movesSinceSnapshot >= this.config.snapshotEveryMoves) this.writeSnapshot();
  }

  /** The game as it stands (and its clocks) written whole, the events before dropped. */
  private writeSnapshot(): void {
    const clock = this.time.clockEvent();
    this.writeAfresh({ kind: 'snapshot', data: `{"gameNumber":${this.gameNumber},"snapshot":${this.session.snapshot()}}` }, clock ? [clock] : []);
  }

  /**
   * The room's log starts afresh once compactAfterBytes have been written since it last did
   * (chat lines, the table's changes, clocks, moves): whatever its members send, a room's stored
   * log stays under what one fresh start (the table, the game or none, the kept chat, the clocks)
   * and that many bytes take. See the README's Security section for the bound.
   */
  compactIfDue(): void {
    if (this.journal.bytesSinceFresh < this.config.tableLimits.compactAfterBytes) return;
    if (this.session.phase === 'lobby') this.writeAfresh(null);
    else this.writeSnapshot();
  }

  /**
   * The room's log starts again here: the table, the game's first event (its deal, or a snapshot
   * of it; none in the lobby), the chat kept so far and `after`; the events before are no longer
   * needed to restore it.
   */
  private writeAfresh(game: { kind: 'start' | 'snapshot'; data: string } | null, after: readonly { kind: JournalKind; data: string }[] = []): void {
    this.journal.append(
      [{ kind: 'table', data: this.tableSnapshot() }, ...(game ? [game] : []), ...this.chat.lines().map((data) => ({ kind: 'chat' as const, data })), ...after],
      { startsLog: true },
    );
    this.movesSinceSnapshot = 0;
  }

  /**
   * After the session played a move (a person's or the server's): everyone sees it at once, and
   * a finished game's record is kept.
   */
  private played(): void {
    this.writeMoves([this.session.lastMove()]);
    this.syncGamePhase();
    // Seats, host and views stay as they were: only the game moved (and perhaps who is idle).
    if (this.time.updateDue()) this.syncAll();
    this.compactIfDue();
    this.journal.whenDurable(this.sendPatch);
    this.scheduleAutomation();
  }

  /** The game's phase into the state (once its moves are written: see writeMoves). */
  private syncGamePhase(): void {
    this.mirror.syncPhase(this.session.phase);
  }

  /**
   * What the game's own time made happen (a prompt's time ran out, a reveal ended), written down
   * as moves are; the caller then syncs and sends it.
   */
  private expireGameTime(): void {
    try {
      const changes = this.session.expire?.(Date.now()) ?? [];
      if (changes.length === 0) return;
      this.writeMoves(changes);
      this.syncGamePhase();
    } catch (error) {
      // As for a request: a bug stops this room's clock, not the server.
      log.error(`room ${this.roomId}: the game's timed change failed`, error);
    }
  }

  /** The game that has just ended, for the room's history. */
  private finishedGame(record: object): FinishedGame {
    const game = { code: this.roomId, gameType: this.gameModule.name, gameNumber: this.gameNumber, finishedAt: Date.now(), summary: JSON.stringify(this.gameSummary()) };
    return { game, record: JSON.stringify(record) };
  }

  /** The finished game for the room's history: the game's own summary and who sat where. */
  private gameSummary(): object {
    return { ...this.session.summary(), seats: this.seating.seats.map((m) => (m ? { name: m.name, colour: m.colour, bot: m.bot } : null)) };
  }

  /** Sends the patch (once what it shows is written down). */
  readonly sendPatch = (): void => {
    this.broadcastPatch();
  };

  /** The wake timer fired (see TableTime): the game's own time, then the table's, then everyone sees it. */
  woke(): void {
    // Time stands still while the room waits for its storage (TableTime.carryOn wakes it again).
    if (this.journal.waitingForStorage) return;
    this.expireGameTime();
    this.time.expire(Date.now());
    this.changed();
  }

  /** One automated move at a time, each after the room's delay so people can follow. */
  private scheduleAutomation(delayMs = this.options.botDelayMs): void {
    if (this.automation || this.thinking || this.journal.waitingForStorage || this.session.automatedSeat(this.botAt) < 0) return;
    this.automation = setTimeout(() => {
      this.automation = null;
      try {
        this.runAutomation();
      } catch (error) {
        // As for a request: a bug stops this room's automation, not the server.
        log.error(`room ${this.roomId}: automated move failed`, error);
      }
    }, delayMs);
  }

  private readonly botAt = (seat: number): string | null => this.seating.botAt(seat);

  private runAutomation(): void {
    const seat = this.session.automatedSeat(this.botAt);
    if (seat < 0) return;
    const level = this.seating.botAt(seat);
    const thinking = level === null ? null : (this.session.thinkFor?.(seat, level, cryptoRng) ?? null);
    if (thinking) {
      // The room goes on meanwhile; once the bot is done, its move (or the game's next) comes at once.
      this.thinking = true;
      void thinking.then(() => {
        this.thinking = false;
        if (!this.disposed) this.scheduleAutomation(0);
      });
      return;
    }
    const failure = this.session.playFor(seat, level, cryptoRng);
    if (!failure) this.played();
    else log.error(`room ${this.roomId}: the automated move of seat ${seat} was refused (${failure.error}: ${failure.detail ?? ''})`);
  }

  // ---- state ---------------------------------------------------------------------------------

  /** Colyseus makes a SchemaSerializer when the state is set: ours spares the per-client work nobody needs. */
  override setSerializer(serializer: Serializer<TableState>): void {
    super.setSerializer(serializer instanceof SchemaSerializer ? new ViewAwareSerializer<TableState>() : serializer);
  }

  /** After a table change, a join or a leave: host, schema, views, then the patch goes out and the bots look up. */
  changed(): void {
    const now = Date.now();
    this.seating.ensureHost(now, this.config.hostGraceMs);
    this.time.updateDue();
    this.syncAll(now);
    this.bindViews();
    this.journal.table(this.tableSnapshot());
    this.compactIfDue();
    this.journal.whenDurable(this.sendPatch);
    this.scheduleAutomation();
  }

  /** The table's part of the state, then the game's (on the same seats). */
  private syncAll(now = Date.now()): void {
    this.mirror.sync(this.facts(now));
    this.session.sync(this.mirror.seats);
  }

  private facts(now: number): TableFacts {
    return {
      idle: this.seating.seats.map((_, s) => this.time.isIdle(s, now)),
      removed: this.removals.map((r) => r.name),
      code: this.roomId,
      phase: this.session.phase,
      gameNumber: this.gameNumber,
      options: this.options,
      hostId: this.seating.hostId,
      seats: this.seating.seats,
      spectators: this.seating.spectators,
    };
  }

  /**
   * Each player's StateView holds exactly the secrets its seat may see. Seats change hands
   * (players leaving before the game, a smaller table, rotation for a rematch), so a view bound
   * to another seat is emptied first: no stale reference lets later patches through.
   */
  private bindViews(): void {
    for (const client of this.clients) {
      const connection = client.userData as Connection | undefined;
      if (!connection || !client.view) continue;
      const seat = connection.memberId === null ? -1 : this.seating.seatOf(connection.memberId);
      const target = seat >= 0 ? this.mirror.seats[seat] : null;
      if (connection.boundSeat === target) continue;
      for (const secret of connection.secrets) client.view.remove(secret);
      connection.secrets = target ? this.session.secretsVisibleTo(seat) : [];
      for (const secret of connection.secrets) client.view.add(secret);
      connection.boundSeat = target;
      // A joining client gets the full state (its view included) on arrival: no patch on top.
      if (client.state === ClientState.JOINING) client.view.changes.clear();
    }
  }

  // ---- closing -------------------------------------------------------------------------------

  private armEmptyTimer(ms = this.config.emptyRoomTtlMs): void {
    this.cancelEmptyTimer();
    this.emptyTimer = setTimeout(() => this.emptyFor(ms), ms);
  }

  /**
   * Nobody has been connected for `ms`. A lobby or a finished game closes; a game under way is
   * never closed for being empty: it leaves memory (unload), once it waits for a person's move.
   */
  private emptyFor(ms: number): void {
    this.emptyTimer = null;
    // A room waiting for its storage can neither close nor unload (its log would not say so): it looks again later.
    if (this.journal.waitingForStorage) return this.armEmptyTimer(ms);
    if (!this.config.unloads || !this.time.gameUnderWay()) return void this.disconnect(this.awaitingCreator ? CLOSE_ABANDONED : undefined);
    // Someone is on their way in, or the game moves by itself now (a bot, a prompt's time): later.
    const moving = this.automation !== null || this.session.automatedSeat(this.botAt) >= 0 || (this.session.nextDeadline?.() ?? Infinity) < Infinity;
    if (moving || Object.keys(this.reservedSeats).length > 0) return this.armEmptyTimer(ms);
    this.unload();
  }

  /**
   * The table leaves this process's memory, live in the store, and comes back the moment someone
   * opens its link, reclaims a seat or its time is up (TableWaker). Its running clocks are written
   * down as they stand (they run on meanwhile: the players are away, not the server); the store
   * learns when it next needs to wake and when its game last moved (retention); then the room is
   * disposed without closing it. Meanwhile nothing happens by itself and joins are refused in
   * passing (their browsers try again, and find it back).
   */
  private unload(): void {
    unloadingRooms.set(this.roomId, new Promise<void>((resolve) => (this.unloading = resolve)));
    void this.lock();
    this.time.dispose();
    const now = Date.now();
    this.time.writeDown(now);
    const unloaded: Unloaded = { at: now, wakeAt: this.time.wakeWhileUnloaded(now), lastMoveAt: this.lastMoveAt };
    void this.journal.unload(unloaded).then((outcome) => {
      if (outcome === 'unloaded') {
        log.info(`room ${this.roomId}: nobody came for a while; unloaded (its game waits in the store)`);
        this.unloaded = this.keptForRestart = true;
        void this.disconnect(CLOSE_RESTARTING);
        return;
      }
      this.unloadingEnded();
      if (outcome === 'lost') return this.lost();
      // The storage failed: the table stays as it was, and tries again later.
      void this.unlock();
      this.time.scheduleWake(Date.now());
      if (this.clients.length === 0) this.armEmptyTimer();
    });
  }

  /** The table is no longer leaving memory: gone, or staying. */
  private unloadingEnded(): void {
    if (!this.unloading) return;
    this.unloading();
    this.unloading = null;
    unloadingRooms.delete(this.roomId);
  }

  private cancelEmptyTimer(): void {
    if (this.emptyTimer) clearTimeout(this.emptyTimer);
    this.emptyTimer = null;
  }
}

/** The codes of this process's rooms, for a room configured without a directory (tests). */
const localCodes = new LocalCodeDirectory();

/** A game's room class with server-wide settings baked in (Colyseus instantiates rooms itself). */
export function configuredRoom(game: GameModule, config: RoomConfig, base: typeof TableRoom = TableRoom): typeof TableRoom {
  return class extends base {
    override config = config;
    override gameModule = game;
  };
}
