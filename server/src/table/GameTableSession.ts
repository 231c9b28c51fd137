import type { Schema } from '@colyseus/schema';
import { dueAfterWait, GameContract, GameTimer, GameViewer, Rng, TableOptions } from '@samurai/shared';
import { BotThinking } from '../bots/BotThinking';
import { cryptoRng } from '../crypto-rng';
import { log } from '../log';
import type { GameSession, Refusal } from './game-module';
import type { TableSeatState, TableState } from './table-state';
import { ViewFields, ViewMirror, ViewSource } from './ViewMirror';

const NO_SEATS: readonly number[] = [];
const NO_TIMERS: readonly GameTimer[] = [];

/**
 * One room's game, any game: its state played through the game's contract (shared/src/table/
 * game-contract.ts), its log of steps, its timers, and its mirror into the room state (written
 * from the game's views only). Chance is drawn from the room's dealing generator given to
 * `start`; a restored game's, from the server's own (a dealing generator is not kept).
 */
export class GameTableSession<State, Move, View, Options extends TableOptions, Step, RoomView> implements GameSession<Options>, ViewSource<RoomView> {
  private current: State | null = null;
  private last: Step | null = null;
  private rng: Rng = cryptoRng;
  private readonly mirror: ViewMirror<RoomView>;
  /** The timers running, by key: their name and when they end (ms since 1970). Made with the first (a room of a game without time has none). */
  private timers: Map<unknown, { readonly name: string; endsAt: number }> | null = null;
  /** Changes made to the game so far: a bot's thought is for the point of the game it was asked at. */
  private changes = 0;
  /** The players abandoned the game (see abandon): over, as far as the table goes. */
  private abandoned = false;
  /** Its searching bots' thoughts (none for a game without). */
  private readonly thinking: BotThinking | null;

  constructor(
    protected readonly state: TableState,
    private readonly game: GameContract<State, Move, View, Options, Step, RoomView>,
    fields: ViewFields<RoomView>,
    private readonly clock: () => number = Date.now,
  ) {
    this.mirror = new ViewMirror(state, fields);
    this.thinking = game.searchingBots ? new BotThinking(game.name, game.searchingBots.levels) : null;
  }

  /** The game as `viewer` may see it, as the room state shows it (for the mirror). */
  roomView(viewer: GameViewer): RoomView {
    return this.game.roomView(this.current!, viewer);
  }

  timerEndsAt(name: string): number {
    if (this.timers) for (const timer of this.timers.values()) if (timer.name === name) return timer.endsAt;
    return 0;
  }

  get phase(): string {
    if (this.abandoned) return 'over';
    return this.current ? this.game.phase(this.current) : 'lobby';
  }

  abandon(): void {
    this.abandoned = true;
    this.changes++;
    this.timers?.clear();
  }

  start(options: Options, _gameNumber: number, rng: Rng): string {
    const state = this.game.setup(options, rng);
    this.begin(state, null);
    // Kept only by a game that draws after the deal (a room's own generator would cost memory for nothing).
    this.rng = this.game.drawsAfterDeal ? rng : cryptoRng;
    this.changed();
    return this.game.dealOf(state);
  }

  private begin(state: State, last: Step | null): void {
    this.abandoned = false;
    this.current = state;
    this.last = last;
    this.changes++;
    this.timers?.clear();
    this.mirror.newGame();
  }

  lastMove(): string {
    return JSON.stringify(this.last);
  }

  restore(deal: string, steps: readonly string[]): void {
    this.begin(this.game.fromDeal(deal), null);
    this.replayAll(steps);
  }

  snapshot(): string {
    return this.game.snapshot(this.current!, this.last);
  }

  resume(snapshot: unknown, steps: readonly string[]): void {
    const saved = this.game.resume(snapshot);
    this.begin(saved.state, saved.last);
    this.replayAll(steps);
  }

  /** A restored game's steps since its deal or snapshot, played again exactly; mirrored once at the end (a restart restores every room at once). */
  private replayAll(steps: readonly string[]): void {
    this.rng = cryptoRng;
    steps.forEach((text, i) => {
      const step = JSON.parse(text) as Step;
      const result = this.game.replay(this.current!, step);
      if (!result.ok) throw new Error(`change ${i + 1} of the game does not replay: ${result.error} (${result.detail})`);
      this.current = result.state;
      this.last = step;
    });
    this.changes++;
    this.changed();
  }

  /** The seat is the server's knowledge of the sender, never part of the message. */
  play(seat: number, type: string, payload: unknown): Refusal | null {
    return this.move(this.game.intent(type, payload, seat));
  }

