/**
 * A guided first game: a scripted deal, short steps that point at the table and wait for the
 * right move, and a scripted bot. Pure and game-agnostic: a game gives its engine (LessonRules)
 * and its script (Lesson); the runner decides, move by move, what happens. Nothing here is a
 * rule: every move goes through the game's own engine, so a lesson can only show real play.
 */

/** One step: what the coach says, where it points, and what it waits for. */
export interface LessonStep<Move, Target, Key extends string = string, State = unknown> {
  /** The coach's words: a key under the game's `tutorial.<game>` translations. */
  readonly say: Key;
  /** What the coach points at (none: the bubble alone). */
  readonly point: readonly Target[];
  /** 'next': the Next button; a move: that move of yours, and only that one. */
  readonly wait: 'next' | Move;
  /** Said when a legal move other than `wait` is made (required for a step that waits for a move). */
  readonly instead?: Key;
  /** The bot's moves once this step is done, in order, each checked by the engine as it is made. */
  readonly then?: readonly Move[];
  /**
   * A later moment of the game, which the lesson jumps to as this step comes (a position the
   * engine accepts as it is): the script shows a game's beginning, then turns further on. It
   * follows a step with no bot moves after it, so that nothing is skipped unseen.
   */
  readonly scene?: () => State;
}

export interface Lesson<State, Move, Target, Key extends string = string> {
  /** The scripted deal: a state the engine accepts as it is (no special rules). */
  initial(): State;
  readonly steps: readonly LessonStep<Move, Target, Key, State>[];
  /** The seat you play. */
  readonly you: number;
}

export type Applied<State> = { readonly ok: true; readonly state: State } | { readonly ok: false; readonly error: string; readonly detail: string };

/** What the runner asks of a game's engine. */
export interface LessonRules<State, Move> {
  /** The engine's applyMove (and whatever the game settles after a move, such as chance). */
  apply(state: State, move: Move): Applied<State>;
  /** The same move (a lesson's expected move against the one made). */
  same(a: Move, b: Move): boolean;
  /** Once the script is over: the bot's next move, or null when the game waits for no bot. */
  botMove(state: State): Move | null;
  over(state: State): boolean;
}

/** What became of a move you made. */
export type Outcome<Key extends string = string> =
  /** The move the step waited for: made, and the lesson goes on. */
  | { readonly kind: 'done' }
  /** Legal, but not the lesson's: nothing changed; `say` tells what to do instead. */
  | { readonly kind: 'instead'; readonly say: Key }
  /** The engine refused it: nothing changed; its own code and detail. */
  | { readonly kind: 'refused'; readonly error: string; readonly detail: string }
  /** The lesson is over and you play on: the move was made. */
  | { readonly kind: 'free' }
  /** Nothing is asked of you now (the coach waits for Next, or the bot is to move): nothing changed. */
  | { readonly kind: 'wait' };

export class LessonRun<State, Move, Target, Key extends string = string> {
  private current: State;
  private index = 0;
  /** The bot's scripted moves still to be made before the next step. */
  private readonly queue: Move[] = [];
  private jumped = 0;

  constructor(
    readonly lesson: Lesson<State, Move, Target, Key>,
    private readonly rules: LessonRules<State, Move>,
  ) {
    this.current = lesson.initial();
  }

  get state(): State {
    return this.current;
  }

  /** How many times the lesson has jumped to a later moment (a step's scene): the view shows such a state anew. */
  get jumps(): number {
    return this.jumped;
  }

  /** The step on show (once the bot's moves before it are made); null once the lesson is over. */
  get step(): LessonStep<Move, Target, Key, State> | null {
    return this.index < this.lesson.steps.length ? this.lesson.steps[this.index] : null;
  }

  get stepIndex(): number {
    return this.index;
  }

  /** The game has ended. */
  get over(): boolean {
    return this.rules.over(this.current);
  }

  /** The bot owes a move: the scripted ones first; after the script, the bot's own, until the game ends. */
  get botToMove(): boolean {
    if (this.queue.length > 0) return true;
    return this.step === null && !this.rules.over(this.current) && this.rules.botMove(this.current) !== null;
  }

  /** Next, on a step that waits for it. */
  next(): boolean {
    const step = this.step;
    if (!step || step.wait !== 'next' || this.queue.length > 0) return false;
    this.advance(step);
    return true;
  }

  /** A move of yours, from the game's screen. */
  submit(move: Move): Outcome<Key> {
    if (this.queue.length > 0) return { kind: 'wait' };
    const step = this.step;
    if (step && step.wait === 'next') return { kind: 'wait' };
    const applied = this.rules.apply(this.current, move);
    if (!applied.ok) return { kind: 'refused', error: applied.error, detail: applied.detail };
    if (!step) {
      this.current = applied.state;
      return { kind: 'free' };
    }
    if (!this.rules.same(step.wait as Move, move)) {
      if (!step.instead) throw new Error(`lesson: step ${this.index} (${step.say}) waits for a move but says nothing of another`);
      return { kind: 'instead', say: step.instead };
    }
    this.current = applied.state;
    this.advance(step);
    return { kind: 'done' };
  }

  /** The bot's next move, made; null when it owes none. A scripted move the engine refuses is a broken lesson: it throws. */
  botStep(): Move | null {
    const scripted = this.queue.shift();
    const move = scripted ?? (this.botToMove ? this.rules.botMove(this.current) : null);
    if (move === null || move === undefined) return null;
    const applied = this.rules.apply(this.current, move);
    if (!applied.ok) throw new Error(`lesson: the bot's move at step ${this.index} was refused: ${applied.error} ${applied.detail}`);
    this.current = applied.state;
    return move;
  }

  private advance(step: LessonStep<Move, Target, Key, State>): void {
    this.index++;
    this.queue.push(...(step.then ?? []));
    const scene = this.step?.scene;
    if (!scene) return;
    if (this.queue.length > 0) throw new Error(`lesson: step ${this.index} (${this.step!.say}) jumps to a scene while the bot has moves to make`);
    this.current = scene();
    this.jumped++;
  }
}

/** Two moves alike, whatever order their fields were written in (moves are plain JSON). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}
