import type { Schema } from '@colyseus/schema';
import { dueAfterWait, mangoku, Rng } from '@samurai/shared';
import { cryptoRng } from '../../crypto-rng';
import { BotThinking, SEARCHING_LEVELS } from '../../bots/BotThinking';
import { log } from '../../log';
import type { GameSession, Refusal } from '../../table/game-module';
import type { TableSeatState } from '../../table/table-state';
import { MangokuMirror } from './MangokuMirror';
import type { MangokuState } from './mangoku-state';

const {
  applyChanceInPlace,
  applyMoveInPlace,
  awaitsChance,
  BOTS,
  createGame,
  dealDue,
  defaultAnswers,
  exportRecord,
  gameOptionsOf,
  hideReveal,
  intentToMove,
  newGame,
  randomBot,
  REVEAL_SECONDS,
  seatsToAct,
  settleUntilDeal,
  viewFor,
} = mangoku;
type GameState = mangoku.GameState;
type Move = mangoku.Move;

const NO_SEATS: readonly number[] = [];

/** A game's deal as the room's log keeps it: restoring needs no random generator. */
interface Deal {
  readonly players: mangoku.PlayerCount;
  readonly options: mangoku.GameOptions;
  readonly firstSeat: number;
  readonly deck: readonly mangoku.CardName[];
}

/**
 * One change of the game as the room's log keeps it: a move (a person's, a bot's, or a default
 * answer when a prompt's time ran out) with the chance outcomes that followed it; a new
 * campaign's deal, made once the end of the last one has gone out; or a reveal hidden when its
 * time ran out.
 */
type Change =
  | { readonly move: Move; readonly chance: readonly mangoku.Chance[] }
  | { readonly deal: mangoku.Chance }
  | { readonly hide: number };

/** What `snapshot` writes: the engine's whole state (plain JSON), the change played last, and the log as sent. */
interface Snapshot {
  readonly state: GameState;
  readonly last: Change | null;
  readonly log: readonly string[];
}

/**
 * One room's game of Mangoku: the engine's state, the game's clock (a prompt's time, a reveal's
 * time, a deal due) and their mirror into the room state. Chance is drawn from the room's dealing
 * generator: a Tea Master's pick and draw-offs with the move that calls for them, a new
 * campaign's deal as a change of its own right after (see settleUntilDeal).
 */
export class MangokuSession implements GameSession<mangoku.RoomOptions> {
  private game: GameState | null = null;
  private rng: Rng = cryptoRng;
  private readonly mirror: MangokuMirror;
  private last: Change | null = null;
  /** The prompt whose time runs, and when it runs out (0: none). */
  private timedPrompt: mangoku.Prompt | null = null;
  private promptEndsAt = 0;
  /** When each reveal on show is hidden, by reveal id. */
  private readonly revealEndsAt = new Map<number, number>();
  /** When the next campaign is to be dealt (0: no deal is due). */
  private dealDueAt = 0;
  /** Changes made to the game so far: a bot's thought is for the point of the game it was asked at. */
  private changes = 0;
  private readonly thinking = new BotThinking('mangoku');

  constructor(
    protected readonly state: MangokuState,
    private readonly clock: () => number = Date.now,
  ) {
    this.mirror = new MangokuMirror(state);
  }

  get phase(): string {
    if (!this.game) return 'lobby';
    return this.game.step.kind === 'over' ? 'over' : 'play';
  }

  start(options: mangoku.RoomOptions, _gameNumber: number, rng: Rng): string {
    const game = createGame({ players: options.players, options: gameOptionsOf(options) }, rng);
    const deal: Deal = { players: game.players, options: game.options, firstSeat: game.firstSeat, deck: game.campaigns[0].deck };
    this.rng = rng;
    this.begin(game);
    return JSON.stringify(deal);
  }

  /** A game from its start (a new log), or (`newLog` false) resumed with the log the mirror has been given. */
  private begin(game: GameState, newLog = true): void {
    this.game = game;
    this.changes++;
    this.last = null;
    this.timedPrompt = null;
    this.promptEndsAt = 0;
    this.revealEndsAt.clear();
    this.dealDueAt = 0;
    if (newLog) this.mirror.newGame();
    this.changed();
  }

  lastMove(): string {
    return JSON.stringify(this.last);
  }

