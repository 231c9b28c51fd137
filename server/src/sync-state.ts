import { ArraySchema } from '@colyseus/schema';
import { encodeCell, GameState, HEX_COUNT, RoomOptions, RoomPhase, SETTLEMENT_COUNT } from '@samurai/shared';
import { ResultState, RoomState, SeatState } from './schema/RoomState';
import type { Member } from './Seating';

/** Everything the room state mirrors. */
export interface RoomFacts {
  readonly code: string;
  readonly phase: RoomPhase;
  readonly gameNumber: number;
  readonly options: RoomOptions;
  readonly hostId: string;
  readonly seats: readonly (Member | null)[];
  readonly spectators: number;
  /** The running or last finished game; null in the lobby. */
  readonly game: GameState | null;
  /** The game's public log, packed. */
  readonly log: readonly number[];
}

const NO_PIECES = [0, 0, 0];

/**
 * Mirrors the room's facts into the schema state, touching only fields whose value changed
 * (Colyseus sends exactly what is touched, so this keeps every patch minimal). One direction:
 * engine and seating → schema; nothing is ever read back.
 */
export function syncRoomState(state: RoomState, facts: RoomFacts): void {
  const { game, options } = facts;
  const newGame = state.game !== facts.gameNumber;
  assign(state, 'code', facts.code);
  assign(state, 'phase', facts.phase);
  assign(state, 'game', facts.gameNumber);
  assign(state, 'host', facts.hostId);
  assign(state, 'spectators', facts.spectators);
  const o = state.options;
  assign(o, 'players', options.players);
  assign(o, 'captureTiming', options.captureTiming);
  assign(o, 'startingHands', options.startingHands);
  assign(o, 'setup', options.setup);
  assign(o, 'botLevel', options.botLevel);
  assign(o, 'seatOrder', options.seatOrder);
  assign(o, 'botDelayMs', options.botDelayMs);

  while (state.seats.length < facts.seats.length) state.seats.push(new SeatState());
  while (state.seats.length > facts.seats.length) state.seats.pop();
  facts.seats.forEach((member, s) => syncSeat(state.seats[s], member, game, s));

  assign(state, 'seat', game ? game.seat : -1);
  syncBoard(state.board, game);
  setArray(state.pieces, game ? game.pieces : zeros(SETTLEMENT_COUNT));
  setArray(state.supply, game ? game.supply : NO_PIECES);
  setArray(state.aside, game ? game.aside : NO_PIECES);
  syncLog(state.log, facts.log, newGame);
  syncResult(state, game);
}

function syncSeat(seat: SeatState, member: Member | null, game: GameState | null, s: number): void {
  assign(seat, 'id', member?.id ?? '');
  assign(seat, 'name', member?.name ?? '');
  assign(seat, 'colour', member?.colour ?? '');
  assign(seat, 'kind', member ? (member.bot ? 'bot' : 'human') : 'open');
  assign(seat, 'bot', member?.bot ?? '');
  assign(seat, 'connected', member?.connected ?? false);
  assign(seat, 'handChosen', game ? game.handChosen[s] : false);
  assign(seat, 'handCount', game ? game.hands[s].length : 0);
  assign(seat, 'stackCount', game ? game.stacks[s].length : 0);
  // With 3–4 players a tally is behind its owner's screen until the end (RULES.md).
  const tallyPublic = game !== null && (game.players === 2 || game.phase === 'over');
  setArray(seat.captured, tallyPublic ? game.captured[s] : []);
  setArray(seat.secret.hand, game ? game.hands[s] : []);
  setArray(seat.secret.captured, game ? game.captured[s] : NO_PIECES);
}

const cells: number[] = [];

function syncBoard(board: ArraySchema<number>, game: GameState | null): void {
  for (let h = 0; h < HEX_COUNT; h++) cells[h] = game ? encodeCell(game.hexOwner[h], game.hexTile[h]) : 0;
  setArray(board, cells);
}

function syncLog(log: ArraySchema<number>, entries: readonly number[], newGame: boolean): void {
  // The log only grows during a game; a new game starts a new log.
  if (newGame) {
    log.clear();
    written.set(log, []);
  }
  setArray(log, entries);
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

function zeros(n: number): number[] {
  return Array.from({ length: n }, () => 0);
}

/** Sets a field only when its value differs (an unchanged assignment would still be sent). */
function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

/**
 * What each schema array was last set to. Reading an ArraySchema goes through a Proxy, which
 * costs more than the whole rest of a move: compare against this plain copy instead.
 */
const written = new WeakMap<ArraySchema<number>, number[]>();

/** Makes a schema array equal to `values`, element by element. */
export function setArray(array: ArraySchema<number>, values: ArrayLike<number>): void {
  let shadow = written.get(array);
  if (!shadow) {
    shadow = Array.from(array);
    written.set(array, shadow);
  }
  const shared = Math.min(shadow.length, values.length);
  for (let i = 0; i < shared; i++) {
    if (shadow[i] !== values[i]) array[i] = shadow[i] = values[i];
  }
  for (let i = shadow.length; i < values.length; i++) {
    array.push(values[i]);
    shadow.push(values[i]);
  }
  while (shadow.length > values.length) {
    array.pop();
    shadow.pop();
  }
}
