import { filled, GameState, packCounts, packHand, RoomOptions, SETTLEMENT_COUNT } from '@samurai/shared';
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
  /** The running or last finished game; null in the lobby. */
  readonly game: GameState | null;
  /** The game's public log, packed. */
  readonly log: readonly number[];
  /** Per seat, the tiles it drew when its last turn ended (packHand). */
  readonly drawn: readonly number[];
}

// Read once: a name imported from the shared package is a getter on every use.
const SETTLEMENTS = SETTLEMENT_COUNT;
const NO_COUNTS = 0;

/**
 * Mirrors the room's facts into its schema state, touching only fields whose value changed
 * (Colyseus sends exactly what is touched, so every patch stays minimal). One direction:
 * engine and seating → schema; nothing is ever read back. The arrays it wrote are kept as
 * plain copies to compare against: reading an ArraySchema goes through a Proxy.
 */
export class StateMirror {
  private readonly pieces = filled(SETTLEMENTS, 0);
  private gameNumber = 0;
  private logLength = 0;

  constructor(private readonly state: RoomState) {
    state.pieces.push(...this.pieces);
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

    while (state.seats.length < facts.seats.length) state.seats.push(new SeatState());
    while (state.seats.length > facts.seats.length) state.seats.pop();
    facts.seats.forEach((member, s) => syncMember(state.seats[s], member));
    this.syncGame(facts.game, facts.gameNumber, facts.log, facts.drawn);
  }

  /** What an engine move can change: the game's fields and each seat's counts, hand and tally (the board is the log's). */
  syncGame(game: GameState | null, gameNumber: number, log: readonly number[], drawn: readonly number[]): void {
    const { state } = this;
    const phase = game ? game.phase : 'lobby';
    if (state.phase !== phase) state.phase = phase;
    if (gameNumber !== this.gameNumber) {
      // A new game starts a new log.
      this.gameNumber = gameNumber;
      state.game = gameNumber;
      state.log.clear();
      this.logLength = 0;
    }
    const seat = game ? game.seat : -1;
    if (state.seat !== seat) state.seat = seat;
    this.syncPieces(game);
    const supply = game ? packCounts(game.supply) : NO_COUNTS;
    if (state.supply !== supply) state.supply = supply;
    const aside = game ? packCounts(game.aside) : NO_COUNTS;
    if (state.aside !== aside) state.aside = aside;
    // The log only grows during a game.
    for (; this.logLength < log.length; this.logLength++) state.log.push(log[this.logLength]);
    for (let s = 0; s < state.seats.length; s++) syncSeatGame(state.seats[s], game, s, drawn[s] ?? 0);
    syncResult(state, game);
  }

  private syncPieces(game: GameState | null): void {
    const pieces = this.pieces;
    for (let p = 0; p < SETTLEMENTS; p++) {
      const present = game ? game.pieces[p] : 0;
      if (pieces[p] !== present) this.state.pieces[p] = pieces[p] = present;
    }
  }
}

function syncMember(seat: SeatState, member: Member | null): void {
  const id = member?.id ?? '';
  if (seat.id !== id) seat.id = id;
  const name = member?.name ?? '';
  if (seat.name !== name) seat.name = name;
  const colour = member?.colour ?? '';
  if (seat.colour !== colour) seat.colour = colour;
  const kind = member ? (member.bot ? 'bot' : 'human') : 'open';
  if (seat.kind !== kind) seat.kind = kind;
  const bot = member?.bot ?? '';
  if (seat.bot !== bot) seat.bot = bot;
  const connected = member?.connected ?? false;
  if (seat.connected !== connected) seat.connected = connected;
}

function syncSeatGame(seat: SeatState, game: GameState | null, s: number, drawn: number): void {
  const handChosen = game ? game.handChosen[s] : false;
  if (seat.handChosen !== handChosen) seat.handChosen = handChosen;
  const handCount = game ? game.hands[s].length : 0;
  if (seat.handCount !== handCount) seat.handCount = handCount;
  const stackCount = game ? game.stacks[s].length : 0;
  if (seat.stackCount !== stackCount) seat.stackCount = stackCount;
  // With 3–4 players a tally is behind its owner's screen until the end (RULES.md).
  const tally = game ? packCounts(game.captured[s]) : NO_COUNTS;
  const captured = game !== null && (game.players === 2 || game.phase === 'over') ? tally : -1;
  if (seat.captured !== captured) seat.captured = captured;
  if (seat.ownCaptured !== tally) seat.ownCaptured = tally;
  const hand = game ? packHand(game.hands[s]) : 0;
  if (seat.hand !== hand) seat.hand = hand;
  if (seat.drawn !== drawn) seat.drawn = drawn;
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
