import {
  joinOptionsSchema,
  MAX_SPECTATORS,
  RoomError,
  STORAGE_NOTICE_EVERY_MS,
  TableOptions,
  TIMEOUTS_BEFORE_REPLACING,
  WelcomeMessage,
} from '@samurai/shared';
import { cryptoRng } from '../crypto-rng';
import { log } from '../log';
import { confusableNames } from '../name-skeleton';
import { FencedError, FinishedGame, Lease, RefusedWriteError, Unloaded } from '../store/game-store';
import type { ChatBudget } from './ChatBudget';
import { FloodCooldowns } from './FloodCooldowns';
import type { GameModule, GameSession, Refusal } from './game-module';
import type { DispatchingTable } from './message-dispatch';
import type { Leaver, Regroup, Removal, ReplayedRoom, TableSnapshot } from './replay-room';
import { describeIssues, RoomConfig } from './room-config';
import { JournalKind, RoomJournal } from './RoomJournal';
import { Member, newSeatToken, Seating, SeatingResult } from './Seating';
import { TableChat } from './TableChat';
import { TableFacts, TableMirror } from './TableMirror';
import { TableTime } from './TableTime';
import type { TableState } from './table-state';
import { KeptSummary, keptSummary } from './table-summary';

/** Removals remembered per table (the oldest is forgotten beyond this). */
const MAX_REMOVALS = 20;

/** What the table asks of the room around it: the connections, and closing, are the room's. */
export interface TableOutlet {
  /** The patch goes out now (what it shows is written down). */
  sendPatch(): void;
  /** Each connection's view holds exactly the secrets of the seat it sits for. */
  bindViews(): void;
  /** The host removed this member: their connection, if any, is closed. */
  removed(member: Member): void;
  /** A bot took this person's seat for good (they conceded, or the host gave it away): their connection, if any, is closed. */
  seatToBot(member: Member): void;
  /** The store refused a write for what it is: the room closes and comes back from what was written. */
  storeFailed(error: RefusedWriteError): void;
  /** Another process holds the table now: this copy closes without another write. */
  lost(): void;
  /** Every connection is told the table waits for its storage. */
  tellStorageWaiting(): void;
}

/** How a table begins: a new one (its creator's options) or one replayed from its log. */
export interface TableStart {
  readonly code: string;
  readonly options: TableOptions;
  readonly seating: Seating;
  readonly lease: Lease | null;
  readonly replayed: ReplayedRoom | null;
}

/** A join the table took: a seat (new, or reclaimed with its token) or a place in the gallery. */
export type Admission =
  | { readonly role: 'player'; readonly member: Member; readonly token: string; readonly welcome: WelcomeMessage }
  | { readonly role: 'spectator'; readonly name: string; readonly welcome: WelcomeMessage };

/** A join, taken or refused with the table's error. */
export type AdmissionResult = ({ readonly ok: true } & Admission) | { readonly ok: false; readonly error: RoomError; readonly detail?: string };

/**
 * One private table of any game, apart from any transport: seats, host, tokens, spectators,
 * removals, the clocks (TableTime), the log (RoomJournal), the chat, the bots and stand-ins
 * (automation) and rematch. It knows no rules (its game's session plays them) and no sockets (its
 * room, TableRoom, decodes requests, hands them here through message-dispatch, and carries the
 * outcome to the connections through its TableOutlet). Everything it changes goes one way: table →
 * mirror (the room state) → log → patch.
 */
