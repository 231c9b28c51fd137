import type { PlayerCount } from '@samurai/shared';
import { boardBounds, Camera, clampCamera, fitBoard, hexCenterOf, hexCorners, Point, Size, worldToScreen, zoomCamera } from './hex-layout';

/** Zooming in goes no farther than this many times the fitted board. */
const MAX_ZOOM = 4;

/**
 * Where the board is on the canvas: the board fitted to it, the camera on screen (panned and
 * zoomed), and the camera the layers were drawn for (the two differ during a gesture, until the
 * board is drawn again crisply). Board coordinates become canvas pixels through hex-layout's
 * worldToScreen, and nowhere else.
 */
export class BoardCamera {
  private viewport: Size = { width: 1, height: 1 };
  private fitted: Camera = { scale: 1, x: 0, y: 0, angle: 0 };
  /** The camera the layers were drawn for, and the one on screen (they differ during a zoom). */
  private drawnCamera: Camera = { scale: 1, x: 0, y: 0, angle: 0 };
  private camera: Camera = { scale: 1, x: 0, y: 0, angle: 0 };
  private players: PlayerCount = 2;

  /** The canvas's size in CSS pixels. */
  get size(): Size {
    return this.viewport;
  }

  /** The camera on screen now. */
  get live(): Camera {
    return this.camera;
  }

  /** The camera the layers were drawn for. */
  get drawn(): Camera {
    return this.drawnCamera;
  }

  /** A new canvas size; false when it is the same. */
  resize(size: Size): boolean {
    if (size.width === this.viewport.width && size.height === this.viewport.height) return false;
    this.viewport = size;
    return true;
  }

  /** Fits the board for `players` to the canvas; a zoomed view stays zoomed unless `resetZoom` (or the board turned). */
  refit(players: PlayerCount, resetZoom: boolean): void {
    this.players = players;
    const padding = Math.max(4, Math.min(this.viewport.width, this.viewport.height) * 0.012);
    const previous = this.fitted;
    this.fitted = fitBoard(players, this.viewport, padding);
    const turned = this.fitted.angle !== previous.angle;
    if (resetZoom || turned || this.camera.scale <= previous.scale * 1.001) this.camera = this.fitted;
    else this.camera = this.clamped(this.camera);
  }

  /** Back to the whole board in view. */
  reset(): void {
    this.camera = this.fitted;
  }

  /** Zooms by `factor` around canvas point `at`, between the fitted board and MAX_ZOOM times it. */
  zoomBy(factor: number, at: Point): void {
    this.camera = this.clamped(zoomCamera(this.camera, factor, at, this.fitted.scale, this.fitted.scale * MAX_ZOOM));
  }

  /** Drags the board by (dx, dy) pixels; the fitted board does not move. False when it did not. */
  panBy(dx: number, dy: number): boolean {
    if (this.camera.scale <= this.fitted.scale * 1.001) return false;
    this.camera = this.clamped({ ...this.camera, x: this.camera.x + dx, y: this.camera.y + dy });
    return true;
  }

  /** The layers are drawn again for the camera on screen. */
  settle(): void {
    this.drawnCamera = this.camera;
  }

  /** How to place what was drawn for the drawn camera so it shows as the live camera sees it. */
  get layerTransform(): { scale: number; x: number; y: number } {
    const k = this.camera.scale / this.drawnCamera.scale;
    return { scale: k, x: this.camera.x - this.drawnCamera.x * k, y: this.camera.y - this.drawnCamera.y * k };
  }

  /** A hex's middle in the drawn layers' pixels. */
  toDrawn(hex: number): Point {
    return worldToScreen(this.drawnCamera, hexCenterOf(hex));
  }

  /** A hex's outline around `centre` (drawn pixels) at the drawn camera's turn, as Pixi's flat list of numbers. */
  hexPath(centre: Point, radius: number): number[] {
    return hexCorners(centre, radius, this.drawnCamera.angle).flatMap((p) => [p.x, p.y]);
  }

  private clamped(camera: Camera): Camera {
    return clampCamera(camera, boardBounds(this.players, camera.angle), this.viewport);
  }
}
