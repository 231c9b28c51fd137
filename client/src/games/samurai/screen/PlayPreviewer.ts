import { GameView, HEXES } from '@samurai/shared';
import type { BoardPreview, BoardView } from '../board/BoardView';
import type { PlayPreview } from '../model/preview';
import { boardPreviewOf, ScreenState, targetText } from '../model/screen-state';
import type { SeatModel } from '../model/view-model';
import { setData } from '../../../ui/dom';
import { PreviewCard } from './PreviewCard';
import { placePreviewCard } from './preview-placement';

/**
 * The play previewed before it is made: its card over the board, beside (never over) the target,
 * and what the board draws of it. The play itself is the screen state's (screen-state.ts's
 * `previewed`); this shows it.
 */
export class PlayPreviewer {
  readonly card: PreviewCard;
  private preview: PlayPreview | null = null;
  /** What the board draws of the preview (kept while the play is the same). */
  private drawn: BoardPreview | null = null;

  /** `commit` plays the previewed play, `dismiss` drops it. */
  constructor(
    private readonly el: HTMLElement,
    commit: () => void,
    dismiss: () => void,
  ) {
    this.card = new PreviewCard(commit, dismiss);
  }

  /** A play is previewed now. */
  get showing(): boolean {
    return this.preview !== null;
  }

  /** What the board draws of it (null: none). */
  get board(): BoardPreview | null {
    return this.drawn;
  }

  /** Shows `preview`, the play of `state`'s previewed target (null: none), on `board` in `boardHost`. */
  show(
    preview: PlayPreview | null,
    state: ScreenState,
    view: GameView | null,
    seats: readonly SeatModel[],
    seat: number,
    board: BoardView | null,
    boardHost: HTMLElement,
  ): void {
    if (JSON.stringify(preview?.move) !== JSON.stringify(this.preview?.move) || preview?.table.turnPlays.length !== this.preview?.table.turnPlays.length) {
      this.preview = preview;
      this.drawn = boardPreviewOf(preview);
    }
    const target = state.previewTarget;
    setData(this.el, 'preview', preview && target ? HEXES[target.hex].name : '');
    this.card.show(preview, preview && view && target ? targetText(view, state.selection, target) : '', seats, seat, state.previewInput);
    if (preview && target && board) {
      // Never over the target's hex: a finger's second tap there plays it.
      const at = board.hexToClient(target.hex);
      const area = boardHost.getBoundingClientRect();
      const point = { x: at.x - area.left, y: at.y - area.top };
      this.card.place(placePreviewCard(area, point, board.hexRadius, this.card.naturalSize()));
    }
  }
}