export class Table implements DispatchingTable {
  readonly code: string;
  options: TableOptions;
  readonly seating: Seating;
  readonly state: TableState;
  readonly mirror: TableMirror;
  readonly session: GameSession;
  readonly journal: RoomJournal;
  chat = new TableChat();
  removals: Removal[] = [];
  /** Idle players, the clocks, the host's grace, the away time, and the one wake timer. */
  readonly time = new TableTime(this);
  /** How much more each person, and the spectators together, may say (made with the table's first line). */
  chatBudget: ChatBudget | null = null;
  /** When each person last handed their own seat to the bot, and last took it back (see table-requests). */
  readonly handovers = new Map<string, number>();
  /** Seats and addresses cut off for flooding, waiting to come back. */
  readonly cooldowns: FloodCooldowns;
  /** Whether the creator has yet to sit down (a new table's first join carries the create options). */
  awaitingCreator: boolean;
  /** After a game, at the table again before the next (the host's rematch, or an abandon vote); null otherwise. */
  regroup: Regroup | null = null;
  /** The people voting to abandon the game under way (member ids). */
  readonly abandonVotes = new Set<string>();
  /** The seats a bot took for good during this game. */
  private leavers: Leaver[] = [];
  /** When the game last moved (retention counts from then: see unloadRecord). */
  lastMoveAt = Date.now();
  private gameNumber = 0;
  /** Moves written since the game's start or its last snapshot. */
  private movesSinceSnapshot = 0;
  private readonly addressOf = new Map<string, string>();
  private automation: NodeJS.Timeout | null = null;
  /** A bot of this table thinks on a bot thread (GameSession.thinkFor); it moves once done. */
  private thinking = false;
  private disposed = false;
  /** While the table waits for its storage: tells its clients so, every STORAGE_NOTICE_EVERY_MS. */
  private storageNotice: NodeJS.Timeout | null = null;

  constructor(
    readonly gameModule: GameModule,
    readonly config: RoomConfig,
    start: TableStart,
    private readonly outlet: TableOutlet,
  ) {
    const { replayed } = start;
    this.code = start.code;
    this.options = start.options;
    this.seating = start.seating;
    this.awaitingCreator = replayed === null;
    this.cooldowns = new FloodCooldowns(config.floodCooldownMs);
    this.state = replayed?.state ?? gameModule.newState();
    this.mirror = new TableMirror(this.state, gameModule.name, () => gameModule.newSeat());
    this.session = replayed?.session ?? gameModule.newSession(this.state);
    const listener = { refused: (error: RefusedWriteError) => this.storeFailed(error), waiting: (waiting: boolean) => this.storageWaiting(waiting) };
    this.journal = new RoomJournal(config.store ?? null, this.code, gameModule.name, listener, replayed?.lastSeq ?? 0, start.lease);
    if (replayed) this.resumeReplayed(replayed);
  }

  /**
   * A table the store kept (replayRoom has replayed its log): the same seats, host, options and
   * tokens, and its game. Everyone is away until their browser reconnects; bots, forced moves and
   * the clocks carry on.
   */
  private resumeReplayed(replayed: ReplayedRoom): void {
    const { table } = replayed;
    this.removals = table.removals.slice();
    this.gameNumber = table.gameNumber;
    this.movesSinceSnapshot = replayed.movesReplayed;
    if (table.regroup) this.regroup = { ready: new Set(table.regroup.ready), abandoned: table.regroup.abandoned };
    if (this.regroup?.abandoned) this.session.abandon();
    for (const id of table.abandonVotes ?? []) this.abandonVotes.add(id);
    this.leavers = table.leavers?.slice() ?? [];
    this.time.timeoutsInARow = table.timeouts?.slice() ?? [];
    this.lastMoveAt = replayed.unloaded?.lastMoveAt ?? Date.now();
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
    this.scheduleAutomation();
  }

  /** The table's state as its log keeps it. */
  private tableSnapshot(): string {
    const regroup = this.regroup && { ready: [...this.regroup.ready], abandoned: this.regroup.abandoned };
    const snapshot: TableSnapshot = {
      options: this.options,
      seating: this.seating.snapshot(),
      removals: this.removals,
      gameNumber: this.gameNumber,
      ...(regroup ? { regroup } : {}),
      ...(this.abandonVotes.size > 0 ? { abandonVotes: [...this.abandonVotes] } : {}),
      ...(this.time.timeoutsInARow.some((n) => n > 0) ? { timeouts: this.time.timeoutsInARow } : {}),
      ...(this.leavers.length > 0 ? { leavers: this.leavers } : {}),
    };
    return JSON.stringify(snapshot);
  }

