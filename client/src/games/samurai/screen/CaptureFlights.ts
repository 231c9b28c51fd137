import type { BoardView, Flight } from '../board/BoardView';
import { CaptureEntry, capturedPiece, newCaptures } from '../model/captures';
import type { ViewModel } from '../model/view-model';
import type { SeatsPanel } from './SeatsPanel';

/**
 * Captured pieces flying from the board to their winner's card (or off the board when set aside),
 * the card flashing as they land. The screen's element says `data-animating` meanwhile.
 */
export class CaptureFlights {
  private running = 0;
  /** Counts the updates shown without animation: flights asked for before one of them are dropped. */
  private shownAtOnce = 0;
  private destroyed = false;

  constructor(
    private readonly el: HTMLElement,
    private readonly seats: SeatsPanel,
  ) {}

  /** Captures are on their way. */
  get flying(): boolean {
    return this.running > 0;
  }

  /** Shown at once (a replay's step back or jump): flights under way land, those not yet started never start. */
  landAll(board: BoardView | null): void {
    this.shownAtOnce++;
    board?.land();
  }

  /** The captures `vm` brings since `previous`, flown on `board`. */
  fly(board: BoardView, previous: ViewModel, vm: ViewModel): void {
    const before = previous.view;
    const captures = newCaptures(previous.log, vm.log);
    if (!before || captures.length === 0) return;
    this.running++;
    this.el.dataset.animating = 'true';
    const landed = () => {
      this.running--;
      if (this.running === 0) this.el.dataset.animating = 'false';
    };
    const asked = this.shownAtOnce;
    // Where the pieces fly to is read at the next frame, from the layout the browser makes for this
    // one: reading it now, after this update's writes, would lay the page out once more.
    requestAnimationFrame(() => {
      if (this.destroyed || asked !== this.shownAtOnce) return landed();
      const flights = captures.map((c) => this.flightOf(board, before, vm, c));
      void board.fly(flights).then(() => {
        landed();
        if (asked === this.shownAtOnce) for (const c of captures) this.seats.flash(c.seat);
      });
    });
  }

  destroy(): void {
    this.destroyed = true;
  }

  private flightOf(board: BoardView, before: NonNullable<ViewModel['view']>, vm: ViewModel, capture: CaptureEntry): Flight {
    const { hex, mask, caste, seat } = capturedPiece(before, capture);
    const rect = this.seats.target(seat)?.getBoundingClientRect();
    const canvas = board.size;
    const to = rect ? board.clientToCanvas({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }) : { x: canvas.width, y: 0 };
    return {
      hex,
      mask,
      caste,
      // Kept inside the canvas: a card scrolled out of sight draws its piece to the canvas's edge.
      to: { x: Math.max(8, Math.min(canvas.width - 8, to.x)), y: Math.max(8, Math.min(canvas.height - 8, to.y)) },
      color: seat === null ? null : (vm.seats[seat]?.look.color ?? null),
    };
  }
}
