import { AuthContext, Client, ClientState, Protocol, SchemaSerializer, Serializer } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import {
  CLOSE_ABANDONED,
  CLOSE_RATE_LIMITED,
  CLOSE_REMOVED,
  CLOSE_RESTARTING,
  CLOSE_SEAT_TAKEN_OVER,
  CLOSE_SEAT_TO_BOT,
  ColourId,
  MAX_SPECTATORS,
} from '@samurai/shared';
import { RATE_LIMIT_STRIKE_WINDOW_MS, RoomError, TableSummary } from '@samurai/shared';
import { decodeMessage } from '../decode-message';
import { FramedRoom, LibraryClient } from '../library-reach/FramedRoom';
import { stopAnsweringRoomCalls } from '../library-reach/room-channel';
import { dropSeatReservations, reservedSeatCount } from '../library-reach/seat-reservations';
import { ViewAwareSerializer } from '../library-reach/ViewAwareSerializer';
import { liveRooms } from '../live-rooms';
import { log } from '../log';
import type { RefusedWriteError } from '../store/game-store';
import { cutOff } from '../transport/cut-off';
import { CodeDirectory, LocalCodeDirectory } from '../cluster/CodeDirectory';
import { takeOverListing } from '../cluster/GuardedRedisDriver';
import type { GameModule, GameSession } from './game-module';
import { bindViews } from './client-views';
import { dispatch, sendError } from './message-dispatch';
import { RateLimiter } from './RateLimiter';
import type { ReplayedRoom } from './replay-room';
import { pendingRestores, unloadingRooms } from './rooms-in-transit';
import { ClientRecord, DEFAULT_ROOM_CONFIG, describeIssues, refuseJoin, RoomConfig } from './room-config';
import { Member, Seating } from './Seating';
import { Table, TableOutlet } from './Table';
import type { TableState } from './table-state';
import { summaryForToken } from './table-summary';

// The room's settings and a connection's record live in room-config (start-server and tests import them from here).
export { DEFAULT_BOT_DELAY_MS, DEFAULT_ROOM_CONFIG } from './room-config';
export type { ClientRecord, RoomConfig } from './room-config';

/**
 * One private room of any game: the Colyseus side of a Table (Table.ts holds the seats, host,
 * clocks, log, chat, bots and rematch, and knows no sockets). Thin by design: a frame is limited
 * and decoded here, handed to the table (message-dispatch), and the outcome goes out as a patch;
 * the sender is answered if it was refused. The room keeps the connections (who sits for whom,
 * their views and limits), its code and listing, and when it closes or leaves memory.
 */
export class TableRoom extends FramedRoom<TableState> implements TableOutlet {
  config: RoomConfig = DEFAULT_ROOM_CONFIG;
  /** The game this room plays (configuredRoom bakes it in: Colyseus makes rooms itself). */
  gameModule!: GameModule;
  table!: Table;
  /** The table's game session (tests and tools read the engine state through the room). */
  get session(): GameSession {
    return this.table.session;
  }
  private readonly clientOf = new Map<string, Client>();
  private emptyTimer: NodeJS.Timeout | null = null;
  /** The server is stopping (or the store failed): the room stays live in the store when it goes. */
  private keptForRestart = false;
  /** Another process runs this room now: its listing is not this copy's to touch. */
  private detached = false;
  /** The table is leaving memory (see unload): it takes nobody in, and ends once the store says so. */
  private unloading: (() => void) | null = null;
  /** It left memory, live in the store: its code leaves the directory, the store has it. */
  private unloaded = false;

  override async onCreate(raw: unknown): Promise<void> {
    const restoring = typeof raw === 'object' && raw !== null && 'restore' in raw ? pendingRestores.get(String(raw.restore)) : undefined;
    if (restoring) {
      pendingRestores.delete(restoring.code);
      return this.restore(restoring);
    }
    const game = this.gameModule;
    const parsed = game.createOptionsSchema.safeParse(raw);
    if (!parsed.success) this.abandonCreation(refuseJoin(RoomError.Malformed, describeIssues(parsed.error)));
    const options = { ...game.defaultOptions, botDelayMs: this.config.botDelayMs, ...parsed.data.options };
    // (No code while a cluster's Redis does not answer: a passing refusal.)
    this.roomId = await this.freshCode().catch((error: unknown) => this.abandonCreation(error));
    this.setUp({ code: this.roomId, options, seating: new Seating(options.players), lease: this.config.newLease?.() ?? null, replayed: null });
    // A room nobody ever connects to (made over plain HTTP) closes when its creator's seat reservation expires.
    // (Nothing is written down until its creator sits down.)
    this.armEmptyTimer(this.config.creatorTimeoutMs);
  }

