import type { Schema } from '@colyseus/schema';
import type { ColourId, Rng, TableOptions } from '@samurai/shared';
import type { z } from 'zod';
import type { TableSeatState, TableState } from './table-state';

/** A refused request: an error code (the table's or the game's) and what exactly was wrong. */
export interface Refusal {
  readonly error: string;
  readonly detail?: string;
}

/** What a room's creator sends: their name and colour, and any options that differ from the defaults. */
export interface CreateOptions<Options extends TableOptions> {
  readonly name: string;
  readonly colour?: ColourId;
  readonly options?: Partial<Options>;
}

/**
 * A game as the table runs it: the rules come from the game's engine (in shared/), the rest of the
 * room (codes, seats, tokens, spectators, bots, stand-ins, limits, rematch, records) is the
 * table's. One per game, listed in games/registry.ts.
 */
export interface GameModule<State extends TableState = TableState, Options extends TableOptions = TableOptions> {
  /** The Colyseus room type, and the state's `gameType`. */
  readonly name: string;
  readonly maxSeats: number;
  readonly defaultOptions: Options;
  readonly createOptionsSchema: z.ZodType<CreateOptions<Options>>;
  /** Every request a client may send, the table's and the game's, with its payload's schema. */
  readonly messages: Readonly<Record<string, z.ZodType>>;
  /** Whether a request is one of the game's intents (the others are the table's). */
  isGameIntent(type: string): boolean;
  /** The error code a game intent whose payload does not parse is answered with. */
  readonly malformedIntent: string;
  /** The sentence for one of the game's error codes (the table knows its own). */
  errorMessage(code: string): string | undefined;
  /** A new room's state, empty: the table fills its part, the session the game's. */
  newState(): State;
  /** A new seat of this game's seat class (the table fills its table fields). */
  newSeat(): TableSeatState;
  /** The game side of one room. */
  newSession(state: State): GameSession<Options>;
}

/** One room's game: the engine state, its mirror into the room state, and its bots. */
export interface GameSession<Options extends TableOptions = TableOptions> {
  /** 'lobby' before the first game; then the game's own phases, 'over' once it has ended. */
  readonly phase: string;
  /**
   * Deals a new game for the seated players (the table has counted them); returns the deal as
   * JSON text for the room's log (restoring it then needs no random generator).
   */
  start(options: Options, gameNumber: number, rng: Rng): string;
  /**
   * The players abandoned the game under way (a vote of the table's): it is over from now on,
   * with no winner, no record of the game's own and nobody to move, until the next `start`.
   */
  abandon(): void;
  /** The move just played (a person's or the server's), as JSON text for the room's log. */
  lastMove(): string;
  /**
   * Rebuilds the game from its logged deal and moves, through the engine, as if played again.
   * Throws when they do not replay (a log edited by hand): the table quarantines the room.
   */
  restore(deal: string, moves: readonly string[]): void;
  /**
   * The game as it stands, as the JSON text of an object, which `resume` starts from instead of
   * the deal. The table writes one every `snapshotEveryMoves` moves, and whenever the room's log
   * has grown by compactAfterBytes (chat, clocks: TableRoom.compactIfDue), the text as it is
   * inside its event, and forgets the events before it: a restart replays a few moves per room,
   * not a whole game's, and a room's stored log stays bounded.
   */
  snapshot(): string;
  /** Rebuilds the game from a `snapshot` (parsed) and the moves since, as `restore` does from a deal. */
  resume(snapshot: unknown, moves: readonly string[]): void;
  /** A person's game intent, its payload already validated: null when it was played. */
  play(seat: number, type: string, payload: unknown): Refusal | null;
  /** The seats that owe a move now (none in the lobby or once over). */
  seatsToAct(): readonly number[];
  /**
   * The seat the server moves now, or -1: a seat a bot plays (`botAt` says which), or a person's
   * whose only legal move the server makes for them (a forced pass).
   */
  automatedSeat(botAt: (seat: number) => string | null): number;
  /**
   * For a bot level that searches (the expert): a promise while the bot of `seat` thinks over its
   * move on a bot thread (server/src/bots), after which the room asks again; null once playFor
   * can move at once (and for every other level, and in a game without such a level).
   */
  thinkFor?(seat: number, level: string, rng: Rng): Promise<void> | null;
  /** The server's move for `seat`: the bot's of `level`, or with no level, the forced move. */
  playFor(seat: number, level: string | null, rng: Rng): Refusal | null;
  /** The record of the game once it is over; null before. */
  record(): object | null;
  /** A short summary of the finished game for the room's history (e.g. `{ winners: [seat…] }`). */
  summary(): object | null;
  /** Brings the game's part of the state up to date (after the table changed seats). */
  sync(seats: readonly TableSeatState[]): void;
  /** The parts of the state only the player at `seat` may see (added to that player's StateView alone). */
  secretsVisibleTo(seat: number): Schema[];
  /**
   * Games with time of their own (a prompt's limit, something shown for a while):
   * when the game next changes by itself, in ms since 1970 (Date.now's clock); Infinity for never.
   */
  nextDeadline?(): number;
  /**
   * Makes happen what is due by `now` (a prompt's time ran out, a showing ends): each change as
   * JSON text for the room's log, in order, replayed by `restore` as moves are; empty when nothing was due.
   */
  expire?(now: number): string[];
  /**
   * Games with time of their own: the time from `heldAt` to `now` stood still (the room waited for
   * its storage, and nobody could answer), so what falls due moves later by as much (dueAfterWait).
   */
  postpone?(heldAt: number, now: number): void;
}
