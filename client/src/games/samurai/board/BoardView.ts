import { type Application, Container, Graphics } from 'pixi.js';
// Pixi's eval-free shader and uniform code: the server's Content-Security-Policy forbids eval.
import 'pixi.js/unsafe-eval';
import { HEXES, PlayerCount, SETTLEMENTS, Table } from '@samurai/shared';
import { createCanvasApp } from '../../../ui/canvas-app';
import { RenderLoop } from '../../../ui/RenderLoop';
import { Tweens } from '../../../ui/Tweens';
import type { SeatLook } from '../../../ui/seat-look';
import { BoardArt } from './BoardArt';
import { BoardCamera } from './BoardCamera';
import { BoardGestures } from './BoardGestures';
import { BoardMarks, hasTargets, NO_MARKS } from './board-marks';
import { BoardReadability, measureReadability } from './board-readability';
import { drawMarks, drawRecent, drawTargets } from './draw-marks';
import { drawPlaceNames, drawTerrain } from './draw-terrain';
import { GamePieces } from './GamePieces';
import { castesIn, hexAtScreen, hexCenterOf, pieceAtWorld, pieceCenter, pieceSlots, Point, screenToWorld, Size, worldToScreen } from './hex-layout';
import { StampCache } from './StampCache';
import { TERRAIN } from './theme';

export type { BoardMarks, BoardPreview, PieceRef } from './board-marks';
export { NO_MARKS } from './board-marks';
export type { BoardReadability } from './board-readability';

export interface BoardEvents {
  /**
   * A hex in play was tapped or clicked; `caste` is the piece under the pointer on a settlement,
   * else -1; `pointer` is the pointer's type ('mouse', 'touch', 'pen').
   */
  tap(hex: number, caste: number, pointer: string): void;
  /** A mouse rests on a hex, over the piece `caste` or -1 (hex -1 when it leaves the board). */
  hover(hex: number, caste: number): void;
}

/** A piece flying off the board after a capture, to a point in canvas pixels. */
export interface Flight {
  readonly hex: number;
  /** Pieces present before the capture: fixes where in the settlement the piece sat. */
  readonly mask: number;
  readonly caste: number;
  readonly to: Point;
  /** The winner's colour, or null when the piece is set aside. */
  readonly color: number | null;
}

const FLIGHT_MS = 1100;
const FLIGHT_STAGGER_MS = 160;
/** How long a gesture must rest before the board is drawn again crisply at its new camera. */
const SETTLE_MS = 180;

/**
 * The Pixi board: terrain, tiles, pieces and marks, drawn in screen pixels for the current camera.
 * It shows what it is given and reports taps; it never decides what a tap means. It composes:
 * the camera (BoardCamera), the pointer (BoardGestures), the tokens (BoardArt, StampCache,
 * GamePieces), the ground and the marks (draw-terrain, draw-marks), flights (Tweens) and frames
 * (RenderLoop).
 */
export class BoardView {
  readonly app: Application;
  private readonly host: HTMLElement;
  private readonly events: BoardEvents;
  private readonly world = new Container();
  /** The terrain, which changes only with the camera, and the game drawn over it: each cached in a texture of its own (the game's while it stays unchanged, see beforeRender). */
  private readonly groundLayer = new Container();
  private readonly gameLayer = new Container();
  private groundDirty = true;
  private gameDirty = true;
  private recentKey = '';
  private readonly terrainLayer = new Graphics();
  private readonly recentLayer = new Graphics();
  private readonly nameLayer = new Container();
  private readonly targetLayer = new Graphics();
  private readonly markLayer = new Graphics();
  private readonly flightLayer = new Container();
  private readonly camera = new BoardCamera();
  private readonly art = new BoardArt();
  private readonly stamps: StampCache;
  private readonly pieces: GamePieces;
  private readonly tweens = new Tweens();
  private readonly loop: RenderLoop;
  /** What the seats' looks were drawn for: a change of look draws every tile again. */
  private seatsKey = '';
  private players: PlayerCount = 2;
  private table: Table | null = null;
  private marks: BoardMarks = NO_MARKS;
  private seats: readonly SeatLook[] = [];
  private redrawTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly resizeObserver: ResizeObserver;
  private destroyed = false;