  restore(dealText: string, changes: readonly string[]): void {
    const deal = JSON.parse(dealText) as Deal;
    const game = newGame({ players: deal.players, options: deal.options }, deal.firstSeat);
    const dealt = applyChanceInPlace(game, { type: 'deal', deck: deal.deck });
    if (dealt) throw new Error(`the deal does not replay: ${dealt.error} (${dealt.detail})`);
    this.begin(game);
    this.replayAll(changes);
  }

  snapshot(): string {
    return JSON.stringify({ state: this.game!, last: this.last, log: Array.from(this.state.log) } satisfies Snapshot);
  }

  resume(snapshot: unknown, changes: readonly string[]): void {
    const saved = snapshot as Snapshot;
    const state = saved?.state as Partial<GameState> | undefined;
    if (!state || typeof state !== 'object' || !Array.isArray(state.hands) || !Array.isArray(state.campaigns) || !Array.isArray(state.supply) || !state.step || !Array.isArray(saved.log)) {
      throw new Error('not a Mangoku snapshot');
    }
    this.mirror.resumeGame(saved.state, saved.log);
    this.begin(saved.state, false);
    this.last = saved.last;
    this.replayAll(changes);
  }

  /** A restored game's changes since its deal or snapshot, played again exactly. */
  private replayAll(changes: readonly string[]): void {
    // Chance from here on is the server's own (a restored room's dealing generator is not kept).
    this.rng = cryptoRng;
    changes.forEach((text, i) => {
      const failure = this.replay(JSON.parse(text) as Change);
      if (failure) throw new Error(`change ${i + 1} of the game does not replay: ${failure}`);
    });
  }

  /** A logged change, played again exactly: its chance outcomes from the log, none rolled. */
  private replay(change: Change): string | null {
    const game = this.game!;
    if ('hide' in change) {
      if (!game.reveals.some((r) => r.id === change.hide)) return `no reveal ${change.hide} to hide`;
      return this.apply(hideReveal(game, change.hide), change);
    }
    if ('deal' in change) {
      if (change.deal.type !== 'deal') return 'a deal that is not one';
      const refused = applyChanceInPlace(game, change.deal);
      return refused ? `${refused.error} (${refused.detail})` : this.apply(game, change);
    }
    const bad = applyMoveInPlace(game, change.move);
    if (bad) return `${bad.error} (${bad.detail})`;
    for (const chance of change.chance) {
      const refused = applyChanceInPlace(game, chance);
      if (refused) return `${refused.error} (${refused.detail})`;
    }
    if (awaitsChance(game) && game.step.kind !== 'deal') return 'chance the log does not give';
    return this.apply(game, change);
  }

  private apply(game: GameState, change: Change): null {
    this.game = game;
    this.changes++;
    this.last = change;
    this.changed();
    return null;
  }

  /** The seat is the server's knowledge of the sender, never part of the message. */
  play(seat: number, type: string, payload: unknown): Refusal | null {
    return this.move(intentToMove(type as mangoku.GameIntent, payload, seat));
  }

  /** Applies an engine move, then settles the chance it calls for; on success the mirror has it. */
  private move(move: Move): Refusal | null {
    const game = this.game!;
    const failure = applyMoveInPlace(game, move);
    if (failure) return failure;
    return this.apply(game, { move, chance: settleUntilDeal(game, this.rng) });
  }

  /** After every change: the game's clock, then the mirror. */
  private changed(): void {
    this.clockChange();
    this.mirror.sync(this.game, { promptEndsAt: this.promptEndsAt, revealEndsAt: (id) => this.revealEndsAt.get(id) ?? 0 });
  }

  /**
   * A new prompt gets its full time from now, whoever is asked and whatever they hold; so does a
   * new reveal. A restored game's prompt and reveals are new to this process: full time again.
   * A deal is due at once (the change that ended the campaign goes out first).
   */
  private clockChange(): void {
    const game = this.game!;
    const now = this.clock();
    const prompt = game.step.kind === 'answer' ? game.step.prompt : null;
    if (prompt !== this.timedPrompt) {
      this.timedPrompt = prompt;
      this.promptEndsAt = prompt ? now + game.options.promptSeconds * 1000 : 0;
    }
    for (const id of this.revealEndsAt.keys()) if (!game.reveals.some((r) => r.id === id)) this.revealEndsAt.delete(id);
    for (const r of game.reveals) if (!this.revealEndsAt.has(r.id)) this.revealEndsAt.set(r.id, now + REVEAL_SECONDS * 1000);
    if (game.step.kind !== 'deal') this.dealDueAt = 0;
    else if (!this.dealDueAt) this.dealDueAt = now;
  }

