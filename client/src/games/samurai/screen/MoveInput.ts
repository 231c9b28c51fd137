import { HEXES, Move, TileName } from '@samurai/shared';
import type { BoardView } from '../board/BoardView';
import type { Direction } from '../board/hex-layout';
import { back, matchTap, NO_SELECTION, Selection, Target } from '../model/interaction';
import { boardKey, shortcut } from '../model/keys';
import {
  boardMarks,
  chosen,
  focusMoved,
  INITIAL_STATE,
  makesPlay,
  pointTo,
  PreviewInput,
  previewed,
  ScreenState,
  settle,
  tapped,
  targetText,
  tileChosen,
} from '../model/screen-state';
import type { TurnStatus } from '../model/turn-status';
import type { ViewModel } from '../model/view-model';
import { tileLabel } from '../model/words';
import { setData } from '../../../ui/dom';
import type { HandPanel } from './HandPanel';
import type { InspectorCards } from './InspectorCards';
import type { PlayPreviewer } from './PlayPreviewer';
import type { TargetList } from './TargetList';

/** What the input asks of the screen it works for. */
export interface InputHost {
  /** The view model shown now. */
  vm(): ViewModel;
  /** The seat this screen makes moves for (-1: none, as in a replay). */
  actor(): number;
  status(): TurnStatus;
  board(): BoardView | null;
  /** Draws the screen again from the state. */
  render(): void;
  /** Sends a move to the server. */
  sendMove(move: Move): void;
  /** Shows a hint (the H key). */
  hint(): void;
}

/** The parts of the screen the input draws on directly, between renders. */
export interface InputParts {
  readonly el: HTMLElement;
  readonly boardHost: HTMLElement;
  readonly hand: HandPanel;
  readonly previewer: PlayPreviewer;
  readonly inspectors: InspectorCards;
  readonly targetList: TargetList;
}

/**
 * How a move is made on the game screen: a tile or caste chosen, the board tapped, hovered or
 * steered by keys, the play previewed, and the move sent and answered. It holds the one
 * ScreenState (what is chosen, targeted, focused, inspected and previewed) and replaces it with
 * what the pure functions of model/screen-state.ts and model/keys.ts return.
 */
export class MoveInput {
  /** Replaced, never changed in place (the screen's hint sets it too). */
  state: ScreenState = INITIAL_STATE;
  /** The choice a move was sent from, until the move is answered: a refused move gives it back. */
  private unanswered: Selection | null = null;
  /** A keyboard player just placed something: once the server answers, focus goes back to the hand. */
  private refocus = false;
  /** Why the tile just tapped may not be played, for the render it asks for. */
  blockedNote = '';

  constructor(
    private readonly host: InputHost,
    private readonly parts: InputParts,
  ) {
    parts.boardHost.addEventListener('keydown', (e) => {
      const key = boardKey(e.key);
      if (!key) return;
      e.preventDefault();
      if (key.kind === 'back') return this.stepBack();
      this.state = { ...this.state, keyboardActive: true };
      const focused = this.state.targets[this.state.focus];
      if (key.kind === 'focus') this.moveFocus(key.direction);
      else if (this.state.focus >= 0 && focused) this.chooseTarget(focused);
    });
    parts.boardHost.addEventListener('focus', () => {
      if (this.state.focus < 0 && this.state.targets.length) this.state = { ...this.state, focus: 0 };
    });
    document.addEventListener('keydown', this.onShortcut);
  }

  destroy(): void {
    document.removeEventListener('keydown', this.onShortcut);
  }