  private storeFailed(error: RefusedWriteError): void {
    if (error instanceof FencedError) return this.outlet.lost();
    this.outlet.storeFailed(error);
  }

  /**
   * The storage failed a write (waiting), or has taken every write since (not). Meanwhile nothing
   * of the table is shown; it takes no request and no newcomer, its time stands still (no clock
   * runs out, no bot moves, it does not close for being empty), and its clients are told why.
   */
  private storageWaiting(waiting: boolean): void {
    if (this.storageNotice) clearInterval(this.storageNotice);
    this.storageNotice = null;
    if (waiting) {
      this.time.hold();
      this.stopAutomation();
      this.outlet.tellStorageWaiting();
      this.storageNotice = setInterval(() => this.outlet.tellStorageWaiting(), STORAGE_NOTICE_EVERY_MS);
      return;
    }
    this.time.carryOn();
    this.changed();
  }

  // ---- joining and leaving -----------------------------------------------------------------------

  /**
   * Seats (or seats again) a person joining from `address`, or puts them in the gallery; or says
   * why not. The creator's own join carries the create options; everyone else's, the join options.
   */
  admit(raw: unknown, address: string): AdmissionResult {
    const creator = this.awaitingCreator && this.seating.members.length === 0 && this.gameModule.createOptionsSchema.safeParse(raw);
    if (creator && creator.success) {
      this.awaitingCreator = false;
      return this.sitDown(creator.data.name, creator.data.colour, address);
    }
    const parsed = joinOptionsSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, error: RoomError.Malformed, detail: describeIssues(parsed.error) };
    const options = parsed.data;
    const cooling = this.cooldowns.check(`address:${address}`);
    if (cooling) return cooling;
    if ('seatToken' in options) {
      // A token guess costs a look-up attempt, taken here at the door (joinById's for the code was given back).
      const admitted = this.config.gate?.lookUp(address);
      if (admitted && !admitted.ok) return { ok: false, error: admitted.error, detail: admitted.detail };
      const member = this.seating.byToken(options.seatToken);
      if (!member) return { ok: false, error: RoomError.SeatToken };
      this.config.gate?.giveBackLookUp(address);
      const memberCooling = this.cooldowns.check(`member:${member.id}`);
      if (memberCooling) return memberCooling;
      // (A bot making a move they kept the table waiting for makes it first.)
      this.seating.returned(member, this.time.owedByStandIn(this.seating.seatOf(member.id)));
      return this.seated(member, address, options.seatToken);
    }
    if (options.role === 'player') {
      if (this.phase !== 'lobby') return { ok: false, error: RoomError.GameStarted };
      const removal = this.removals.find((r) => (address !== '' && r.address === address) || confusableNames(r.name, options.name));
      if (removal) return { ok: false, error: RoomError.Removed };
      return this.sitDown(options.name, options.colour, address);
    }
    if (this.seating.spectators >= MAX_SPECTATORS) return { ok: false, error: RoomError.Full, detail: 'The spectator gallery is full.' };
    const name = options.name ?? '';
    const watching = this.seating.watch(name);
    if (!watching.ok) return watching;
    return { ok: true, role: 'spectator', name, welcome: { role: 'spectator', memberId: '', seatToken: null } };
  }

  private sitDown(name: string, colour: Parameters<Seating['sitDown']>[1], address: string): AdmissionResult {
    const token = newSeatToken();
    const seated: SeatingResult<Member> = this.seating.sitDown(name, colour, token);
    if (!seated.ok) return seated;
    // Sitting down at the table between games is saying "play again".
    this.regroup?.ready.add(seated.value.id);
    return this.seated(seated.value, address, token);
  }

  private seated(member: Member, address: string, token: string): AdmissionResult {
    this.addressOf.set(member.id, address);
    return { ok: true, role: 'player', member, token, welcome: { role: 'player', memberId: member.id, seatToken: token } };
  }

  /** A join was taken: the newcomer's first state shows the clocks as they stand, and their seat is written down before they hear of it. */
  joined(): void {
    this.time.showClocks();
    this.journal.table(this.tableSnapshot());
  }

  /** A spectator left the gallery. */
  unwatch(name: string): void {
    this.seating.unwatch(name);
  }

  /** No connection sits for this member now: before the game a consented leave opens the seat; otherwise it waits for its token. */
  left(memberId: string, consented: boolean): void {
    const member = this.seating.byId(memberId);
    if (member && this.phase === 'lobby' && consented) this.seating.leave(member.id);
    else if (member) this.seating.away(member, Date.now());
  }

  /** The host removed this member from their seat: remembered (by name and address), and their connection closed. */
  removed(member: Member): void {
    if (!member.bot) {
      this.removals.push({ name: member.name, address: this.addressOf.get(member.id) ?? '' });
      if (this.removals.length > MAX_REMOVALS) this.removals.shift();
      this.addressOf.delete(member.id);
    }
    this.outlet.removed(member);
  }

  /** "I'm back": the stand-in ends, unless the bot is making a move its person kept the table waiting for. */
  resume(member: Member): Refusal | undefined {
    if (this.time.owedByStandIn(this.seating.seatOf(member.id))) return { error: RoomError.BotMoving };
    this.seating.returned(member);
  }

  // ---- the game ------------------------------------------------------------------------------

  /** The table's phase: 'lobby' before the first game and at the table between games (regroup); else the game's. */
  get phase(): string {
    return this.regroup ? 'lobby' : this.session.phase;
  }

  startGame(): void {
    this.regroup = null;
    this.abandonVotes.clear();
    this.leavers = [];
    this.gameNumber++;
    const rng = this.config.dealingRng?.(this.code, this.gameNumber) ?? cryptoRng;
    const deal = this.session.start(this.options, this.gameNumber, rng);
    this.lastMoveAt = Date.now();
    this.time.startGame();
    // The table as the game starts (seat order drawn or rotated) and the whole deal.
    this.writeAfresh({ kind: 'start', data: JSON.stringify({ gameNumber: this.gameNumber, deal }) });
  }

  /** The seat is the server's knowledge of the sender, never part of the message. */
  gameIntent(member: Member, type: string, payload: unknown): Refusal | undefined {
    // (Between games the last game's state is still the session's: an abandoned one would take moves.)
    if (this.phase === 'lobby') return { error: RoomError.NoGame };
    const seat = this.seating.seatOf(member.id);
    if (member.standIn && this.time.owedByStandIn(seat)) return { error: RoomError.BotMoving };
    const failure = this.session.play(seat, type, payload);
    if (failure) return failure;
    // A person whose seat a bot plays takes it back with a move of their own (one the game accepted);
    // a move of their own also ends their run of timeouts.
    const back = member.standIn !== null || (this.time.timeoutsInARow[seat] ?? 0) > 0;
    if (member.standIn !== null) this.seating.returned(member);
    this.time.timeoutsInARow[seat] = 0;
    this.played();
    if (back) this.changed();
    return undefined;
  }

  /**
   * Moves of the game (a person's, the server's, or its own time's) into the log; now and then the
   * whole game instead. Moves that end the game carry its record: one write, so no client sees an
   * end whose record is missing.
   */
  private writeMoves(moves: readonly string[], clock: { kind: 'clock'; data: string } | null = null): void {
    this.lastMoveAt = Date.now();
    const record = this.session.phase === 'over' && this.state.phase !== 'over' ? this.session.record() : null;
    const events: { kind: JournalKind; data: string }[] = moves.map((data) => ({ kind: 'move', data }));
    if (clock) events.push(clock);
    this.journal.append(events, record ? { finished: this.finishedGame(record) } : undefined);
    if (record) {
      const gameNumber = this.gameNumber;
      // Offered (GET …/record) once written, as the end is shown.
      this.journal.whenDurable(() => this.config.onRecord?.(this.code, this.gameModule.name, gameNumber, record));
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
   * The table's log starts afresh once compactAfterBytes have been written since it last did
   * (chat lines, the table's changes, clocks, moves): whatever its members send, a table's stored
   * log stays under what one fresh start (the table, the game or none, the kept chat, the clocks)
   * and that many bytes take. See docs/security.md for the bound.
   */
  compactIfDue(): void {
    if (this.journal.bytesSinceFresh < this.config.tableLimits.compactAfterBytes) return;
    if (this.session.phase === 'lobby') this.writeAfresh(null);
    else this.writeSnapshot();
  }

  /**
   * The table's log starts again here: the table, the game's first event (its deal, or a snapshot
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

  /** After the session played a move (a person's or the server's): everyone sees it at once, and a finished game's record is kept. */
  private played(): void {
    // The move and the clocks' change it made are one append: one write to the store.
    const seatsChanged = this.time.updateDue(false);
    this.writeMoves([this.session.lastMove()], this.time.takeClockChange());
    this.mirror.syncPhase(this.session.phase);
    // Seats, host and views stay as they were: only the game moved (and perhaps who is idle, or a
    // slow game's seat is its person's again once the bot made the move they ran out of time for).
    if (seatsChanged) {
      this.syncAll();
      this.journal.table(this.tableSnapshot());
    }
    this.compactIfDue();
    this.journal.whenDurable(this.sendPatch);
    this.scheduleAutomation();
  }

  /** What the game's own time made happen (a prompt's time ran out, a reveal ended), written down as moves are. */
  private expireGameTime(): void {
    try {
      const changes = this.session.expire?.(Date.now()) ?? [];
      if (changes.length === 0) return;
      this.writeMoves(changes);
      this.mirror.syncPhase(this.session.phase);
    } catch (error) {
      // As for a request: a bug stops this table's clock, not the server.
      log.error(`room ${this.code}: the game's timed change failed`, error);
    }
  }

  /**
   * The game that has just ended, for the table's history: the game's own summary, who sat where,
   * the seats a bot took for good and whether the players abandoned it.
   */
  private finishedGame(record: object, abandoned = false): FinishedGame {
    const seats = this.seating.seats.map((m) => (m ? { name: m.name, colour: m.colour, bot: m.bot } : null));
    const summary = JSON.stringify({
      ...this.session.summary(),
      seats,
      ...(this.leavers.length > 0 ? { leavers: this.leavers } : {}),
      ...(abandoned ? { abandoned: true } : {}),
    });
    const game = { code: this.code, gameType: this.gameModule.name, gameNumber: this.gameNumber, finishedAt: Date.now(), summary };
    return { game, record: JSON.stringify(record) };
  }

  // ---- after a game, and leaving one --------------------------------------------------------------

  /**
   * The host's rematch: back to the table, the seat order rotated by one. A stand-in was for the
   * game that ended (its person away, or out of time, then): people play their own seats again,
   * bots stay bots. The host may change options and seats; each person says "play again".
   */
  backToTable(host: Member): void {
    this.seating.rotate();
    this.seating.endStandIns();
    this.regroup = { ready: new Set([host.id]), abandoned: false };
  }

  /** The people seated who have not said "play again" (none outside the table between games). */
  notReady(): Member[] {
    const regroup = this.regroup;
    return regroup ? this.seating.members.filter((m) => m.bot === null && !regroup.ready.has(m.id)) : [];
  }

  /** A person leaves the game under way: a bot of the table's level plays their seat to the end (neither game's rules end a game for it). */
  concede(member: Member): Refusal | undefined {
    if (!this.time.gameUnderWay()) return { error: RoomError.NoGame };
    return this.toBot(this.seating.seatOf(member.id), 'conceded');
  }

  /**
   * The host gives a person's seat to a bot: at the table between games, one who has not said
   * "play again"; during a game, one whose clock ran out TIMEOUTS_BEFORE_REPLACING times in a row.
   */
  giveSeatToBot(seat: number): Refusal | undefined {
    const member = this.seating.seats[seat];
    if (!member || member.bot) return { error: RoomError.BadSeat, detail: `Seat ${seat + 1} has no person.` };
    if (this.regroup && !this.regroup.ready.has(member.id)) return this.toBot(seat, null);
    if (this.time.gameUnderWay() && (this.time.timeoutsInARow[seat] ?? 0) >= TIMEOUTS_BEFORE_REPLACING) return this.toBot(seat, 'timedOut');
    return { error: RoomError.NotReplaceable, detail: `${member.name} said "play again", or has not timed out ${TIMEOUTS_BEFORE_REPLACING} times in a row.` };
  }

  private toBot(seat: number, why: Leaver['why'] | null): Refusal | undefined {
    // During a game the bot keeps the person's name and colour: the board and the record know the seat by them.
    const replaced = this.seating.toBot(seat, this.options.botLevel, why !== null);
    if (!replaced.ok) return { error: replaced.error, detail: replaced.detail };
    const person = replaced.value;
    if (why) this.leavers.push({ seat, name: person.name, why });
    this.abandonVotes.delete(person.id);
    this.addressOf.delete(person.id);
    this.outlet.seatToBot(person);
    return undefined;
  }

  /**
   * A person's vote to abandon the game under way (or its withdrawal). Once a majority of the
   * people seated agree, the game ends with no winner: its record (the game as it stood) is kept
   * as abandoned, and everyone is back at the table.
   */
  voteToAbandon(member: Member, agree: boolean): Refusal | undefined {
    if (!this.time.gameUnderWay()) return { error: RoomError.NoGame };
    if (agree) this.abandonVotes.add(member.id);
    else this.abandonVotes.delete(member.id);
    const people = this.seating.members.filter((m) => m.bot === null);
    const votes = people.filter((m) => this.abandonVotes.has(m.id)).length;
    if (votes * 2 > people.length) this.abandonGame();
    return undefined;
  }

  private abandonGame(): void {
    // The record is the game as it stood (its own record needs an end the rules gave it).
    const record = { abandoned: true, game: this.gameModule.name, gameNumber: this.gameNumber, state: JSON.parse(this.session.snapshot()) as unknown };
    this.session.abandon();
    this.abandonVotes.clear();
    this.seating.endStandIns();
    this.regroup = { ready: new Set(), abandoned: true };
    this.lastMoveAt = Date.now();
    this.mirror.syncPhase(this.phase);
    // One write: the table back between games, and the finished game.
    this.journal.table(this.tableSnapshot(), { finished: this.finishedGame(record, true) });
  }

  /** Sends the patch (once what it shows is written down); then a turn watcher may look at who the game waits for. */
  readonly sendPatch = (): void => {
    this.outlet.sendPatch();
    this.config.turnWatch?.(this);
  };

  /** The wake timer fired (see TableTime): the game's own time, then the table's, then everyone sees it. */
  woke(): void {
    // Time stands still while the table waits for its storage (TableTime.carryOn wakes it again).
    if (this.journal.waitingForStorage) return;
    this.expireGameTime();
    this.time.expire(Date.now());
    this.changed();
  }

  // ---- automation ------------------------------------------------------------------------------

  /** One automated move at a time (a bot's, a stand-in's, a forced one), each after the table's delay so people can follow. */
  private scheduleAutomation(delayMs = this.options.botDelayMs): void {
    // Nobody to automate now (a person took their seat back): a timer set for then is dropped, so a
    // stand-in asked for again waits its whole delay instead of moving on the old timer.
    if (this.session.automatedSeat(this.botAt) < 0) return this.stopAutomation();
    if (this.automation || this.thinking || this.journal.waitingForStorage) return;
    this.automation = setTimeout(() => {
      this.automation = null;
      try {
        this.runAutomation();
      } catch (error) {
        // As for a request: a bug stops this table's automation, not the server.
        log.error(`room ${this.code}: automated move failed`, error);
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
      // The table goes on meanwhile; once the bot is done, its move (or the game's next) comes at once.
      this.thinking = true;
      void thinking.then(() => {
        this.thinking = false;
        if (!this.disposed) this.scheduleAutomation(0);
      });
      return;
    }
    const failure = this.session.playFor(seat, level, cryptoRng);
    if (!failure) this.played();
    else log.error(`room ${this.code}: the automated move of seat ${seat} was refused (${failure.error}: ${failure.detail ?? ''})`);
  }

  private stopAutomation(): void {
    if (this.automation) clearTimeout(this.automation);
    this.automation = null;
  }

  /** Whether the game moves by itself now (a bot, a forced move, a prompt's time): not a table to put away. */
  movesByItself(): boolean {
    return this.automation !== null || this.thinking || this.session.automatedSeat(this.botAt) >= 0 || (this.session.nextDeadline?.() ?? Infinity) < Infinity;
  }

  // ---- state ---------------------------------------------------------------------------------

  /** After a table change, a join or a leave: host, schema, views, the log, then the patch goes out and the bots look up. */
  changed(): void {
    const now = Date.now();
    this.seating.ensureHost(now, this.config.hostGraceMs);
    this.time.updateDue();
    this.syncAll(now);
    this.outlet.bindViews();
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
      code: this.code,
      phase: this.phase,
      playAgain: this.seatBits((m) => this.regroup?.ready.has(m.id) === true && m.bot === null),
      abandonVotes: this.seatBits((m) => this.abandonVotes.has(m.id)),
      timedOut: this.seatBits((m, s) => m.bot === null && this.time.gameUnderWay() && (this.time.timeoutsInARow[s] ?? 0) >= TIMEOUTS_BEFORE_REPLACING),
      abandoned: this.regroup?.abandoned === true,
      gameNumber: this.gameNumber,
      options: this.options,
      hostId: this.seating.hostId,
      seats: this.seating.seats,
      spectators: this.seating.spectators,
    };
  }

  /** One bit per seat (bit s for seat s) whose member passes `test`. */
  private seatBits(test: (member: Member, seat: number) => boolean): number {
    return this.seating.seats.reduce((bits, m, s) => (m && test(m, s) ? bits | (1 << s) : bits), 0);
  }

  // ---- leaving memory --------------------------------------------------------------------------

  /** The server is stopping: running clocks are written down as they stand, to carry on from there after the restart. */
  stopForRestart(): void {
    this.time.writeDown();
  }

  /**
   * The table is leaving memory, live in the store: nothing happens by itself from now on, its
   * running clocks are written down as they stand; what the store keeps of it (when it next needs
   * to wake, when its game last moved) is returned.
   */
  putAway(now = Date.now()): Unloaded {
    this.time.dispose();
    this.time.writeDown(now);
    return { at: now, wakeAt: this.time.wakeWhileUnloaded(now), lastMoveAt: this.lastMoveAt, summary: JSON.stringify(this.summary()) };
  }

  /**
   * The table as its players' lists of their games show it (who sits where, whose turn, the last
   * move): asked for while loaded (TableRoom.summaryFor), and kept in the store as it unloads.
   * Whose turn it is comes from the game (seatsToAct) alone; the moment a seat starts owing a move
   * (a game now waits for it) is TableTime.updateDue's, where its dueSince is set.
   */
  summary(): KeptSummary {
    return keptSummary(this.gameModule.name, this.session.phase, this.seating, this.session.seatsToAct(), this.lastMoveAt, this.gameNumber);
  }

  /** Putting it away failed (the storage did not answer): its time runs again. */
  keptInMemory(): void {
    this.time.scheduleWake(Date.now());
  }

  /** The table is gone from this process: no timer of its own runs on. */
  dispose(): void {
    this.disposed = true;
    this.stopAutomation();
    this.time.dispose();
    if (this.storageNotice) clearInterval(this.storageNotice);
    this.storageNotice = null;
  }
}
