import { CASTE_BITS, GameState, packCounts, packHand, PIECES_ENTRIES, RoomOptions, SETTLEMENT_COUNT, SETTLEMENTS_PER_ENTRY, TileId } from '@samurai/shared';
import { ArraySchema } from '@colyseus/schema';
import { ResultState, RoomState, SeatState } from './schema/RoomState';
import type { Member } from './Seating';

/** Everything the room state mirrors. */
export interface RoomFacts {
  readonly code: string;
  readonly gameNumber: number;
  readonly options: RoomOptions;
  readonly hostId: string;
  readonly seats: readonly (Member | null)[];
  readonly spectators: number;
  /** Per seat, whether its person has owed a move too long (the host may let a bot play). */
  readonly idle: readonly boolean[];
  /** Names of people the host removed. */
  readonly removed: readonly string[];
  /** The running or last finished game; null in the lobby. */
  readonly game: GameState | null;
  /** The game's public log, packed. */
  readonly log: readonly number[];
  /** Per seat, the tiles it drew when its last turn ended (packHand). */
  readonly drawn: readonly number[];
}

// Read once: a name imported from the shared package is a getter on every use.
const SETTLEMENTS = SETTLEMENT_COUNT;
const ENTRIES = PIECES_ENTRIES;
const PER_ENTRY = SETTLEMENTS_PER_ENTRY;
const BITS = CASTE_BITS;
const NO_COUNTS = 0;
const NO_TILES: readonly TileId[] = [];

/** A seat's game fields, as offsets into the mirror's record of what it wrote. */
const HAND_CHOSEN = 0;
const HAND_COUNT = 1;
const STACK_COUNT = 2;
const CAPTURED = 3;
const OWN_CAPTURED = 4;
const HAND = 5;
const DRAWN = 6;
const SEAT_FIELDS = 7;
/** A new SeatState's game fields (see the schema). */
const SEAT_DEFAULTS = [0, 0, 0, -1, 0, 0, 0];
const MAX_SEATS = 4;

/**
 * Mirrors the room's facts into its schema state, touching only fields whose value changed
 * (Colyseus sends exactly what is touched, so every patch stays minimal). One direction:
 * engine and seating → schema; nothing is ever read back. What it wrote is kept in plain
 * numbers to compare against: reading schema fields and ArraySchema proxies costs more than
 * the comparisons themselves, on every move of every room.
 */
export class StateMirror {
  /** The packed pieces entries as written. */
  private readonly pieces = new Uint16Array(ENTRIES);
  private readonly seatValues = new Int32Array(MAX_SEATS * SEAT_FIELDS);
  private seats: SeatState[] = [];
  private phase = '';
  private seat = -1;
  private supply = 0;
  private aside = 0;
  private gameNumber = 0;
  private logLength = 0;

  constructor(private readonly state: RoomState) {
    state.pieces.push(...Array.from(this.pieces));
    this.phase = state.phase;
  }

  /** Everything: after lobby changes, joins and leaves, and for a new game. */
  syncAll(facts: RoomFacts): void {
    const { state } = this;
    const { options } = facts;
    if (state.code !== facts.code) state.code = facts.code;
    if (state.host !== facts.hostId) state.host = facts.hostId;
    if (state.spectators !== facts.spectators) state.spectators = facts.spectators;
    const o = state.options;
    if (o.players !== options.players) o.players = options.players;
    if (o.captureTiming !== options.captureTiming) o.captureTiming = options.captureTiming;
    if (o.startingHands !== options.startingHands) o.startingHands = options.startingHands;
    if (o.setup !== options.setup) o.setup = options.setup;
    if (o.botLevel !== options.botLevel) o.botLevel = options.botLevel;
    if (o.seatOrder !== options.seatOrder) o.seatOrder = options.seatOrder;
    if (o.botDelayMs !== options.botDelayMs) o.botDelayMs = options.botDelayMs;

    while (this.seats.length < facts.seats.length) {
      this.seatValues.set(SEAT_DEFAULTS, this.seats.length * SEAT_FIELDS);
      const seat = new SeatState();
      state.seats.push(seat);
      this.seats.push(seat);
    }
    while (this.seats.length > facts.seats.length) {
      state.seats.pop();
      this.seats.pop();
    }
    facts.seats.forEach((member, s) => syncMember(this.seats[s], member, facts.idle[s] ?? false));
    syncStrings(state.removed, facts.removed);
    this.syncGame(facts.game, facts.gameNumber, facts.log, facts.drawn);
  }