  /**
   * "Your games": the table's summary for the holder of this seat token, or null (a token of none
   * of its seats, or a table leaving memory: the store answers for it then). Called by the
   * look-up route here, or from another process through Colyseus's remoteRoomCall.
   */
  summaryFor(token: unknown): TableSummary | null {
    if (this.unloading || this.unloaded || typeof token !== 'string' || !this.table) return null;
    return summaryForToken(this.roomId, this.table.summary(), token);
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

  /** What a new room and a restored one share, once the room has its code. */
  private setUp(start: ConstructorParameters<typeof Table>[2]): void {
    // Reservations count against this: seats plus the spectator gallery, and a little room for
    // reservations in flight (one address cannot reserve seats without bound).
    this.maxClients = this.gameModule.maxSeats + MAX_SPECTATORS + 10;
    void this.setPrivate(true);
    // Seats outlive connections (reloads, dropped networks); the room closes when empty for long.
    this.autoDispose = false;
    // Every change is sent the moment it happens, not on a timer.
    this.patchRate = 0;
    this.table = new Table(this.gameModule, this.config, start, this);
    this.state = this.table.state;
  }

  private get codes(): CodeDirectory {
    return this.config.codes ?? localCodes;
  }

  /**
   * A room the store kept, rebuilt after a restart (replayRoom has replayed its log): the same
   * code and table (Table.resumeReplayed). Everyone is away until their browser reconnects.
   */
  private async restore(replayed: ReplayedRoom): Promise<void> {
    // Each stored room is restored once, by the process that claimed it: its code is not in use here.
    if (!liveRooms.claim(replayed.code)) throw new Error(`room ${replayed.code} is already live`);
    this.roomId = replayed.code;
    await this.codes.claim(replayed.code);
    // In a cluster the room may have been listed by the process it comes from: its listing is this one's now.
    takeOverListing(this.listing);
    // (Rooms logged before the table had clocks and chat get those options' defaults.)
    const options = { ...this.gameModule.defaultOptions, ...replayed.table.options };
    this.setUp({ code: replayed.code, options, seating: replayed.seating, lease: replayed.lease, replayed });
    this.armEmptyTimer();
  }

  /**
   * The store refused a write for what it is (not for want of storage): nothing more is shown
   * from this room; its players reconnect to it once restored from what was written.
   */
  storeFailed(error: RefusedWriteError): void {
    log.error(`room ${this.roomId}: the store refused a write; the room closes and comes back from what was written`, error);
    this.keptForRestart = true;
    void this.disconnect(CLOSE_RESTARTING);
  }

  readonly tellStorageWaiting = (): void => {
    for (const client of this.clients) sendError(this.gameModule, client, { error: RoomError.StorageWaiting });
  };

  /** Whether the store held this room's lease before `time` (LeaseKeeper: a room not renewed then was claimed elsewhere). */
  heldBefore(time: number): boolean {
    return this.table.journal.heldBefore(time);
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
    this.table.journal.stop();
    this.detached = true;
    // (Its listing, now the live room's, is safe: this copy's never overwrites or deletes
    // another process's; see GuardedRoomData.) Only the live room answers calls for it now, and
    // seats this copy reserved meanwhile (for browsers sent elsewhere) do not keep it from closing.
    void stopAnsweringRoomCalls(this);
    dropSeatReservations(this, true);
    this.keptForRestart = true;
    void this.disconnect(CLOSE_RESTARTING);
  }

  /** The server is stopping: everyone is told to come back shortly; the room stays live in the store. */
  stopForRestart(): Promise<void> {
    this.table.stopForRestart();
    this.keptForRestart = true;
    return this.disconnect(CLOSE_RESTARTING);
  }

  /** The colours taken at the table, for the join form (GET /api/rooms/:code/colours, through matchMaker.remoteRoomCall). */
  takenColours(): ColourId[] {
    return this.table.seating.members.map((m) => m.colour);
  }

  /** Whether a seat here is held by this token (Web Push subscribes a seat by its token: server/src/push, through remoteRoomCall). */
  seatHeldBy(token: unknown): boolean {
    return typeof token === 'string' && this.table.seating.byToken(token) !== undefined;
  }

  // ---- connections ---------------------------------------------------------------------------

  /** Colyseus passes the connection's address (the transport's, proxy-aware): the room keeps it. */
  override onAuth(_client: Client, _options: unknown, context: AuthContext): { address: string } {
    return { address: String(context.ip ?? '') };
  }

  override onJoin(client: Client, raw: unknown, auth?: { address: string }): void {
    const { table } = this;
    // A seat is written down before its owner hears of it: not while the room cannot write.
    if (table.journal.waitingForStorage) throw refuseJoin(RoomError.StorageWaiting);
    // (Its browser tries again, and the table comes back from the store.)
    if (this.unloading) throw refuseJoin(RoomError.Restarting, 'The table is being put away; it comes back in a moment.');
    const address = auth?.address ?? '';
    const admitted = table.admit(raw, address);
    if (!admitted.ok) throw refuseJoin(admitted.error, admitted.detail);
    const limiter = new RateLimiter(this.config.rateLimitPerSecond, RATE_LIMIT_STRIKE_WINDOW_MS);
    if (admitted.role === 'player') {
      // A seat reclaimed with its token while another connection still holds it: the newest wins.
      this.closeConnectionOf(admitted.member, CLOSE_SEAT_TAKEN_OVER, 'Your seat was reclaimed from another window.');
      this.clientOf.set(admitted.member.id, client);
      client.view = new StateView();
    }
    const memberId = admitted.role === 'player' ? admitted.member.id : null;
    const name = admitted.role === 'player' ? '' : admitted.name;
    client.userData = { role: admitted.role, memberId, limiter, address, boundSeat: null, secrets: [], name } satisfies ClientRecord;
    this.cancelEmptyTimer();
    table.joined();
    table.journal.whenDurable(() => client.send('welcome', admitted.welcome));
    table.changed();
  }

  /** The host removed this member from their seat: their connection is closed. */
  removed(member: Member): void {
    this.closeConnectionOf(member, CLOSE_REMOVED, 'The host removed you from your seat.');
  }

  /** A bot took this person's seat for good: their connection is closed. */
  seatToBot(member: Member): void {
    this.closeConnectionOf(member, CLOSE_SEAT_TO_BOT, 'A bot plays your seat now.');
  }

  private closeConnectionOf(member: Member, code: number, reason: string): void {
    const client = this.clientOf.get(member.id);
    if (!client) return;
    this.clientOf.delete(member.id);
    (client.userData as ClientRecord).memberId = null;
    client.leave(code, reason);
  }

  override onLeave(client: Client, consented: boolean): void {
    const connection = client.userData as ClientRecord | undefined;
    if (!connection) return; // its join was refused
    if (connection.role === 'spectator') this.table.unwatch(connection.name);
    else this.releaseSeat(connection, consented);
    if (this.clients.length === 0) this.armEmptyTimer();
    this.table.changed();
  }

  /** The connection no longer sits for its member (the table decides what becomes of the seat). */
  private releaseSeat(connection: ClientRecord, consented = false): void {
    if (connection.memberId === null) return;
    this.clientOf.delete(connection.memberId);
    this.table.left(connection.memberId, consented);
    connection.memberId = null;
  }

  override onDispose(): void {
    this.table.dispose();
    this.cancelEmptyTimer();
    // Colyseus leaves the timers of seat reservations nobody used running after a room closes.
    dropSeatReservations(this, false);
    liveRooms.release(this.roomId);
    // Closed for good (empty too long, abandoned): not restored again; its records stay; its code is free.
    // Unloaded: live in the store, which alone has its code now.
    if (!this.keptForRestart || this.unloaded) {
      if (!this.unloaded) this.table.journal.close();
      this.codes.release(this.roomId).catch((error: unknown) => log.warn(`room ${this.roomId}: its code could not be freed (${String(error)})`));
    }
    // Kept: it comes back from what was written (a room waiting for its storage showed nothing more).
    if (this.keptForRestart) this.table.journal.stop();
    this.unloadingEnded();
  }

  /** Resolves once no write of this room is under way: all made, or waiting for the storage. */
  drained(): Promise<void> {
    return new Promise((resolve) => this.table.journal.whenSettled(resolve));
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Every frame a client sends arrives here first: rate limit, size limit, safe decoding. */
  protected override onFrame(client: LibraryClient, buffer: Buffer): void {
    const connection = client.userData as ClientRecord | undefined;
    if (!connection || client.state === ClientState.LEAVING) return;
    // Every frame counts, join acknowledgements and leaves included.
    const verdict = connection.limiter.hit();
    if (verdict === 'drop') return;
    if (verdict === 'disconnect') {
      // Frames already on their way are ignored from now on (and earn no further strikes).
      client.state = ClientState.LEAVING;
      this.table.cooldowns.start([`address:${connection.address}`, ...(connection.memberId ? [`member:${connection.memberId}`] : [])]);
      cutOff(client, CLOSE_RATE_LIMITED, 'Too many messages.');
      // Its socket closes only after a grace: the seat is left now, so its token waits out the cool-down.
      this.releaseSeat(connection);
      return this.table.changed();
    }
    if (verdict === 'warn') {
      return sendError(this.gameModule, client, { error: RoomError.RateLimited, detail: `More than ${this.config.rateLimitPerSecond} messages in a second.` });
    }
    const code = buffer[0];
    if (code === Protocol.JOIN_ROOM) {
      if (client.state === ClientState.JOINING) this.confirmJoin(client);
      return;
    }
    if (code === Protocol.LEAVE_ROOM) return this.libraryFrame(client, buffer);
    if (buffer.byteLength > this.config.maxMessageBytes) {
      return sendError(this.gameModule, client, {
        error: RoomError.MessageTooLarge,
        detail: `${buffer.byteLength} bytes; the limit is ${this.config.maxMessageBytes}.`,
      });
    }
    const decoded = code === Protocol.ROOM_DATA || code === Protocol.ROOM_DATA_BYTES ? decodeMessage(buffer) : { ok: false as const };
    if (!decoded.ok) return sendError(this.gameModule, client, { error: RoomError.Malformed, detail: 'The message could not be decoded.' });
    // Nothing waits in a queue for the storage: the sender is told, and may try again once it answers.
    if (this.table.journal.waitingForStorage) return sendError(this.gameModule, client, { error: RoomError.StorageWaiting }, String(decoded.type).slice(0, 40));
    try {
      this.onClientMessage(client, connection, decoded.type, decoded.payload);
    } catch (error) {
      // A bug must not take the whole server (every room) down with it: log it, tell the sender.
      log.error(`room ${this.roomId}: request ${String(decoded.type).slice(0, 40)} failed`, error);
      sendError(this.gameModule, client, { error: RoomError.Internal }, String(decoded.type).slice(0, 40));
    }
  }

  /** A decoded request: see message-dispatch. (Tests override this to make a request fail.) */
  protected onClientMessage(client: Client, connection: ClientRecord, type: string | number, payload: unknown): void {
    dispatch(this.table, client, connection, type, payload);
  }

  // ---- state ---------------------------------------------------------------------------------

  /** Colyseus makes a SchemaSerializer when the state is set: ours spares the per-client work nobody needs. */
  override setSerializer(serializer: Serializer<TableState>): void {
    super.setSerializer(serializer instanceof SchemaSerializer ? new ViewAwareSerializer<TableState>() : serializer);
  }

  /** Sends the patch (once what it shows is written down). */
  sendPatch(): void {
    this.broadcastPatch();
  }

  /** Each player's view holds exactly its seat's secrets (client-views). */
  bindViews(): void {
    bindViews(this.clients, this.table);
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
    const { table } = this;
    // A room waiting for its storage can neither close nor unload (its log would not say so): it looks again later.
    if (table.journal.waitingForStorage) return this.armEmptyTimer(ms);
    if (!this.config.unloads || !table.time.gameUnderWay()) return void this.disconnect(table.awaitingCreator ? CLOSE_ABANDONED : undefined);
    // Someone is on their way in, or the game moves by itself now (a bot, a prompt's time): later.
    if (table.movesByItself() || reservedSeatCount(this) > 0) return this.armEmptyTimer(ms);
    this.unload();
  }

  /**
   * The table leaves this process's memory, live in the store, and comes back the moment someone
   * opens its link, reclaims a seat or its time is up (TableWaker). Meanwhile nothing happens by
   * itself and joins are refused in passing (their browsers try again, and find it back); once
   * the store has it, the room is disposed without closing it.
   */
  private unload(): void {
    unloadingRooms.set(this.roomId, new Promise<void>((resolve) => (this.unloading = resolve)));
    void this.lock();
    void this.table.journal.unload(this.table.putAway()).then((outcome) => {
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
      this.table.keptInMemory();
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
