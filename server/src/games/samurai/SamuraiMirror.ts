import { CASTE_BITS, GameState, packCounts, packHand, PIECES_ENTRIES, SETTLEMENT_COUNT, SETTLEMENTS_PER_ENTRY, TileId } from '@samurai/shared';
import type { TableSeatState } from '../../table/table-state';
import { ResultState, RoomState, SeatState } from './samurai-state';

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
 * Mirrors Samurai's part of the room state from the engine, touching only fields whose value
 * changed (Colyseus sends exactly what is touched, so every patch stays minimal). One direction:
 * engine → schema; nothing is ever read back. What it wrote is kept in plain numbers to compare
 * against: reading schema fields and ArraySchema proxies costs more than the comparisons
 * themselves, on every move of every room. The table's fields (seats' names, phase, host) are
 * the table's mirror's.
 */
export class SamuraiMirror {
  /** The packed pieces entries as written. */
  private readonly pieces = new Uint16Array(ENTRIES);
  private readonly seatValues = new Int32Array(MAX_SEATS * SEAT_FIELDS);
  private seats: SeatState[] = [];
  private seat = -1;
  private supply = 0;
  private aside = 0;
  private logLength = 0;

  constructor(private readonly state: RoomState) {
    state.pieces.push(...Array.from(this.pieces));
  }

  /** The table's seats changed (seated, resized, reordered): new seat schemas start from their defaults. */
  adoptSeats(seats: readonly TableSeatState[]): void {
    for (let s = 0; s < seats.length; s++) {
      if (this.seats[s] === seats[s]) continue;
      this.seatValues.set(SEAT_DEFAULTS, s * SEAT_FIELDS);
      this.seats[s] = seats[s] as SeatState;
    }
    this.seats.length = seats.length;
  }

  /** A new game starts a new log. */
  newGame(): void {
    this.state.log.clear();
    this.logLength = 0;
  }

  /** What an engine move can change: the game's fields and each seat's counts, hand and tally (the board is the log's). */
  syncGame(game: GameState | null, log: readonly number[], drawn: readonly number[]): void {
    const { state } = this;
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
    // With 3–4 players a tally is behind its owner's screen until the end (docs/rules/samurai.md § Hidden information).
    const tally = game ? packCounts(game.captured[s]) : NO_COUNTS;
    const captured = game !== null && (game.players === 2 || game.phase === 'over') ? tally : -1;
    if (values[at + CAPTURED] !== captured) seat.captured = values[at + CAPTURED] = captured;
    if (values[at + OWN_CAPTURED] !== tally) seat.ownCaptured = values[at + OWN_CAPTURED] = tally;
    if (values[at + DRAWN] !== drawn) seat.drawn = values[at + DRAWN] = drawn;
  }
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
