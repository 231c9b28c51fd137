/**
 * What a game gives the table: its rules as one object of pure functions, in the spirit of
 * boardgame.io's game object. The server's one session and one mirror run every game through
 * it (server/src/table/GameTableSession.ts, ViewMirror.ts); each game implements it once, in
 * shared/src/games/<game>/game.ts. See docs/architecture-games.md for a move's path.
 *
 * `State` is the game as a room keeps it: the engine's state and what the room shows that the
 * engine does not keep (a public log, a seat's last draw). Functions may change a state they are
 * given in place (the server keeps one per room and plays every move on it); a refusal leaves it
 * as it was. `Step` is one change as the room's log writes it, enough to replay it without a
 * random source: a move and the chance it called for, or something whose time ran out.
 */
import type { Rng } from '../random';
import type { SearchBudget } from '../search/ismcts';
import type { ClientTableState } from './room-state';

/** A seat number, or a spectator (who sees what a non-player at the table sees). */
export type GameViewer = number | 'spectator';

/** A move refused: the game's error code (a string enum of its own) and what exactly was wrong. */
export interface MoveRefusal {
  readonly ok: false;
  readonly error: string;
  readonly detail: string;
}

export type ApplyResult<State> = { readonly ok: true; readonly state: State } | MoveRefusal;

/**
 * Something that changes the game by itself once its time runs out (a prompt's time, a reveal
 * on show, a campaign's deal due at once). `key` stays the same while it runs (a new key starts
 * a new time); `name` is how views and schemas refer to it; `ms` its full time.
 */
export interface GameTimer {
  readonly key: unknown;
  readonly name: string;
  readonly ms: number;
}

/** A bot of some level: chooses one move for `seat` from that seat's view. */
export interface ContractBot<View, Move> {
  chooseMove(view: View, seat: number, rng: Rng): Move;
}

export interface GameContract<State, Move, View, Options, Step = Move, RoomView = View> {
  /** The game's name: the room type and the record's game. */
  readonly name: string;

  // ---- setup -----------------------------------------------------------------------------------
  /** A new game for the seats the options give, dealt from `rng`. */
  setup(options: Options, rng: Rng): State;
  /** The deal as JSON text: `fromDeal` sets the same game up again with no random source. */
  dealOf(state: State): string;
  /** The game a `dealOf` text describes, as it stood before any move. Throws on a text that is not one. */
  fromDeal(deal: string): State;

  // ---- moves -----------------------------------------------------------------------------------
  /** A client's intent (its payload validated by the protocol) as the engine's move for `seat`. */
  intent(type: string, payload: unknown, seat: number): Move;
  /** Whether `move` may be played now: null, or why not. Changes nothing. */
  legal(state: State, move: Move): MoveRefusal | null;
  /** Plays `move`; always followed by `settle`. */
  apply(state: State, move: Move): ApplyResult<State>;
  /**
   * After an applied move: rolls from `rng` and applies the chance the game now waits for (a
   * random card taken, a draw-off), and returns the move as the log writes it with those
   * outcomes. What waits for time rather than chance (a prompt, a deal due) is a timer.
   */
  settle(state: State, move: Move, rng: Rng): Step;
  /**
   * Whether `settle` or `timeUp` draw from their random source (false: all chance is in the deal,
   * so a room need not keep its dealing generator after `setup`).
   */
  readonly drawsAfterDeal: boolean;
  /** A logged step played again exactly, its chance from the log, none rolled. */
  replay(state: State, step: Step): ApplyResult<State>;
  /** The timers running now, in the order they fall due when due together; none for a game without time. */
  timers(state: State): readonly GameTimer[];
  /** The timer `key` ran out: what happens then, applied; the steps for the log, in order. */
  timeUp(state: State, key: unknown, rng: Rng): { readonly state: State; readonly steps: readonly Step[] };

  // ---- who moves ---------------------------------------------------------------------------------
  /** 'over' once the game has ended; else the game's own phase names. */
  phase(state: State): string;
  /** The seats that may move now (a bot's turn is asked of these). */
  seatsToAct(state: State): readonly number[];
  /**
   * Clock rules (shared/src/table/clock.ts): the seats whose clock runs now. A seat owes a move
   * its person must make; a prompt that ends by itself is nobody's to hold up (nobody owes, and
   * every clock pauses).
   */
  owing(state: State): readonly number[];
  /** A person's only move, which the server makes for them (a forced pass); null when they have a choice. */
  forcedMove(state: State, seat: number): Move | null;
  /** Bots by level; `fallbackBot` moves when a bot's move is refused (a bot bug must not stall a table). */
  readonly bots: Readonly<Record<string, ContractBot<View, Move>>>;
  readonly fallbackBot: ContractBot<View, Move>;
  /** The levels among `bots` that search, and how the server thinks their moves off its event loop; none in a game without. */
  readonly searchingBots?: SearchingBots<State, Move, View>;

  // ---- what each viewer sees ---------------------------------------------------------------------
  /** The game as `viewer` may see it (what bots decide from): the one place secrets are decided. */
  view(state: State, viewer: GameViewer): View;
  /**
   * What the room's state shows `viewer`, which the server's mirror writes from after every
   * change: the view, or a part of it the game's projection builds by the same rules for less
   * (a board the room sends as its log may be left out), with the room's log.
   */
  roomView(state: State, viewer: GameViewer): RoomView;

  // ---- records and notation ----------------------------------------------------------------------
  /** The game's record (`<game>-record/1`) once it is over; null before. */
  record(state: State): object | null;
  /** Reads a record back and replays it: ok, or what is wrong with it. */
  verifyRecord(json: unknown): { readonly ok: boolean };
  /** A short summary of a finished game for the room's history; null before the end. */
  summary(state: State): object | null;
  /** A move as log text (the notation of the game's rules document), and back: null for a text that is not one. */
  formatMove(move: Move): string;
  parseMove(text: string): Move | null;

  // ---- the room's log ------------------------------------------------------------------------------
  /** The state as the JSON text of an object, with the step played last; `resume` reads it back. */
  snapshot(state: State, last: Step | null): string;
  /** A `snapshot`, parsed. Throws on something that is not one of this game's. */
  resume(saved: unknown): { readonly state: State; readonly last: Step | null };

  // ---- a client's side -------------------------------------------------------------------------
  /**
   * The game as `viewer` sees it, rebuilt from the room state its client received: what a
   * client's bots choose from (the same as `view` gives them on the server); null before the first game.
   */
  viewFromRoom(state: ClientTableState, viewer: GameViewer): View | null;
  /** Whether `seat` must choose a move in `view` now (not when the server makes its only move for it). */
  owesChoice(view: View, seat: number): boolean;
  /** A move as the request a client sends for it. */
  request(move: Move): { readonly type: string; readonly payload: unknown };
}

/**
 * The bot levels that search (the expert, docs/bots.md): the server does not ask them through
 * `bots` on its event loop but thinks their moves on a bot thread within a time (server/src/bots).
 */
export interface SearchingBots<State, Move, View> {
  readonly levels: readonly string[];
  /** The level that moves instead when a thought failed (a bot thread must not stall a table). */
  readonly quickLevel: string;
  /** Whether `seat` answers a prompt now (a shorter time to think than a turn of its own). */
  answersPrompt(state: State, seat: number): boolean;
  /** A searching level's move for `seat` from its view, within `budget` (run on a bot thread). */
  think(view: View, seat: number, rng: Rng, budget: SearchBudget): Move;
}

/** A contract with its types forgotten, as the table's registries hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameContract = GameContract<any, any, any, any, any, any>;
