import type { Container } from 'pixi.js';

interface Point {
  readonly x: number;
  readonly y: number;
}

/** How a thing flies: the height of its arc, how much it swells on the way, how it fades. */
export interface FlightStyle {
  /** The arc's height at mid-flight, in pixels. */
  readonly lift: number;
  /** How much larger it is at mid-flight (0.35: a third larger). */
  readonly swell: number;
  /** The share of the flight after which it fades out, or 'all': it fades all the way. */
  readonly fadeFrom: number | 'all';
}

interface Tween {
  readonly node: Container;
  readonly from: Point;
  readonly to: Point;
  readonly delay: number;
  readonly duration: number;
  readonly style: FlightStyle;
  elapsed: number;
  readonly done: () => void;
}

/** Where the flying nodes' layer is drawn: its offset and scale (a board's zoom in progress). */
export interface LayerFrame {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

const NO_FRAME: LayerFrame = { x: 0, y: 0, scale: 1 };

/**
 * Things in flight on a game's canvas (a captured piece, a card, a coin): each from a point to
 * a point in canvas pixels along an arc, after its delay, then gone. Its node is destroyed when
 * it lands; `done` is called then, or when everything lands at once.
 */
export class Tweens {
  private readonly tweens: Tween[] = [];

  /** Something is flying or waiting to. */
  get moving(): boolean {
    return this.tweens.length > 0;
  }

  /** Flies `node` (hidden until its delay is over) from `from` to `to`. */
  add(node: Container, from: Point, to: Point, timing: { delay: number; duration: number }, style: FlightStyle, done: () => void = () => undefined): void {
    node.visible = false;
    this.tweens.push({ node, from, to, delay: timing.delay, duration: timing.duration, style, elapsed: 0, done });
  }

  /** Moves every flight on by `deltaMs`; `frame` undoes the transform of the layer they are drawn in. */
  advance(deltaMs: number, frame: LayerFrame = NO_FRAME): void {
    const k = frame.scale;
    for (let i = this.tweens.length - 1; i >= 0; i--) {
      const tween = this.tweens[i];
      tween.elapsed += deltaMs;
      const t = (tween.elapsed - tween.delay) / tween.duration;
      if (t < 0) continue;
      tween.node.visible = true;
      const e = t >= 1 ? 1 : easeInOut(t);
      const { from, to, style } = tween;
      const x = from.x + (to.x - from.x) * e;
      const y = from.y + (to.y - from.y) * e - Math.sin(Math.PI * e) * style.lift;
      tween.node.position.set((x - frame.x) / k, (y - frame.y) / k);
      tween.node.scale.set((1 + style.swell * Math.sin(Math.PI * e)) / k);
      tween.node.alpha = style.fadeFrom === 'all' ? 1 - e : t < style.fadeFrom ? 1 : Math.max(0, 1 - (t - style.fadeFrom) / (1 - style.fadeFrom));
      if (t >= 1) {
        tween.node.destroy({ children: true });
        this.tweens.splice(i, 1);
        tween.done();
      }
    }
  }

  /** Whatever is flying lands at once (the view is about to show another moment). */
  landAll(): void {
    for (const tween of this.tweens.splice(0)) {
      tween.node.destroy({ children: true });
      tween.done();
    }
  }
}

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}
