import type { Schema } from '@colyseus/schema';
import {
  applyMoveInPlace,
  BOTS,
  BotLevel,
  checkMove,
  createGame,
  encodeLogEntry,
  exportRecord,
  filled,
  GameIntent,
  gameOptionsOf,
  GameState,
  intentToMove,
  Move,
  packHand,
  randomBot,
  RoomOptions,
  Rng,
  seatsToAct,
  startEvents,
  stateFromJson,
  stateFromParsed,
  stateToJson,
  tilesDrawnAtTurnEnd,
  updateLog,
  viewFor,
} from '@samurai/shared';
import { BotThinking, SEARCHING_LEVELS } from '../../bots/BotThinking';
import { log } from '../../log';
import type { GameSession, Refusal } from '../../table/game-module';
import type { TableSeatState } from '../../table/table-state';
import { SamuraiMirror } from './SamuraiMirror';
import type { RoomState } from './samurai-state';

const NO_SEATS: readonly number[] = [];

/** What `snapshot` writes: the engine's state (stateToJson's) and the session's own lists beside it. */
interface Snapshot {
  readonly state: unknown;
  readonly log: number[];
  readonly drawn: number[];
  readonly last: Move | null;
}

/** One room's game of Samurai: the engine's state, its public log, and their mirror into the room state. */
export class SamuraiSession implements GameSession<RoomOptions> {
  private game: GameState | null = null;
  private log: number[] = [];
  /** Per seat, the tiles drawn when its last turn ended (packHand): its owner's view shows them. */
  private drawn: number[] = [];
  private readonly mirror: SamuraiMirror;
  /** The move played last, for the room's log. */
  private last: Move | null = null;
  /** Changes made to the game so far: a bot's thought is for the point of the game it was asked at. */
  private changes = 0;
  private readonly thinking = new BotThinking('samurai');

  constructor(protected readonly state: RoomState) {
    this.mirror = new SamuraiMirror(state);
  }

  get phase(): string {
    return this.game ? this.game.phase : 'lobby';
  }

  start(options: RoomOptions, _gameNumber: number, rng: Rng): string {
    const game = createGame({ players: options.players, options: gameOptionsOf(options) }, rng);
    const deal = stateToJson(game);
    this.begin(game);
    return deal;
  }

  private begin(game: GameState): void {
    this.game = game;
    this.changes++;
    this.drawn = filled(game.players, 0);
    this.log = startEvents(game).map(encodeLogEntry);
    this.mirror.newGame();
    this.mirror.syncGame(game, this.log, this.drawn);
  }

  lastMove(): string {
    return JSON.stringify(this.last);
  }

  restore(deal: string, moves: readonly string[]): void {
    this.begin(stateFromJson(deal));
    this.replay(moves);
  }

  snapshot(): string {
    // The state's JSON put in as it is: nested as a string, it would be escaped, and parsed twice at a restore.
    return `{"state":${stateToJson(this.game!)},"log":${JSON.stringify(this.log)},"drawn":${JSON.stringify(this.drawn)},"last":${JSON.stringify(this.last)}}`;
  }

  resume(snapshot: unknown, moves: readonly string[]): void {
    const saved = snapshot as Snapshot;
    if (!saved || typeof saved !== 'object' || !Array.isArray(saved.log) || !Array.isArray(saved.drawn)) throw new Error('not a Samurai snapshot');
    this.game = stateFromParsed(saved.state);
    this.log = saved.log;
    this.drawn = saved.drawn;
    this.last = saved.last;
    this.mirror.newGame();
    this.replay(moves);
  }

  private replay(moves: readonly string[]): void {
    // Mirrored once at the end, not after every move: a restart restores every room at once.
    // (The mirror's log only grows, so one sync of its end is exact.)
    moves.forEach((text, i) => {
      const failure = this.move(JSON.parse(text) as Move, false);
      if (failure) throw new Error(`move ${i + 1} of game does not replay: ${failure.error} (${failure.detail})`);
    });
    this.mirror.syncGame(this.game, this.log, this.drawn);
  }

  /** The seat is the server's knowledge of the sender, never part of the message. */
  play(seat: number, type: string, payload: unknown): Refusal | null {
    return this.move(intentToMove(type as GameIntent, payload, seat));
  }

  /** Applies an engine move (a person's or the server's); on success the mirror has it (unless told not to sync). */
  private move(move: Move, sync = true): Refusal | null {
    const game = this.game!;
    // What updateLog needs of the state before (the engine extends these lists in place).
    const before = { ...game, turnCaptures: game.turnCaptures.slice(), placements: game.placements.slice() };
    const drawn = move.type === 'endTurn' || move.type === 'pass' ? tilesDrawnAtTurnEnd(game) : null;
    const failure = applyMoveInPlace(game, move);
    if (failure) return failure;
    this.last = move;
    this.changes++;
    updateLog(this.log, before, move, game);
    // The draw rides in the same patch as the turn's end, to its owner alone (no message of its own).
    if (drawn) this.drawn[move.seat] = packHand(drawn);
    if (sync) this.mirror.syncGame(game, this.log, this.drawn);
    return null;
  }

  seatsToAct(): readonly number[] {
    const game = this.game;
    return game && game.phase !== 'over' ? seatsToAct(game) : NO_SEATS;
  }

  automatedSeat(botAt: (seat: number) => string | null): number {
    const game = this.game;
    if (!game || game.phase === 'over') return -1;
    for (const seat of seatsToAct(game)) {
      if (botAt(seat)) return seat;
      if (checkMove(game, { type: 'pass', seat }) === null) return seat; // passing is all it can do
    }
    return -1;
  }

  thinkFor(seat: number, level: string, rng: Rng): Promise<void> | null {
    const game = this.game!;
    return this.thinking.think(`${this.changes}:${seat}`, level, seat, () => viewFor(game, seat), false, rng);
  }

  playFor(seat: number, level: string | null, rng: Rng): Refusal | null {
    const game = this.game!;
    if (!level) return this.move({ type: 'pass', seat });
    // A searching level's move was thought on a bot thread (thinkFor); failing that, the greedy bot's.
    const thought = SEARCHING_LEVELS.includes(level) ? (this.thinking.take(`${this.changes}:${seat}`) as Move | null) : null;
    const bot = BOTS[SEARCHING_LEVELS.includes(level) ? 'greedy' : (level as BotLevel)];
    const failure = this.move(thought ?? bot.chooseMove(viewFor(game, seat), seat, rng));
    if (!failure) return null;
    // A bot bug must not stall the table: log it and let the random bot move instead.
    log.error(`room ${this.state.code}: ${level} bot move refused (${failure.error}: ${failure.detail})`);
    return this.move(randomBot.chooseMove(viewFor(game, seat), seat, rng));
  }

  record(): object | null {
    return this.game?.phase === 'over' ? exportRecord(this.game) : null;
  }

  summary(): object | null {
    const result = this.game?.result;
    return result ? { reason: result.reason, winners: result.winners } : null;
  }

  sync(seats: readonly TableSeatState[]): void {
    this.mirror.adoptSeats(seats);
    this.mirror.syncGame(this.game, this.log, this.drawn);
  }

  /** The seats whose secrets the player at `seat` sees: its own. (A test overrides it to prove the leak test bites.) */
  secretsVisibleTo(seat: number): Schema[] {
    return [this.state.seats[seat]];
  }
}
