import { type Container, Rectangle, type Renderer, Sprite, type Texture } from 'pixi.js';
import type { Point } from './hex-layout';

/** A node drawn once into a texture, for every place it shows (a tile of one kind and owner, a piece, a count). */
interface Stamp {
  readonly texture: Texture;
  /** Where the texture's top-left corner is from the node's origin (whole pixels). */
  readonly x: number;
  readonly y: number;
  /** The drawn node's own width (the texture is rounded out to whole pixels). */
  readonly width: number;
}

/**
 * Sprites of nodes drawn once per key (until the camera or the seats' looks change) and shared by
 * every place they show: a step of the game then adds a few sprites rather than drawing paths and
 * text again. Stamps likely needed are drawn ahead in idle time (warm).
 */
export class StampCache {
  private readonly stamps = new Map<string, Stamp>();
  /** The idle callback drawing stamps ahead, or 0. */
  private warmHandle = 0;
  private stopped = false;

  constructor(private readonly renderer: Renderer) {}

  /** A sprite of the node `build` draws, with the node's origin at `at`, on a whole device pixel. */
  sprite(key: string, build: () => Container, at: Point): Sprite {
    const stamp = this.stampOf(key, build);
    const sprite = new Sprite(stamp.texture);
    const resolution = this.renderer.resolution;
    const snap = (v: number) => Math.round(v * resolution) / resolution;
    sprite.position.set(snap(at.x) + stamp.x, snap(at.y) + stamp.y);
    return sprite;
  }

  /** Draws the stamp of `key` now if it is not drawn yet. */
  ensure(key: string, build: () => Container): void {
    this.stampOf(key, build);
  }

  /** A sprite's width as its node was drawn (the texture is rounded out to whole pixels), in its own pixels. */
  widthOf(sprite: Sprite): number {
    return [...this.stamps.values()].find((st) => st.texture === sprite.texture)?.width ?? sprite.width;
  }

  /** Every stamp goes (a new camera, new looks); drawing ahead stops. */
  clear(): void {
    this.cancelWarm();
    for (const stamp of this.stamps.values()) stamp.texture.destroy(true);
    this.stamps.clear();
  }

  destroy(): void {
    this.stopped = true;
    this.cancelWarm();
  }

  /**
   * Runs `jobs` (each drawing a stamp, about a millisecond) in idle time, one only with time to
   * spare before the next frame: the first play of a tile, in a replay stepping one a frame as in
   * live play, then places a sprite rather than drawing one.
   */
  warm(jobs: (() => void)[]): void {
    this.cancelWarm();
    if (typeof requestIdleCallback !== 'function') return;
    const queue = jobs.slice().reverse();
    const work = (deadline: IdleDeadline) => {
      while (queue.length && deadline.timeRemaining() > 4) queue.pop()!();
      this.warmHandle = queue.length && !this.stopped ? requestIdleCallback(work) : 0;
    };
    this.warmHandle = requestIdleCallback(work);
  }

  private cancelWarm(): void {
    if (this.warmHandle) cancelIdleCallback(this.warmHandle);
    this.warmHandle = 0;
  }

  private stampOf(key: string, build: () => Container): Stamp {
    let stamp = this.stamps.get(key);
    if (!stamp) {
      const node = build();
      const bounds = node.getLocalBounds();
      const x = Math.floor(bounds.minX);
      const y = Math.floor(bounds.minY);
      const frame = new Rectangle(x, y, Math.ceil(bounds.maxX) - x, Math.ceil(bounds.maxY) - y);
      const texture = this.renderer.generateTexture({ target: node, frame, resolution: this.renderer.resolution, antialias: true });
      node.destroy({ children: true });
      stamp = { texture, x, y, width: bounds.width };
      this.stamps.set(key, stamp);
    }
    return stamp;
  }
}
