/**
 * The guided first game on screen (loaded on demand): the game's own live screen fed by the
 * lesson's engine state, the coach over it, and the bot's scripted moves at a bot's pace. Every
 * move you make goes to the runner: the lesson's move goes on, a legal one that is not the
 * lesson's is explained and undone (never made), one the engine refuses gets the engine's words.
 */
import { t } from '../i18n/i18n';
import { fill } from '../ui/dom';
import { Coach } from './Coach';
import { LessonRun } from './lesson';
import { refusalText } from './refusal-text';
import type { TutorialGame, TutorialView } from './tutorial-game';
import './tutorial.css';

export interface TutorialScreenActions {
  /** Leave the lesson for the home page. */
  home(): void;
}

/** The bot's pace: long enough to see each of its plays land. */
const BOT_DELAY_MS = 900;

export class TutorialScreen {
  private run!: LessonRun<unknown, unknown, unknown>;
  private view: TutorialView<unknown, unknown> | null = null;
  private coach: Coach | null = null;
  private botTimer: ReturnType<typeof setTimeout> | undefined;
  /** The step the page last scrolled to (a step's first target is brought into sight once). */
  private revealed = -1;

  constructor(
    private readonly host: HTMLElement,
    private readonly game: TutorialGame,
    private readonly actions: TutorialScreenActions,
    /** The game's refusal codes in the interface's language, as the table words them (GameClient.errorText). */
    private readonly errorText: (code: string) => string | null = () => null,
  ) {
    this.start();
  }

  /** Test and tooling hook: the lesson's state. */
  get current(): { step: number; state: unknown; over: boolean } {
    return { step: this.run.stepIndex, state: this.run.state, over: this.run.over };
  }

  destroy(): void {
    clearTimeout(this.botTimer);
    this.view?.destroy();
    this.coach?.destroy();
  }

  /** From the scripted deal, step 1. */
  private start(): void {
    this.destroy();
    this.revealed = -1;
    this.run = new LessonRun(this.game.lesson, this.game.rules());
    this.view = this.game.mount(
      {
        move: (move) => this.onMove(move),
        // The screen words a move its engine refuses before sending it: the coach says it.
        notify: (text, kind) => (kind === 'error' ? this.coach?.note(text) : undefined),
        leave: () => this.actions.home(),
        // Deferred: the screen that asks is destroyed by the new start.
        again: () => setTimeout(() => this.start()),
      },
      this.run.state,
    );
    this.coach = new Coach({ next: () => this.onNext(), leave: () => this.actions.home(), again: () => this.start() });
    fill(this.host, this.view.el, this.coach.el);
    this.host.dataset.lessonStep = '0';
    this.goOn();
  }

  private onMove(move: unknown): void {
    const jumps = this.run.jumps;
    const outcome = this.run.submit(move);
    const view = this.view!;
    switch (outcome.kind) {
      case 'done':
      case 'free':
        if (this.run.jumps !== jumps) view.jump(this.run.state);
        else view.show(this.run.state, move);
        this.goOn();
        return;
      case 'instead':
        view.refused();
        this.coach!.note(this.game.words(outcome.say));
        return;
      case 'refused':
        view.refused();
        this.coach!.note(refusalText(outcome.error, this.game.message(outcome.error), outcome.detail, this.errorText(outcome.error)));
        return;
      case 'wait':
        view.refused();
        this.coach!.note(t(this.run.step ? 'tutorial.coach.firstNext' : 'tutorial.coach.botThinking'));
        return;
    }
  }

  private onNext(): void {
    const jumps = this.run.jumps;
    if (!this.run.next()) return;
    if (this.run.jumps !== jumps) this.view!.jump(this.run.state);
    this.goOn();
  }

  /** The bot's moves, one at a time at its pace; then the coach says the step. */
  private goOn(): void {
    clearTimeout(this.botTimer);
    this.host.dataset.lessonStep = String(this.run.stepIndex);
    if (this.run.botToMove) {
      this.host.dataset.botMoving = 'true';
      this.coach!.show(
        { text: t('tutorial.coach.botThinking'), count: this.count(), next: false, finished: false },
        () => [],
        () => this.view!.keepClear(),
      );
      this.botTimer = setTimeout(() => {
        const move = this.run.botStep();
        this.view!.show(this.run.state, move);
        this.goOn();
      }, BOT_DELAY_MS);
      return;
    }
    this.host.dataset.botMoving = 'false';
    const step = this.run.step;
    const view = this.view!;
    if (step) {
      this.coach!.show(
        { text: this.game.words(step.say), count: this.count(), next: step.wait === 'next', finished: false },
        () => step.point.map((p) => view.locate(p)),
        () => view.keepClear(),
      );
      if (step.point[0] !== undefined && this.revealed !== this.run.stepIndex) {
        this.revealed = this.run.stepIndex;
        view.reveal(step.point[0]);
      }
    } else if (this.run.over) {
      this.host.dataset.lessonStep = 'complete';
      this.coach!.show(
        { text: t('tutorial.coach.complete'), count: null, next: false, finished: true },
        () => [],
        () => view.keepClear(),
      );
    } else {
      this.host.dataset.lessonStep = 'free';
      this.coach!.show(
        { text: t('tutorial.coach.free'), count: null, next: false, finished: false },
        () => [],
        () => view.keepClear(),
      );
    }
  }

  private count(): string {
    const total = this.game.lesson.steps.length;
    return t('tutorial.coach.step', { n: Math.min(this.run.stepIndex + 1, total), total });
  }
}
