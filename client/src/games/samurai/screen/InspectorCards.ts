import type { GameView } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { h, setHidden } from '../../../ui/dom';
import { inspected, ScreenState } from '../model/screen-state';
import type { SeatModel } from '../model/view-model';
import { Inspector } from './Inspector';

/**
 * The settlement looked at, up close: in the side panel (the one under the mouse, else the one
 * tapped), and on a phone, whose side panels are out of sight below the board, the tapped one in a
 * card over the board too, with a close button.
 */
export class InspectorCards {
  readonly side = new Inspector();
  /** The card over the board. */
  readonly float: HTMLElement;
  private readonly floatInspector = new Inspector('float-inspector-body');
  private readonly words = new LiveWords();

  constructor(unpin: () => void) {
    this.float = h(
      'div',
      { class: 'float-inspector', hidden: true, dataset: { testid: 'float-inspector' } },
      this.words.bind(h('button', { type: 'button', class: 'quiet small close', text: '×', on: { click: () => unpin() } }), {
        label: () => t('ui.close'),
      }),
      this.floatInspector.el,
    );
  }

  relabel(): void {
    this.words.refresh();
  }

  show(view: GameView, seats: readonly SeatModel[], state: ScreenState, previewing: boolean): void {
    this.side.show(view, seats, inspected(state));
    this.showFloat(state, previewing);
    if (state.pinned >= 0) this.floatInspector.show(view, seats, state.pinned);
  }

  /** The pinned card, put away while a play is previewed (the two would lie one over the other). */
  showFloat(state: ScreenState, previewing: boolean): void {
    setHidden(this.float, state.pinned < 0 || previewing);
  }
}