  private constructor(app: Application, host: HTMLElement, events: BoardEvents) {
    this.app = app;
    this.host = host;
    this.events = events;
    this.stamps = new StampCache(app.renderer);
    this.pieces = new GamePieces(this.art, this.stamps, this.camera, () => app.renderer.resolution);
    this.loop = new RenderLoop(app, {
      advance: (delta, clock) => this.advance(delta, clock),
      beforeRender: () => this.beforeRender(),
      moving: () => this.tweens.moving,
      pulsing: () => hasTargets(this.marks),
    });
    // What changes only with the game sits in cached textures: a frame of an animation then draws
    // those plus the few moving things, which keeps software rendering at 60 fps. The terrain has
    // its own, so a step of the game draws the tiles and pieces again, not the whole map.
    this.groundLayer.addChild(this.terrainLayer);
    this.groundLayer.cacheAsTexture({ antialias: true });
    this.gameLayer.addChild(this.recentLayer, this.pieces.tileLayer, this.pieces.pieceLayer, this.nameLayer);
    // The place names change only with the camera: their own texture, copied when the game layer is drawn again.
    this.nameLayer.cacheAsTexture({ antialias: true });
    this.world.addChild(this.groundLayer, this.gameLayer, this.targetLayer, this.markLayer, this.flightLayer);
    app.stage.addChild(this.world);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    new BoardGestures(app.canvas, {
      tap: (p, pointer) => this.tapAt(p, pointer),
      hover: (p) => this.hoverAt(p),
      pan: (dx, dy) => {
        if (this.camera.panBy(dx, dy)) this.applyCamera();
      },
      zoom: (factor, at) => {
        this.camera.zoomBy(factor, at);
        this.applyCamera();
      },
      reset: () => this.resetZoom(),
    });
  }

  static async create(host: HTMLElement, events: BoardEvents): Promise<BoardView> {
    const app = await createCanvasApp(host, TERRAIN.background);
    const view = new BoardView(app, host, events);
    view.resize();
    return view;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    clearTimeout(this.redrawTimer);
    this.loop.stop();
    this.stamps.destroy();
    this.resizeObserver.disconnect();
    // Not `destroy(true)`: that also releases Pixi's global pools (its batches), which another
    // board or table alive in this page (the screen that replaces this one) is still drawing with.
    this.app.destroy({ removeView: true }, { children: true });
    this.art.destroy();
  }

  /** The board for this many players, its seats' looks, and the current game and marks. */
  show(table: Table, seats: readonly SeatLook[], marks: BoardMarks): void {
    // A screen's last update can come after it was closed (a seat reclaimed): nothing left to draw on.
    if (this.destroyed) return;
    const playersChanged = table.players !== this.players || !this.table;
    // The screen hands a new array at every update: only a look that differs draws the tiles anew.
    const seatsKey = seats.map((s) => `${s.color}:${s.ink}:${s.mark}`).join();
    const seatsChanged = seatsKey !== this.seatsKey;
    this.seatsKey = seatsKey;
    this.table = table;
    this.seats = seats;
    this.marks = marks;
    if (playersChanged) {
      this.players = table.players;
      this.refit(true);
      return;
    }
    if (seatsChanged) this.clearCaches();
    this.drawDynamic();
    this.loop.request();
  }

  /** Only the marks changed (selection, focus, a preview): a cheap redraw. */
  setMarks(marks: BoardMarks): void {
    if (this.destroyed) return;
    const previewChanged = marks.preview !== this.marks.preview;
    this.marks = marks;
    if (previewChanged && this.table) this.drawDynamic();
    else this.drawMarks();
    this.loop.request();
  }

  /** A hex's radius on screen now (CSS pixels). */
  get hexRadius(): number {
    return this.camera.live.scale;
  }

  /** The board's turn on screen (radians clockwise), for screen-wise keyboard moves. */
  get angle(): number {
    return this.camera.live.angle;
  }