  nextDeadline(): number {
    let at = Math.min(this.promptEndsAt || Infinity, this.dealDueAt || Infinity);
    for (const endsAt of this.revealEndsAt.values()) at = Math.min(at, endsAt);
    return at;
  }

  postpone(heldAt: number, now: number): void {
    if (this.promptEndsAt) this.promptEndsAt = dueAfterWait(this.promptEndsAt, heldAt, now);
    for (const [id, endsAt] of this.revealEndsAt) this.revealEndsAt.set(id, dueAfterWait(endsAt, heldAt, now));
    if (this.game) this.changed();
  }

  expire(now: number): string[] {
    const changes: string[] = [];
    // A deal that falls due below (a prompt's default answers ending the campaign) waits for the next call.
    const dealWasDue = this.dealDueAt > 0 && this.dealDueAt <= now;
    if (this.promptEndsAt && this.promptEndsAt <= now) {
      // Everyone who has not answered gets the default answer, in the order asked.
      for (const move of defaultAnswers(this.game!)) {
        const failure = this.move(move);
        if (failure) throw new Error(`default answer refused: ${failure.error} (${failure.detail ?? ''})`);
        changes.push(this.lastMove());
      }
    }
    if (dealWasDue) {
      const deal = dealDue(this.game!, this.rng);
      if (deal) {
        this.apply(this.game!, { deal });
        changes.push(this.lastMove());
      }
    }
    for (const [id, endsAt] of [...this.revealEndsAt]) {
      if (endsAt > now || !this.game!.reveals.some((r) => r.id === id)) continue;
      this.apply(hideReveal(this.game!, id), { hide: id });
      changes.push(this.lastMove());
    }
    return changes;
  }

  /**
   * The seats that owe a move. A prompt is nobody's to hold up (it ends when its time runs out),
   * and who has answered it is nobody else's business: while one is pending, nobody owes.
   */
  seatsToAct(): readonly number[] {
    const game = this.game;
    if (!game || game.step.kind === 'over' || game.step.kind === 'answer') return NO_SEATS;
    return seatsToAct(game);
  }

  /** Only bots (and stand-ins) are moved by the server: never a person, even one with a single answer open. */
  automatedSeat(botAt: (seat: number) => string | null): number {
    const game = this.game;
    if (!game || game.step.kind === 'over') return -1;
    for (const seat of seatsToAct(game)) if (botAt(seat)) return seat;
    return -1;
  }

  thinkFor(seat: number, level: string, rng: Rng): Promise<void> | null {
    const game = this.game!;
    return this.thinking.think(`${this.changes}:${seat}`, level, seat, () => viewFor(game, seat), game.step.kind === 'answer', rng);
  }

  playFor(seat: number, level: string | null, rng: Rng): Refusal | null {
    if (!level) throw new Error(`playFor: seat ${seat} is a person's; the server makes no move for a person`);
    const game = this.game!;
    // A searching level's move was thought on a bot thread (thinkFor); failing that, the greedy bot's.
    const thought = SEARCHING_LEVELS.includes(level) ? (this.thinking.take(`${this.changes}:${seat}`) as Move | null) : null;
    const bot = BOTS[SEARCHING_LEVELS.includes(level) ? 'greedy' : (level as mangoku.BotName)];
    const failure = this.move(thought ?? bot.chooseMove(viewFor(game, seat), seat, rng));
    if (!failure) return null;
    // A bot bug must not stall the table: log it and let the random bot move instead.
    log.error(`room ${this.state.code}: ${level} bot move refused (${failure.error}: ${failure.detail})`);
    return this.move(randomBot.chooseMove(viewFor(game, seat), seat, rng));
  }

  record(): object | null {
    return this.game?.result ? exportRecord(this.game) : null;
  }

  summary(): object | null {
    const result = this.game?.result;
    return result ? { winners: result.winners, coins: result.coins } : null;
  }

  sync(seats: readonly TableSeatState[]): void {
    this.mirror.adoptSeats(seats);
    if (this.game) this.changed();
    else this.mirror.sync(null, { promptEndsAt: 0, revealEndsAt: () => 0 });
  }

  /** The seat whose secrets the player at `seat` sees: its own. (A test overrides it to prove the leak test bites.) */
  secretsVisibleTo(seat: number): Schema[] {
    return [this.state.seats[seat]];
  }
}