  /** What an engine move can change: the game's fields and each seat's counts, hand and tally (the board is the log's). */
  syncGame(game: GameState | null, gameNumber: number, log: readonly number[], drawn: readonly number[]): void {
    const { state } = this;
    const phase = game ? game.phase : 'lobby';
    if (this.phase !== phase) state.phase = this.phase = phase;
    if (gameNumber !== this.gameNumber) {
      // A new game starts a new log.
      this.gameNumber = gameNumber;
      state.game = gameNumber;
      state.log.clear();
      this.logLength = 0;
    }
    const seat = game ? game.seat : -1;
    if (this.seat !== seat) state.seat = this.seat = seat;
    this.syncPieces(game);
    const supply = game ? packCounts(game.supply) : NO_COUNTS;
    if (this.supply !== supply) state.supply = this.supply = supply;
    const aside = game ? packCounts(game.aside) : NO_COUNTS;
    if (this.aside !== aside) state.aside = this.aside = aside;
    // The log changes at its end only: a move's entries pushed, or the play a take-back removes
    // popped (the room syncs after every move, so a length tells what changed).
    if (this.logLength !== log.length) {
      const schemaLog = state.log;
      for (; this.logLength > log.length; this.logLength--) schemaLog.pop();
      for (; this.logLength < log.length; this.logLength++) schemaLog.push(log[this.logLength]);
    }
    for (let s = 0; s < this.seats.length; s++) this.syncSeatGame(s, game, drawn[s] ?? 0);
    syncResult(state, game);
  }

  private syncPieces(game: GameState | null): void {
    const pieces = this.pieces;
    for (let e = 0; e < ENTRIES; e++) {
      let entry = 0;
      for (let k = 0, s = e * PER_ENTRY; game && k < PER_ENTRY && s < SETTLEMENTS; k++, s++) entry |= game.pieces[s] << (k * BITS);
      if (pieces[e] !== entry) this.state.pieces[e] = pieces[e] = entry;
    }
  }

  private syncSeatGame(s: number, game: GameState | null, drawn: number): void {
    const values = this.seatValues;
    const at = s * SEAT_FIELDS;
    const seat = this.seats[s];
    const handChosen = game !== null && game.handChosen[s];
    if (values[at + HAND_CHOSEN] !== +handChosen) {
      values[at + HAND_CHOSEN] = +handChosen;
      seat.handChosen = handChosen;
    }
    const hand = game ? game.hands[s] : NO_TILES;
    if (values[at + HAND_COUNT] !== hand.length) seat.handCount = values[at + HAND_COUNT] = hand.length;
    const packedHand = packHand(hand);
    if (values[at + HAND] !== packedHand) seat.hand = values[at + HAND] = packedHand;
    const stackCount = game ? game.stacks[s].length : 0;
    if (values[at + STACK_COUNT] !== stackCount) seat.stackCount = values[at + STACK_COUNT] = stackCount;
    // With 3–4 players a tally is behind its owner's screen until the end (RULES.md).
    const tally = game ? packCounts(game.captured[s]) : NO_COUNTS;
    const captured = game !== null && (game.players === 2 || game.phase === 'over') ? tally : -1;
    if (values[at + CAPTURED] !== captured) seat.captured = values[at + CAPTURED] = captured;
    if (values[at + OWN_CAPTURED] !== tally) seat.ownCaptured = values[at + OWN_CAPTURED] = tally;
    if (values[at + DRAWN] !== drawn) seat.drawn = values[at + DRAWN] = drawn;
  }
}

function syncMember(seat: SeatState, member: Member | null, idle: boolean): void {
  const id = member?.id ?? '';
  if (seat.id !== id) seat.id = id;
  const name = member?.name ?? '';
  if (seat.name !== name) seat.name = name;
  const colour = member?.colour ?? '';
  if (seat.colour !== colour) seat.colour = colour;
  const kind = member ? (member.bot ? 'bot' : 'human') : 'open';
  if (seat.kind !== kind) seat.kind = kind;
  const bot = member?.bot ?? member?.standIn ?? '';
  if (seat.bot !== bot) seat.bot = bot;
  const connected = member?.connected ?? false;
  if (seat.connected !== connected) seat.connected = connected;
  if (seat.idle !== idle) seat.idle = idle;
}

/** A short list of strings, rewritten only when it differs. */
function syncStrings(target: ArraySchema<string>, values: readonly string[]): void {
  if (target.length === values.length && values.every((v, i) => target[i] === v)) return;
  target.clear();
  target.push(...values);
}

function syncResult(state: RoomState, game: GameState | null): void {
  const result = game?.result;
  if (!result) {
    if (state.result) state.result = undefined;
    return;
  }
  if (state.result) return; // a result never changes once set
  const r = new ResultState();
  r.reason = result.reason;
  r.winners.push(...result.winners);
  r.leaders.push(...result.leaders.map((l) => (l === null ? -1 : l)));
  state.result = r;
}