  /** Sizes as drawn now, measured on the drawn objects themselves. */
  readability(): BoardReadability {
    return measureReadability({
      players: this.players,
      camera: this.camera.live,
      viewport: this.camera.size,
      nameLayer: this.nameLayer,
      settlements: this.pieces.settlements(),
      discs: (node) => GamePieces.discs(node),
      stampWidth: (sprite) => this.stamps.widthOf(sprite),
      openLandFont: this.pieces.openLandFont(),
    });
  }

  /** The node of each hex with a tile, and of each settlement, with the key of what it shows (a replay's browser test compares them with live play's). */
  get tileNodes(): ReadonlyMap<number, { readonly key: string }> {
    return this.pieces.tileNodes;
  }

  get settlementNodes(): ReadonlyMap<number, { readonly key: string }> {
    return this.pieces.settlementNodes;
  }

  /** Back to the whole board in view. */
  resetZoom(): void {
    this.camera.reset();
    this.redrawSoon(0);
  }

  /** Canvas pixel → page (client) pixel, for tests and for lining up DOM overlays. */
  hexToClient(hex: number): Point {
    return this.canvasToClient(worldToScreen(this.camera.live, hexCenterOf(hex)));
  }

  /** Where a piece is on the page (null when that settlement does not hold it). */
  pieceToClient(settlement: number, caste: number): Point | null {
    if (!this.table) return null;
    const camera = this.camera.live;
    const world = pieceCenter(SETTLEMENTS[settlement].hex, this.table.pieces[settlement], caste, camera.angle);
    return world ? this.canvasToClient(worldToScreen(camera, world)) : null;
  }