  /** Applies a move (a person's or the server's) and settles the chance it calls for; on success the mirror has it. */
  private move(move: Move): Refusal | null {
    const result = this.game.apply(this.current!, move);
    if (!result.ok) return result;
    this.current = result.state;
    this.changes++;
    this.last = this.game.settle(result.state, move, this.rng);
    this.changed();
    return null;
  }

  /** After every change: the timers, then the mirror. */
  private changed(): void {
    this.updateTimers();
    this.mirror.sync(this.current ? this : null);
  }

  /**
   * A new timer gets its full time from now (a restored game's timers are new to this process:
   * full time again); one that no longer runs is forgotten.
   */
  private updateTimers(): void {
    const running = this.current && !this.abandoned ? this.game.timers(this.current) : NO_TIMERS;
    if (running.length === 0 && !this.timers?.size) return;
    const timers = (this.timers ??= new Map());
    for (const key of timers.keys()) if (!running.some((t) => t.key === key)) timers.delete(key);
    const now = this.clock();
    for (const timer of running) if (!timers.has(timer.key)) timers.set(timer.key, { name: timer.name, endsAt: now + timer.ms });
  }

  nextDeadline(): number {
    let at = Infinity;
    if (this.timers) for (const timer of this.timers.values()) at = Math.min(at, timer.endsAt);
    return at;
  }

  postpone(heldAt: number, now: number): void {
    if (this.timers) for (const timer of this.timers.values()) timer.endsAt = dueAfterWait(timer.endsAt, heldAt, now);
    if (this.current) this.changed();
  }

  expire(now: number): string[] {
    const changes: string[] = [];
    const timers = this.timers;
    if (!this.current || this.abandoned || !timers?.size) return changes;
    // What is due now, in the game's order; what falls due meanwhile (a deal after a prompt's default answers) waits for the next call.
    const due = this.game.timers(this.current).filter((t) => (timers.get(t.key)?.endsAt ?? Infinity) <= now);
    for (const timer of due) {
      if (!this.game.timers(this.current).some((t) => t.key === timer.key)) continue;
      const { state, steps } = this.game.timeUp(this.current, timer.key, this.rng);
      this.current = state;
      this.changes++;
      for (const step of steps) {
        this.last = step;
        changes.push(this.lastMove());
      }
      this.changed();
    }
    return changes;
  }

  seatsToAct(): readonly number[] {
    const state = this.current;
    return state && this.phase !== 'over' ? this.game.owing(state) : NO_SEATS;
  }

  automatedSeat(botAt: (seat: number) => string | null): number {
    const state = this.current;
    if (!state || this.phase === 'over') return -1;
    for (const seat of this.game.seatsToAct(state)) {
      if (botAt(seat) || this.game.forcedMove(state, seat)) return seat;
    }
    return -1;
  }

  thinkFor(seat: number, level: string, rng: Rng): Promise<void> | null {
    const state = this.current!;
    const searching = this.game.searchingBots;
    if (!this.thinking || !searching) return null;
    return this.thinking.think(`${this.changes}:${seat}`, level, seat, () => this.game.view(state, seat), searching.answersPrompt(state, seat), rng);
  }

  playFor(seat: number, level: string | null, rng: Rng): Refusal | null {
    if (!level) {
      const forced = this.game.forcedMove(this.current!, seat);
      if (!forced) throw new Error(`playFor: seat ${seat} is a person's; the server makes no move for a person`);
      return this.move(forced);
    }
    // A searching level's move was thought on a bot thread (thinkFor); failing that, the quick level's.
    const searching = this.game.searchingBots;
    const searches = searching?.levels.includes(level) ?? false;
    const thought = searches ? (this.thinking!.take(`${this.changes}:${seat}`) as Move | null) : null;
    const bot = this.game.bots[searches ? searching!.quickLevel : level];
    const failure = this.move(thought ?? bot.chooseMove(this.game.view(this.current!, seat), seat, rng));
    if (!failure) return null;
    // A bot bug must not stall the table: log it and let the fallback bot move instead.
    log.error(`room ${this.state.code}: ${level} bot move refused (${failure.error}: ${failure.detail})`);
    return this.move(this.game.fallbackBot.chooseMove(this.game.view(this.current!, seat), seat, rng));
  }

  record(): object | null {
    return this.current && !this.abandoned ? this.game.record(this.current) : null;
  }

  summary(): object | null {
    return this.current && !this.abandoned ? this.game.summary(this.current) : null;
  }

  sync(seats: readonly TableSeatState[]): void {
    this.mirror.adoptSeats(seats);
    this.changed();
  }

  /** The seat whose secrets the player at `seat` sees: its own. (A test overrides it to prove the leak test bites.) */
  secretsVisibleTo(seat: number): Schema[] {
    return [this.state.seats[seat]];
  }
}