  /** U takes back, E ends the turn, H asks for a hint (not while typing, nor with a dialog open). */
  private readonly onShortcut = (e: KeyboardEvent): void => {
    const typing = e.target instanceof HTMLInputElement;
    const asked = shortcut(e.key, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, typing, dialogOpen: !!document.querySelector('dialog[open]') });
    if (asked === 'hint') this.host.hint();
    else if (asked) this.sendSimple(asked);
  };

  /** A new position from the server: whatever was sent is answered. */
  answered(): void {
    this.state = { ...this.state, pending: false };
    this.unanswered = null;
  }

  /** A server refusal: the choice is kept so the player can try again (tapping the right place plays it). */
  refused(): void {
    this.state = { ...this.state, pending: false, selection: this.unanswered ?? this.state.selection };
    this.unanswered = null;
  }

  /** The state for the position shown to the acting seat, and its preview (called by each render). */
  settle(): void {
    const view = this.host.vm().view;
    if (view) this.state = settle(this.state, view, this.host.actor());
    this.updatePreview();
  }

  /** Where the keyboard goes once a keyboard player's move was answered: true once, after it. */
  takeRefocus(): boolean {
    if (!this.refocus || this.state.pending) return false;
    this.refocus = false;
    return true;
  }

  /** The targets' list for screen readers, and how many there are. */
  showTargets(): void {
    const view = this.host.vm().view;
    if (view) this.parts.targetList.show(view, this.state);
    setData(this.parts.el, 'targets', String(this.state.targets.length));
  }

  /** The board's marks drawn again, for the state as it is now. */
  private mark(): void {
    const view = this.host.vm().view;
    if (view) this.host.board()?.setMarks(boardMarks(this.state, view, this.parts.previewer.board));
  }

  /** The inspectors and the board's marks, for the settlement looked at now. */
  private showInspectors(): void {
    const view = this.host.vm().view;
    if (!view) return;
    this.parts.inspectors.show(view, this.host.vm().seats, this.state, this.parts.previewer.showing);
    this.mark();
  }

  /** Previews the play `target` would make (null: none), for the way it was chosen. */
  showPreview(target: Target | null, input: PreviewInput = this.state.previewInput): void {
    const state = pointTo(this.state, target, input);
    if (!state) return;
    this.state = state;
    this.updatePreview();
    this.mark();
  }

  /** The preview of the previewed target's play as things stand (dropped once it is no longer a target). */
  private updatePreview(): void {
    const [vm, actor, board] = [this.host.vm(), this.host.actor(), this.host.board()];
    const { state, preview } = previewed(this.state, vm.view, actor);
    this.state = state;
    this.parts.previewer.show(preview, state, vm.view, vm.seats, actor, board, this.parts.boardHost);
    this.parts.inspectors.showFloat(state, this.parts.previewer.showing);
  }

  /** Hexes a log line points at, marked on the board. */
  point(hexes: number[]): void {
    if (hexes.join() === this.state.pointed.join()) return;
    this.state = { ...this.state, pointed: hexes.filter((h) => h >= 0) };
    this.parts.el.dataset.pointed = this.state.pointed.map((h) => HEXES[h].name).join(' ');
    this.mark();
  }

  unpin(): void {
    this.state = { ...this.state, pinned: -1 };
    this.showInspectors();
  }

  /** On a phone the board may be scrolled away when a tile is chosen: bring it back into view. */
  revealBoard(): void {
    const rect = this.parts.boardHost.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) this.parts.boardHost.scrollIntoView({ block: 'nearest' });
  }

  tile(tile: TileName, blocked: string | null, viaKeyboard: boolean): void {
    if (!this.host.vm().view || this.host.actor() < 0) return;
    if (blocked) {
      this.blockedNote = `${tileLabel(tile)}: ${blocked}`;
      this.host.render();
      this.blockedNote = '';
      return;
    }
    this.state = tileChosen(this.state, tile, viaKeyboard);
    this.afterChoice(viaKeyboard && this.state.selection.kind !== 'none');
  }

  caste(caste: number, viaKeyboard: boolean): void {
    this.state = { ...this.state, selection: { kind: 'caste', caste }, focus: viaKeyboard ? 0 : -1 };
    this.afterChoice(viaKeyboard);
  }

  /** A tile or caste chosen: drawn, the board brought into view, and given the keyboard's focus when chosen by a key. */
  private afterChoice(focusBoard: boolean): void {
    this.host.render();
    if (this.state.selection.kind !== 'none') this.revealBoard();
    if (focusBoard) this.parts.boardHost.focus();
  }

  tap(hex: number, caste: number, pointer: string): void {
    const view = this.host.vm().view;
    if (!view) {
      this.state = { ...this.state, keyboardActive: false };
      return;
    }
    const { state, tap } = tapped(this.state, view, this.host.actor(), hex, caste, pointer);
    this.state = state;
    if (tap.kind === 'preview') this.showPreview(tap.target, 'touch');
    else if (tap.kind === 'choose') this.chooseTarget(tap.target);
    else {
      this.showPreview(null);
      this.state = tap.state;
      this.host.render();
    }
  }

  hover(hex: number, caste: number): void {
    // A mouse points before it clicks: resting on a target previews its play.
    const target = hex >= 0 ? matchTap(this.state.targets, hex, caste) : null;
    if (target && makesPlay(this.host.vm().view, this.host.actor(), this.state.selection, target)) this.showPreview(target, 'mouse');
    else if (this.state.previewInput === 'mouse') this.showPreview(null);
    const settlement = hex >= 0 ? HEXES[hex].settlement : -1;
    if (settlement === this.state.hovered) return;
    this.state = { ...this.state, hovered: settlement };
    this.showInspectors();
    this.parts.boardHost.style.cursor = hex >= 0 && this.state.targets.some((t) => t.hex === hex) ? 'pointer' : '';
  }

  chooseTarget(target: Target): void {
    const view = this.host.vm().view;
    if (!view) return;
    const before = this.state.selection;
    const choice = chosen(this.state, view, this.host.actor(), target);
    if (!choice) return;
    this.state = choice.state;
    if (choice.move) {
      this.refocus = this.state.keyboardActive;
      this.send(choice.move);
      this.unanswered = before;
    } else this.host.render();
  }

  send(move: Move): void {
    this.state = { ...this.state, pending: true };
    this.host.sendMove(move);
    this.host.render();
  }

  sendSimple(type: 'undo' | 'endTurn'): void {
    const [vm, seat, status] = [this.host.vm(), this.host.actor(), this.host.status()];
    if (!vm.view || seat < 0 || this.state.pending) return;
    if (type === 'undo' ? !status.canUndo : !status.canEndTurn) return;
    this.state = { ...this.state, selection: NO_SELECTION };
    this.send({ type, seat });
  }

  /** Escape on the board: a pointer's preview goes; else the choice steps back (to the hand once none is left). */
  private stepBack(): void {
    if (this.state.previewTarget && !this.state.keyboardActive) return this.showPreview(null);
    this.state = { ...this.state, selection: back(this.state.selection) };
    this.host.render();
    if (this.state.selection.kind === 'none') this.parts.hand.focusFirstTile();
  }

  /** Arrow keys: to the nearest target that way; with no targets, through the settlements. */
  private moveFocus(direction: Direction): void {
    const view = this.host.vm().view;
    if (!view) return;
    // Arrows go the way they point on screen, however the board is turned.
    this.state = focusMoved(this.state, view, direction, this.host.board()?.angle ?? 0);
    const focused = this.state.targets[this.state.focus];
    if (focused) {
      this.parts.hand.setPrompt(targetText(view, this.state.selection, focused));
      this.showPreview(makesPlay(view, this.host.actor(), this.state.selection, focused) ? focused : null, 'keyboard');
    }
    this.showTargets();
    this.showInspectors();
  }
}