  /** The canvas point nearest to a page point (where a flight heads for a DOM element). */
  clientToCanvas(p: Point): Point {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: p.x - rect.left, y: p.y - rect.top };
  }

  get size(): Size {
    return this.camera.size;
  }

  /** Animates pieces leaving the board; resolves when the last has arrived. */
  fly(flights: readonly Flight[]): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    const camera = this.camera.live;
    const radius = camera.scale;
    const done = Promise.all(
      flights.map(
        (flight, i) =>
          new Promise<void>((resolve) => {
            const castes = castesIn(flight.mask);
            const slots = pieceSlots(castes.length, camera.angle);
            const slot = slots.offsets[Math.max(0, castes.indexOf(flight.caste))];
            const centre = worldToScreen(camera, hexCenterOf(flight.hex));
            const from = { x: centre.x + slot.x * radius, y: centre.y + slot.y * radius };
            const node = this.art.pieceNode(flight.caste, slots.radius * radius, flight.color);
            node.position.set(from.x, from.y);
            this.flightLayer.addChild(node);
            const lift = Math.min(160, 40 + Math.hypot(flight.to.x - from.x, flight.to.y - from.y) * 0.25);
            this.tweens.add(node, from, flight.to, { delay: i * FLIGHT_STAGGER_MS, duration: FLIGHT_MS }, { lift, swell: 0.35, fadeFrom: 0.85 }, resolve);
          }),
      ),
    ).then(() => undefined);
    this.loop.request();
    return done;
  }

  get animating(): boolean {
    return this.tweens.moving;
  }

  /** Whatever is flying lands at once (the board is about to show another position). */
  land(): void {
    this.tweens.landAll();
    this.loop.request();
  }

  // ---- layout -------------------------------------------------------------------------------

  private resize(): void {
    if (this.destroyed) return;
    const size = { width: Math.max(1, this.host.clientWidth), height: Math.max(1, this.host.clientHeight) };
    if (!this.camera.resize(size)) return;
    this.app.renderer.resize(size.width, size.height);
    this.refit(true);
  }

  private refit(resetZoom: boolean): void {
    this.camera.refit(this.players, resetZoom);
    this.redrawAll();
  }

  private redrawAll(): void {
    this.camera.settle();
    this.world.scale.set(1);
    this.world.position.set(0, 0);
    this.clearCaches();
    this.drawTerrain();
    this.drawDynamic();
    this.loop.request();
  }

  /** During a gesture: move what is drawn; redraw crisply once the gesture rests. */
  private applyCamera(): void {
    const { scale, x, y } = this.camera.layerTransform;
    this.world.scale.set(scale);
    this.world.position.set(x, y);
    this.loop.request();
    this.redrawSoon(SETTLE_MS);
  }

  private redrawSoon(ms: number): void {
    clearTimeout(this.redrawTimer);
    this.redrawTimer = setTimeout(() => {
      if (!this.destroyed) this.redrawAll();
    }, ms);
  }

  /** Every node and stamp goes (a new camera, new looks); the stamps a game needs are drawn ahead again. */
  private clearCaches(): void {
    this.pieces.clear();
    this.stamps.clear();
    if (this.table && this.seats.length >= this.players) this.stamps.warm(this.pieces.warmJobs(this.players, this.seats));
  }

  // ---- drawing ------------------------------------------------------------------------------

  private drawTerrain(): void {
    this.groundDirty = true;
    // The names sit over the pieces, in the game's layer.
    this.gameDirty = true;
    drawPlaceNames(this.nameLayer, this.players, this.camera);
    this.nameLayer.updateCacheTexture();
    drawTerrain(this.terrainLayer, this.players, this.camera);
  }

  private drawDynamic(): void {
    if (!this.table) return;
    // Only the hexes and settlements that changed get new nodes; the cached layer is drawn again only then.
    const changed = this.pieces.draw({ players: this.players, table: this.shown!, ghosts: this.marks.preview?.hexes ?? [], seats: this.seats });
    if (changed) this.gameDirty = true;
    this.drawMarks();
  }

  /** The board to draw: the game's, or as a previewed play would leave it. */
  private get shown(): Table | null {
    return this.table && (this.marks.preview?.table ?? this.table);
  }

  private drawMarks(): void {
    const drawn = this.camera.drawn;
    const marks = this.marks;
    const recentKey = `${drawn.scale}:${drawn.x}:${drawn.y}:${marks.lastHexes.join(',')}/${marks.currentHexes.join(',')}`;
    if (recentKey !== this.recentKey) {
      this.recentKey = recentKey;
      this.gameDirty = true;
    }
    drawRecent(this.recentLayer, marks, this.camera);
    drawTargets(this.targetLayer, marks, this.camera, this.shown);
    drawMarks(this.markLayer, marks, this.camera, this.shown, this.seats);
  }

  // ---- frames -------------------------------------------------------------------------------

  private advance(deltaMs: number, clockMs: number): void {
    // Only the target highlight breathes.
    this.targetLayer.alpha = hasTargets(this.marks) ? 0.8 + 0.2 * Math.sin(clockMs / 260) : 1;
    // Flights are in camera pixels: undo the zoom transform of the world container.
    this.tweens.advance(deltaMs, { x: this.world.position.x, y: this.world.position.y, scale: this.world.scale.x });
  }

  private beforeRender(): void {
    if (this.groundDirty) {
      this.groundDirty = false;
      this.groundLayer.updateCacheTexture();
    }
    // The game layer changed since the last frame: drawn straight to the canvas, as drawing it into
    // its texture and then the texture would cost more (a replay stepping one a frame changes it at
    // every frame). Unchanged for a frame, it is cached again, for frames that only move flights.
    if (this.gameDirty) {
      this.gameDirty = false;
      if (this.gameLayer.isCachedAsTexture) this.gameLayer.cacheAsTexture(false);
    } else if (!this.gameLayer.isCachedAsTexture) this.gameLayer.cacheAsTexture({ antialias: true });
  }

  // ---- input --------------------------------------------------------------------------------

  private tapAt(p: Point, pointer: string): void {
    const hex = hexAtScreen(this.camera.live, p, this.players);
    if (hex < 0) return;
    this.events.tap(hex, this.casteAt(p, hex), pointer);
  }

  private hoverAt(p: Point | null): void {
    const hex = p ? hexAtScreen(this.camera.live, p, this.players) : -1;
    this.events.hover(hex, p && hex >= 0 ? this.casteAt(p, hex) : -1);
  }

  /** The piece under screen point `p` on `hex`, or -1. */
  private casteAt(p: Point, hex: number): number {
    const settlement = HEXES[hex].settlement;
    const mask = settlement >= 0 && this.table ? this.table.pieces[settlement] : 0;
    const camera = this.camera.live;
    return mask ? pieceAtWorld(screenToWorld(camera, p), hex, mask, camera.angle) : -1;
  }

  private canvasToClient(p: Point): Point {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }
}
