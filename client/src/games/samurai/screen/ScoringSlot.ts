import type { ViewModel } from '../model/view-model';
import { ScoringActions, ScoringOverlay } from './ScoringOverlay';

/** How long the scoring waits for captures still flying to land. */
const AFTER_FLIGHTS_MS = 1600;

/**
 * When the end's scoring opens and closes: once per game, when it is over (after the last
 * captures have flown), and closed again when a replay steps back from the end.
 */
export class ScoringSlot {
  private overlay: ScoringOverlay | null = null;
  /** The game whose scoring opened (-1: none), so that it opens once. */
  private shownGame = -1;
  private destroyed = false;

  constructor(
    /** Where the overlay goes (over the board). */
    private readonly host: HTMLElement,
    /** The view model shown now: the game may have moved on while the scoring waited. */
    private readonly current: () => ViewModel,
    private readonly actionsFor: (game: number) => ScoringActions,
    /** The overlay opened or closed: the banner's button that brings it back comes or goes. */
    private readonly changed: () => void,
  ) {}

  /** The button that brings the scoring back once put aside (null: no scoring). */
  get reopen(): HTMLElement | null {
    return this.overlay?.reopen ?? null;
  }

  /** After each update: `flying` when captures are still on their way. */
  show(vm: ViewModel, flying: boolean): void {
    const view = vm.view;
    if (!view) return;
    if (view.phase === 'over' && view.result && this.shownGame !== vm.game) {
      this.overlay?.destroy();
      this.shownGame = vm.game;
      const game = vm.game;
      setTimeout(
        () => {
          const now = this.current();
          if (this.destroyed || now.game !== game || now.view?.phase !== 'over') return;
          this.overlay = new ScoringOverlay(now.view, now.seats, this.actionsFor(game), now.isHost);
          this.host.appendChild(this.overlay.el);
          this.changed();
        },
        flying ? AFTER_FLIGHTS_MS : 0,
      );
    } else if (this.overlay && view.phase === 'over') {
      this.overlay.setHost(vm.isHost);
    } else if (view.phase !== 'over') {
      if (this.overlay) {
        this.overlay.destroy();
        this.overlay = null;
        this.changed();
      }
      // Only a replay steps back from the end: back at the end, the scoring shows again.
      this.shownGame = -1;
    }
  }

  relabel(): void {
    this.overlay?.relabel();
  }

  destroy(): void {
    this.destroyed = true;
    this.overlay?.destroy();
  }
}
