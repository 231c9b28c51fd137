import type { Point } from './hex-layout';

/** What the pointer on the board means, in canvas pixels: the board view turns it into hexes. */
export interface GestureIntents {
  /** A tap or click that did not move; `pointer` is its type ('mouse', 'touch', 'pen'). */
  tap(at: Point, pointer: string): void;
  /** A mouse rests at `at`; null when it left the canvas. */
  hover(at: Point | null): void;
  /** One finger (or the mouse) drags the board. */
  pan(dx: number, dy: number): void;
  /** Pinch or wheel: zoom by `factor` around `at`. */
  zoom(factor: number, at: Point): void;
  /** A double click: the whole board again. */
  reset(): void;
}

/** How far a finger may slide and still tap. */
const TAP_SLOP_PX = 10;

/** The board canvas's pointer, touch and wheel input, as intents: a tap, a hover, a pan, a zoom. */
export class BoardGestures {
  private readonly pointers = new Map<number, Point>();
  private gesture: { start: Point; moved: boolean; pinch: number } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly intents: GestureIntents,
  ) {
    canvas.style.touchAction = 'none';
    canvas.addEventListener('pointerdown', this.down);
    canvas.addEventListener('pointermove', this.move);
    canvas.addEventListener('pointerup', this.end);
    canvas.addEventListener('pointercancel', this.end);
    canvas.addEventListener('pointerleave', (e) => {
      if (!this.pointers.has(e.pointerId)) intents.hover(null);
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        intents.zoom(Math.exp(-e.deltaY * 0.0015), this.local(e));
      },
      { passive: false },
    );
    canvas.addEventListener('dblclick', (e) => {
      e.preventDefault();
      intents.reset();
    });
  }

  private readonly down = (e: PointerEvent): void => {
    this.canvas.setPointerCapture(e.pointerId);
    this.pointers.set(e.pointerId, this.local(e));
    if (this.pointers.size === 1) this.gesture = { start: this.local(e), moved: false, pinch: 0 };
    else if (this.pointers.size === 2 && this.gesture) {
      this.gesture.moved = true;
      this.gesture.pinch = this.pinchDistance();
    }
  };

  private readonly move = (e: PointerEvent): void => {
    const p = this.local(e);
    const previous = this.pointers.get(e.pointerId);
    if (!previous) {
      this.intents.hover(p);
      return;
    }
    this.pointers.set(e.pointerId, p);
    const gesture = this.gesture;
    if (!gesture) return;
    if (this.pointers.size >= 2) {
      const distance = this.pinchDistance();
      if (gesture.pinch > 0 && distance > 0) this.intents.zoom(distance / gesture.pinch, this.pinchCentre());
      gesture.pinch = distance;
      return;
    }
    if (!gesture.moved && Math.hypot(p.x - gesture.start.x, p.y - gesture.start.y) > TAP_SLOP_PX) gesture.moved = true;
    if (gesture.moved) this.intents.pan(p.x - previous.x, p.y - previous.y);
  };

  private readonly end = (e: PointerEvent): void => {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    const gesture = this.gesture;
    if (this.pointers.size === 0) this.gesture = null;
    if (e.type === 'pointerup' && gesture && !gesture.moved) this.intents.tap(this.local(e), e.pointerType);
  };

  private local(e: { clientX: number; clientY: number }): Point {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  private pinchDistance(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private pinchCentre(): Point {
    const [a, b] = [...this.pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
}
