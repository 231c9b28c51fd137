/**
 * What a game gives the guided first game: its script, its engine, its words, and its own live
 * game screen fed by the engine running in the browser (no server, no second renderer). The
 * runner, the coach and the page around them are the table's (TutorialScreen).
 */
import type { Box } from './coach-placement';
import type { Lesson, LessonRules } from './lesson';

/** What the game's screen tells the lesson. */
export interface TutorialActions<Move> {
  /** A move of yours, as the screen would send it to the room. */
  move(move: Move): void;
  /** The screen's own message (a screen that words a move its engine refuses, before sending it, does it this way). */
  notify(text: string, kind?: 'info' | 'error'): void;
  /** The screen's Leave button. */
  leave(): void;
  /** The screen's Rematch, where it offers one: the lesson from its start. */
  again(): void;
}

/** The game's live screen in the lesson. */
export interface TutorialView<State, Target> {
  readonly el: HTMLElement;
  /** Shows the game as it stands, from your seat, after `move` (anyone's; null for the lesson's first position). */
  show(state: State, move: unknown): void;
  /** The lesson jumped to a later moment of the game (a step's scene): shown at once, its log begun afresh. */
  jump(state: State): void;
  /** The lesson did not take the last move: the screen is ready for another. */
  refused(): void;
  /** Where a target is on the page now, or null while it is not shown. */
  locate(target: Target): Box | null;
  /** The game's own controls the coach had better not cover (your hand, the action buttons, an overlay). */
  keepClear(): Box[];
  /** Scrolls a target into sight (on a phone the hand is below the board). */
  reveal(target: Target): void;
  destroy(): void;
}

export interface TutorialGame<State = unknown, Move = unknown, Target = unknown, Key extends string = string> {
  readonly lesson: Lesson<State, Move, Target, Key>;
  rules(): LessonRules<State, Move>;
  /** A step's words, in the interface's language. */
  words(key: Key): string;
  /** The engine's English sentence for a refusal code (what the room would send as its message). */
  message(code: string): string;
  mount(actions: TutorialActions<Move>, state: State): TutorialView<State, Target>;
}

/** A game's entry for the lesson (in its GameClient): its code, loaded on demand. */
export interface GameTutorial {
  load(): Promise<TutorialGame>;
}
