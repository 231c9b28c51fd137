/**
 * Mangoku's guided first game (loaded on demand with the card table): the lesson's engine state
 * shown on the live game screen, fed room states exactly as the development harness feeds it
 * (the protocol's roomStateFor, read back by the client's view model), with no prompt clock: a
 * newcomer answers in their own time. Your moves go to the lesson instead of a room.
 */
import { mangoku, SEAT_COLOURS } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import type { Box } from '../../../tutorial/coach-placement';
import type { TutorialActions, TutorialGame, TutorialView } from '../../../tutorial/tutorial-game';
import { heldCards } from '../model/interaction';
import { buildViewModel, MangokuModel } from '../model/view-model';
import { GameScreen } from '../screen/GameScreen';
import { BEN, MANGOKU_LESSON, MangokuLessonKey, MangokuTarget, YOU } from './mangoku-lesson';
import { mangokuLessonRules } from './mangoku-lesson-rules';

export const mangokuTutorial: TutorialGame<mangoku.GameState, mangoku.Move, MangokuTarget, MangokuLessonKey> = {
  lesson: MANGOKU_LESSON,
  rules: () => mangokuLessonRules(),
  words: (key) => t(`mangoku.tutorial.${key}`),
  message: (code) => mangoku.MOVE_ERROR_MESSAGES[code as mangoku.MoveError] ?? code,
  mount: (actions, state) => new MangokuLessonView(actions, state),
};

/** How far round a seat's nameplate or a pile the coach's ring reaches when the table gives no box. */
const SPOT_RADIUS = 34;

class MangokuLessonView implements TutorialView<mangoku.GameState, MangokuTarget> {
  readonly el: HTMLElement;
  private readonly screen: GameScreen;
  /** The public log as a room keeps it, caught up with the game after each change. */
  private log = new mangoku.FixtureLog();
  private lastModel: MangokuModel | null = null;

  constructor(actions: TutorialActions<mangoku.Move>, state: mangoku.GameState) {
    this.screen = new GameScreen(
      {
        move: (move) => actions.move(move),
        // No room: Rematch takes the lesson again, no bot stands in for you, Leave leaves the lesson.
        rematch: () => actions.again(),
        standIn: () => actions.notify(t('tutorial.coach.ownSeat'), 'error'),
        resume: () => actions.notify(t('tutorial.coach.ownSeat'), 'error'),
        leave: () => actions.leave(),
        notify: (text, kind) => actions.notify(text, kind),
        recordUrl: () => null,
        hints: false,
      },
      this.model(state),
    );
    this.el = this.screen.el;
  }

  show(state: mangoku.GameState): void {
    this.screen.update(this.model(state));
  }

  jump(state: mangoku.GameState): void {
    this.log = new mangoku.FixtureLog();
    this.screen.update(this.model(state), false);
  }

  refused(): void {
    this.screen.refused();
  }

  locate(target: MangokuTarget): Box | null {
    const table = this.screen.tableView;
    if (!table) return null;
    switch (target.kind) {
      case 'card': {
        const view = this.view();
        const index = view ? heldCards(view, YOU).indexOf(target.card) : -1;
        const rect = index >= 0 ? table.cardRects()[index] : undefined;
        return rect ? canvasBox(table.toClient({ x: rect.x, y: rect.y }), rect) : null;
      }
      case 'seat': {
        const rect = table.layout.seats[target.seat];
        return rect ? canvasBox(table.toClient({ x: rect.x, y: rect.y }), rect) : null;
      }
      case 'place': {
        const p = this.screen.placePoint(target.place);
        return p ? { left: p.x - SPOT_RADIUS, top: p.y - SPOT_RADIUS, width: 2 * SPOT_RADIUS, height: 2 * SPOT_RADIUS } : null;
      }
      case 'control':
        return boxOf(this.control(target));
    }
  }

  keepClear(): Box[] {
    const controls = this.screen.el.querySelectorAll('[data-testid="action-bar"], [data-testid="prompt"], [data-testid="result"] > *');
    return [...controls].map(boxOf).filter((b): b is Box => b !== null);
  }

  reveal(target: MangokuTarget): void {
    const el = target.kind === 'control' ? this.control(target) : this.screen.el.querySelector('[data-testid="table"]');
    el?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  destroy(): void {
    this.screen.destroy();
  }

  private view(): mangoku.GameView | null {
    return this.lastModel?.view ?? null;
  }

  private control(target: Extract<MangokuTarget, { kind: 'control' }>): Element | null {
    const selector = target.testid === 'answer' ? `[data-testid="answer"][data-answer="${target.answer}"]` : `[data-testid="${target.testid}"]`;
    return this.screen.el.querySelector(selector);
  }

  /** The room state a browser at seat 0 would decode, with the lesson's names and Ben as a bot. */
  private model(game: mangoku.GameState): MangokuModel {
    const state = mangoku.roomStateFor(game, YOU, this.log.update(game), { promptEndsAt: 0, revealEndsAt: () => 0 });
    const names = [t('tutorial.you'), 'Ben'];
    const seats = Array.from(state.seats, (s, i) => ({
      ...s,
      name: names[i],
      colour: SEAT_COLOURS[i].id,
      kind: i === BEN ? ('bot' as const) : ('human' as const),
      bot: i === BEN ? 'greedy' : '',
    }));
    // No prompt clock in a lesson: the prompt waits for you.
    this.lastModel = {
      ...buildViewModel({ ...state, code: 'LESSON', seats, spectators: 0 }, { memberId: `member${YOU}`, role: 'player' }),
      promptEndsAt: null,
    };
    return this.lastModel;
  }
}

/** A canvas rectangle on the page, from its top-left corner there. */
function canvasBox(topLeft: { x: number; y: number }, rect: { width: number; height: number }): Box {
  return { left: topLeft.x, top: topLeft.y, width: rect.width, height: rect.height };
}

/** An element's box on the page, or null when it is not shown. */
function boxOf(el: Element | null): Box | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
}
