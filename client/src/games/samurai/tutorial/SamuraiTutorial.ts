/**
 * Samurai's guided first game (loaded on demand): the lesson's engine state shown on the live
 * game screen, as the replay viewer shows a record's (the engine's view of your seat, the public
 * log the room would keep), and the screen's requests turned back into engine moves for the lesson.
 */
import {
  decodeLogEntry,
  GameState,
  intentToMove,
  isGameIntent,
  Move,
  MOVE_ERROR_MESSAGES,
  MoveError,
  SEAT_COLOURS,
  TILE_NAMES,
  tilesDrawnAtTurnEnd,
  updateLog,
  viewFor,
} from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import type { Box } from '../../../tutorial/coach-placement';
import type { TutorialActions, TutorialGame, TutorialView } from '../../../tutorial/tutorial-game';
import { h } from '../../../ui/dom';
import type { ViewModel } from '../model/view-model';
import { gameModelOf } from '../replay/replay-model';
import { GameScreen } from '../screen/GameScreen';
import { SAMURAI_LESSON, SamuraiLessonKey, SamuraiTarget, YOU } from './samurai-lesson';
import { samuraiLessonRules } from './samurai-lesson-rules';

export const samuraiTutorial: TutorialGame<GameState, Move, SamuraiTarget, SamuraiLessonKey> = {
  lesson: SAMURAI_LESSON,
  rules: () => samuraiLessonRules(),
  words: (key) => t(`samurai.tutorial.${key}`),
  message: (code) => MOVE_ERROR_MESSAGES[code as MoveError] ?? code,
  mount: (actions, state) => new SamuraiLessonView(actions, state),
};

class SamuraiLessonView implements TutorialView<GameState, SamuraiTarget> {
  readonly el: HTMLElement;
  private readonly screen: GameScreen;
  /** The public log as the room keeps it (packed entries), built move by move. */
  private readonly log: number[] = [];
  private state: GameState;

  constructor(actions: TutorialActions<Move>, state: GameState) {
    this.state = state;
    this.screen = new GameScreen(
      {
        send: (type, payload) => {
          // Game moves go to the lesson; a rematch takes the lesson again; no bot stands in for you here.
          if (isGameIntent(type)) actions.move(intentToMove(type, payload, YOU));
          else if (type === 'rematch') actions.again();
          else {
            this.screen.refused();
            actions.notify(t('tutorial.coach.ownSeat'), 'error');
          }
        },
        leave: () => actions.leave(),
        notify: (text, kind) => actions.notify(text, kind),
        recordUrl: () => '#',
        tableBar: h('span'),
        draftHand: () => [],
        saveDraftHand: () => undefined,
        hints: false,
      },
      this.model(state, []),
    );
    this.el = this.screen.el;
  }

  show(state: GameState, move: Move | null): void {
    const before = this.state;
    // Your turn's end draws the tiles on top of your stack: the screen notes them, as in a room.
    const drawn = move && move.seat === YOU && (move.type === 'endTurn' || move.type === 'pass') ? tilesDrawnAtTurnEnd(before).map((id) => TILE_NAMES[id]) : [];
    if (move) updateLog(this.log, before, move, state);
    this.state = state;
    this.screen.update(this.model(state, drawn));
  }

  jump(state: GameState): void {
    this.log.length = 0;
    this.state = state;
    this.screen.update(this.model(state, []), false);
  }

  refused(): void {
    this.screen.refused();
  }

  locate(target: SamuraiTarget): Box | null {
    const radius = this.screen.boardView?.hexRadius ?? 0;
    switch (target.kind) {
      case 'hex':
        return around(this.screen.hexToClient(target.hex), radius * 0.95);
      case 'piece':
        return around(this.screen.pieceToClient(target.hex, target.caste), radius * 0.5);
      case 'tile':
      case 'caste':
        return boxOf(this.elementOf(target));
      case 'control':
        return boxOf(this.screen.el.querySelector(`[data-testid="${target.testid}"]`));
    }
  }

  keepClear(): Box[] {
    const controls = this.screen.el.querySelectorAll(
      '[data-testid="hand"], [data-testid="hand-chooser"], [data-testid="scoring"] .overlay-card, [data-testid="preview"]',
    );
    return [...controls].map(boxOf).filter((b): b is Box => b !== null);
  }

  reveal(target: SamuraiTarget): void {
    const el = target.kind === 'hex' || target.kind === 'piece' ? this.screen.el.querySelector('[data-testid="board"]') : this.elementOf(target);
    el?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  destroy(): void {
    this.screen.destroy();
  }

  private elementOf(target: SamuraiTarget): Element | null {
    if (target.kind === 'tile') return this.screen.el.querySelector(`[data-testid="hand-tile"][data-tile="${target.tile}"]`);
    if (target.kind === 'caste') return this.screen.el.querySelector(`[data-testid="supply-caste"][data-caste="${target.caste}"]`);
    if (target.kind === 'control') return this.screen.el.querySelector(`[data-testid="${target.testid}"]`);
    return null;
  }

  /** What the screen shows: your seat's view of the lesson's state, and the two seats. */
  private model(state: GameState, drawn: ViewModel['drawn']): ViewModel {
    const view = viewFor(state, YOU);
    const seats = [
      { name: t('tutorial.you'), colour: SEAT_COLOURS[0].id, bot: null },
      { name: 'Ben', colour: SEAT_COLOURS[1].id, bot: 'greedy' },
    ];
    return { ...gameModelOf(view, state.players, YOU, seats, state.options.captureTiming, this.log.map(decodeLogEntry), drawn), code: 'LESSON' };
  }
}

function around(point: { x: number; y: number } | null, radius: number): Box | null {
  return point ? { left: point.x - radius, top: point.y - radius, width: 2 * radius, height: 2 * radius } : null;
}

/** An element's box on the page, or null when it is not shown. */
function boxOf(el: Element | null): Box | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
}
