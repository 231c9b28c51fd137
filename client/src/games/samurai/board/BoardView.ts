import { type Application, Container, Graphics, GraphicsContext, Rectangle, Sprite, Text, Texture } from 'pixi.js';
// Pixi's eval-free shader and uniform code: the server's Content-Security-Policy forbids eval.
import 'pixi.js/unsafe-eval';
import { boardFor, HEXES, openLand, PlayerCount, SETTLEMENTS, Table, TILES } from '@samurai/shared';
import { leadersAt } from './board-reading';
import { createCanvasApp } from '../../../ui/canvas-app';
import {
  badgeOffset,
  boardBounds,
  Camera,
  castesIn,
  clampCamera,
  fitBoard,
  hexAtScreen,
  hexCenter,
  hexCenterOf,
  hexCorners,
  NAME_LABEL_Y,
  pieceAtWorld,
  pieceCenter,
  pieceSlots,
  Point,
  screenToWorld,
  Size,
  worldToScreen,
  zoomCamera,
} from './hex-layout';
import { IconName, iconSvg } from './icons';
import { CITY_NAMES } from '../model/places';
import { cssColor, shade } from '../../../ui/colour';
import type { SeatLook } from '../../../ui/seat-look';
import { HIGHLIGHT, PIECE_FILL, PIECE_ICONS, PIECE_INK, TERRAIN } from './theme';

export interface PieceRef {
  readonly settlement: number;
  readonly caste: number;
}

/** What the board marks besides the game itself: legal targets, selection, keyboard focus, recent plays. */
export interface BoardMarks {
  readonly targetHexes: readonly number[];
  readonly targetPieces: readonly PieceRef[];
  readonly selectedHex: number;
  readonly selectedPiece: PieceRef | null;
  /** The keyboard focus: a hex, or a piece when `focusCaste` >= 0. -1 for none. */
  readonly focusHex: number;
  readonly focusCaste: number;
  /** Hexes played in the turn in progress, and in the turn before it. */
  readonly currentHexes: readonly number[];
  readonly lastHexes: readonly number[];
  /** The settlement shown in the inspector, or -1. */
  readonly inspected: number;
  /** Hexes a log line points at (while the pointer rests on it, or after a tap on it). */
  readonly pointedHexes: readonly number[];
  /** A play being considered: the board drawn as it would leave it. */
  readonly preview: BoardPreview | null;
}

/** What the board shows of a play before it is made. */
export interface BoardPreview {
  /** The board as the play would leave it. */
  readonly table: Table;
  /** Where the play puts a tile (drawn as a ghost of it). */
  readonly hexes: readonly number[];
  /** Settlements whose influence, open land or pieces it changes. */
  readonly settlements: readonly number[];
  /** Pieces that would leave the board, to a seat or aside (null). */
  readonly captures: readonly { readonly settlement: number; readonly caste: number; readonly seat: number | null }[];
}

/** Sizes as drawn on screen right now, in CSS pixels (for the readability tests). */
export interface BoardReadability {
  /** The board's turn on screen, in radians clockwise. */
  readonly angle: number;
  readonly hexRadius: number;
  /** The smallest and largest piece disc on the board, as drawn. */
  readonly smallestPiece: number;
  readonly largestPiece: number;
  /** The smallest open-land count's font size. */
  readonly openLandFont: number;
  /** The thinnest lead ring, as seen around its piece (its dark edge included); 0 when nobody leads anywhere. */
  readonly leadRing: number;
  /** How much of the canvas the board spans, across and down (1 = edge to edge). */
  readonly spanX: number;
  readonly spanY: number;
  /** The place names printed on the board (Edo, the cities), and the smallest one's font size. */
  readonly placeNames: readonly string[];
  readonly placeNameFont: number;
}

export const NO_MARKS: BoardMarks = {
  targetHexes: [],
  targetPieces: [],
  selectedHex: -1,
  selectedPiece: null,
  focusHex: -1,
  focusCaste: -1,
  currentHexes: [],
  lastHexes: [],
  inspected: -1,
  pointedHexes: [],
  preview: null,
};

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

interface Tween {
  readonly node: Container;
  readonly from: Point;
  readonly to: Point;
  readonly delay: number;
  readonly duration: number;
  elapsed: number;
  readonly lift: number;
  readonly done: () => void;
}

/** A node drawn once into a texture, for every place it shows (a tile of one kind and owner, a piece, a count). */
interface Stamp {
  readonly texture: Texture;
  /** Where the texture's top-left corner is from the node's origin (whole pixels). */
  readonly x: number;
  readonly y: number;
  /** The drawn node's own width (the texture is rounded out to whole pixels). */
  readonly width: number;
}

const FLIGHT_MS = 1100;
/** The open-land count's font size, in hex radii (11 px on a 1280×800 screen with 4 players). */
const OPEN_LAND_FONT = 0.5;
const FLIGHT_STAGGER_MS = 160;
const TAP_SLOP_PX = 10;

/**
 * The Pixi board: terrain, tiles, pieces and marks, drawn in screen pixels for the current camera.
 * It shows what it is given and reports taps; it never decides what a tap means.
 */
export class BoardView {
  readonly app: Application;
  private readonly host: HTMLElement;
  private readonly events: BoardEvents;
  private readonly world = new Container();
  /** The terrain, which changes only with the camera, and the game drawn over it: each cached in a texture of its own (the game's while it stays unchanged, see onFrame). */
  private readonly groundLayer = new Container();
  private readonly gameLayer = new Container();
  private groundDirty = true;
  private gameDirty = true;
  private recentKey = '';
  private readonly terrainLayer = new Graphics();
  private readonly recentLayer = new Graphics();
  private readonly tileLayer = new Container();
  private readonly pieceLayer = new Container();
  private readonly nameLayer = new Container();
  private readonly targetLayer = new Graphics();
  private readonly markLayer = new Graphics();
  private readonly flightLayer = new Container();
  private readonly iconContexts = new Map<string, GraphicsContext>();
  private readonly stamps = new Map<string, Stamp>();
  /** The idle callback drawing stamps ahead (warmStamps), or 0. */
  private warmHandle = 0;
  /** What the seats' looks were drawn for: a change of look draws every tile again. */
  private seatsKey = '';
  private readonly tileNodes = new Map<number, { key: string; node: Container }>();
  private readonly settlementNodes = new Map<number, { key: string; node: Container }>();
  private readonly tweens: Tween[] = [];
  private players: PlayerCount = 2;
  private table: Table | null = null;
  private marks: BoardMarks = NO_MARKS;
  private seats: readonly SeatLook[] = [];
  private viewport: Size = { width: 1, height: 1 };
  private fitted: Camera = { scale: 1, x: 0, y: 0, angle: 0 };
  /** The camera the layers were drawn for, and the one on screen (they differ during a zoom). */
  private drawn: Camera = { scale: 1, x: 0, y: 0, angle: 0 };
  private camera: Camera = { scale: 1, x: 0, y: 0, angle: 0 };
  private redrawTimer: ReturnType<typeof setTimeout> | undefined;
  private pulse = 0;
  private readonly pointers = new Map<number, Point>();
  private gesture: { start: Point; moved: boolean; pinch: number } | null = null;
  private readonly resizeObserver: ResizeObserver;
  private destroyed = false;

  private constructor(app: Application, host: HTMLElement, events: BoardEvents) {
    this.app = app;
    this.host = host;
    this.events = events;
    // What changes only with the game sits in cached textures: a frame of an animation then draws
    // those plus the few moving things, which keeps software rendering at 60 fps. The terrain has
    // its own, so a step of the game draws the tiles and pieces again, not the whole map.
    this.groundLayer.addChild(this.terrainLayer);
    this.groundLayer.cacheAsTexture({ antialias: true });
    this.gameLayer.addChild(this.recentLayer, this.tileLayer, this.pieceLayer, this.nameLayer);
    // The place names change only with the camera: their own texture, copied when the game layer is drawn again.
    this.nameLayer.cacheAsTexture({ antialias: true });
    this.world.addChild(this.groundLayer, this.gameLayer, this.targetLayer, this.markLayer, this.flightLayer);
    app.stage.addChild(this.world);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    this.listen(app.canvas);
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
    cancelAnimationFrame(this.frame);
    clearTimeout(this.pulseTimer);
    if (this.warmHandle) cancelIdleCallback(this.warmHandle);
    this.resizeObserver.disconnect();
    // Not `destroy(true)`: that also releases Pixi's global pools (its batches), which another
    // board or table alive in this page (the screen that replaces this one) is still drawing with.
    this.app.destroy({ removeView: true }, { children: true });
    for (const context of this.iconContexts.values()) context.destroy();
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
    this.requestRender();
  }

  /** Only the marks changed (selection, focus, a preview): a cheap redraw. */
  setMarks(marks: BoardMarks): void {
    if (this.destroyed) return;
    const previewChanged = marks.preview !== this.marks.preview;
    this.marks = marks;
    if (previewChanged && this.table) this.drawDynamic();
    else this.drawMarks();
    this.requestRender();
  }

  /** A hex's radius on screen now (CSS pixels). */
  get hexRadius(): number {
    return this.camera.scale;
  }

  /** The board's turn on screen (radians clockwise), for screen-wise keyboard moves. */
  get angle(): number {
    return this.camera.angle;
  }

  /** Sizes as drawn now, measured on the drawn objects themselves. */
  readability(): BoardReadability {
    const pieces: number[] = [];
    const fonts: number[] = [];
    const rings: number[] = [];
    const names: string[] = [];
    const nameFonts: number[] = [];
    for (const name of this.nameLayer.children) {
      if (name instanceof Text) {
        names.push(name.text);
        nameFonts.push(Number(name.style.fontSize) * name.worldTransform.a);
      }
    }
    const stampWidth = (sprite: Sprite) => ([...this.stamps.values()].find((st) => st.texture === sprite.texture)?.width ?? sprite.width) * sprite.worldTransform.a;
    for (const { node } of this.settlementNodes.values()) {
      const discs = node.children.filter((c): c is Sprite => c.label === 'piece' && c instanceof Sprite).map(stampWidth);
      pieces.push(...discs);
      if (node.getChildByLabel('open-land')) fonts.push(this.openLandFontSize() * node.worldTransform.a);
      const ringBounds = node.getChildByLabel('lead-rings')?.getBounds();
      // A lone piece with a ring: how far the ring reaches beyond the disc.
      if (discs.length === 1 && ringBounds && ringBounds.width > 0) rings.push((ringBounds.width - discs[0]) / 2);
    }
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const h of boardFor(this.players).hexes) {
      for (const corner of hexCorners(hexCenterOf(h), 1)) {
        const p = worldToScreen(this.camera, corner);
        minX = Math.min(minX, p.x);
        maxX = Math.max(maxX, p.x);
        minY = Math.min(minY, p.y);
        maxY = Math.max(maxY, p.y);
      }
    }
    return {
      angle: this.camera.angle,
      hexRadius: this.camera.scale,
      smallestPiece: Math.min(...pieces),
      largestPiece: Math.max(...pieces),
      openLandFont: Math.min(...fonts),
      leadRing: rings.length ? Math.min(...rings) : 0,
      spanX: (maxX - minX) / this.viewport.width,
      spanY: (maxY - minY) / this.viewport.height,
      placeNames: names,
      placeNameFont: Math.min(...nameFonts),
    };
  }

  /** Back to the whole board in view. */
  resetZoom(): void {
    this.camera = this.fitted;
    this.redrawSoon(0);
  }

  /** Canvas pixel → page (client) pixel, for tests and for lining up DOM overlays. */
  hexToClient(hex: number): Point {
    const p = worldToScreen(this.camera, hexCenterOf(hex));
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  /** Where a piece is on the page (null when that settlement does not hold it). */
  pieceToClient(settlement: number, caste: number): Point | null {
    if (!this.table) return null;
    const world = pieceCenter(SETTLEMENTS[settlement].hex, this.table.pieces[settlement], caste, this.camera.angle);
    if (!world) return null;
    const p = worldToScreen(this.camera, world);
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  /** The canvas point nearest to a page point (where a flight heads for a DOM element). */
  clientToCanvas(p: Point): Point {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: p.x - rect.left, y: p.y - rect.top };
  }

  get size(): Size {
    return this.viewport;
  }

  /** Animates pieces leaving the board; resolves when the last has arrived. */
  fly(flights: readonly Flight[]): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    const radius = this.camera.scale;
    const done = Promise.all(
      flights.map(
        (flight, i) =>
          new Promise<void>((resolve) => {
            const castes = castesIn(flight.mask);
            const slots = pieceSlots(castes.length, this.camera.angle);
            const slot = slots.offsets[Math.max(0, castes.indexOf(flight.caste))];
            const centre = worldToScreen(this.camera, hexCenterOf(flight.hex));
            const from = { x: centre.x + slot.x * radius, y: centre.y + slot.y * radius };
            const node = this.pieceNode(flight.caste, slots.radius * radius, flight.color);
            node.position.set(from.x, from.y);
            node.visible = false;
            this.flightLayer.addChild(node);
            this.tweens.push({
              node,
              from,
              to: flight.to,
              delay: i * FLIGHT_STAGGER_MS,
              duration: FLIGHT_MS,
              elapsed: 0,
              lift: Math.min(160, 40 + Math.hypot(flight.to.x - from.x, flight.to.y - from.y) * 0.25),
              done: resolve,
            });
          }),
      ),
    ).then(() => undefined);
    this.requestRender();
    return done;
  }

  get animating(): boolean {
    return this.tweens.length > 0;
  }

  /** Whatever is flying lands at once (the board is about to show another position). */
  land(): void {
    for (const tween of this.tweens.splice(0)) {
      tween.node.destroy({ children: true });
      tween.done();
    }
    this.requestRender();
  }

  // ---- layout -------------------------------------------------------------------------------

  private resize(): void {
    if (this.destroyed) return;
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    if (width === this.viewport.width && height === this.viewport.height) return;
    this.viewport = { width, height };
    this.app.renderer.resize(width, height);
    this.refit(true);
  }

  private refit(resetZoom: boolean): void {
    const padding = Math.max(4, Math.min(this.viewport.width, this.viewport.height) * 0.012);
    const previous = this.fitted;
    this.fitted = fitBoard(this.players, this.viewport, padding);
    const turned = this.fitted.angle !== previous.angle;
    if (resetZoom || turned || this.camera.scale <= previous.scale * 1.001) this.camera = this.fitted;
    else this.camera = clampCamera(this.camera, boardBounds(this.players, this.camera.angle), this.viewport);
    this.redrawAll();
  }

  private redrawAll(): void {
    this.drawn = this.camera;
    this.world.scale.set(1);
    this.world.position.set(0, 0);
    this.clearCaches();
    this.drawTerrain();
    this.drawDynamic();
    this.requestRender();
  }

  /** During a gesture: move what is drawn; redraw crisply once the gesture rests. */
  private applyCamera(): void {
    const k = this.camera.scale / this.drawn.scale;
    this.world.scale.set(k);
    this.world.position.set(this.camera.x - this.drawn.x * k, this.camera.y - this.drawn.y * k);
    this.requestRender();
    this.redrawSoon(180);
  }

  private redrawSoon(ms: number): void {
    clearTimeout(this.redrawTimer);
    this.redrawTimer = setTimeout(() => {
      if (!this.destroyed) this.redrawAll();
    }, ms);
  }

  private clearCaches(): void {
    for (const { node } of this.tileNodes.values()) node.destroy({ children: true });
    for (const { node } of this.settlementNodes.values()) node.destroy({ children: true });
    this.tileNodes.clear();
    this.settlementNodes.clear();
    for (const stamp of this.stamps.values()) stamp.texture.destroy(true);
    this.stamps.clear();
    this.warmStamps();
  }

  /**
   * A sprite of the node `build` draws, drawn once per key (until the camera or the looks change)
   * and shared by every place it shows: a step of the game then adds a few sprites rather than
   * drawing paths and text again. Its origin is the node's, on a whole device pixel.
   */
  private stamp(key: string, build: () => Container, at: Point): Sprite {
    const stamp = this.stampOf(key, build);
    const sprite = new Sprite(stamp.texture);
    const resolution = this.app.renderer.resolution;
    const snap = (v: number) => Math.round(v * resolution) / resolution;
    sprite.position.set(snap(at.x) + stamp.x, snap(at.y) + stamp.y);
    return sprite;
  }

  private stampOf(key: string, build: () => Container): Stamp {
    let stamp = this.stamps.get(key);
    if (!stamp) {
      const node = build();
      const bounds = node.getLocalBounds();
      const x = Math.floor(bounds.minX);
      const y = Math.floor(bounds.minY);
      const frame = new Rectangle(x, y, Math.ceil(bounds.maxX) - x, Math.ceil(bounds.maxY) - y);
      const texture = this.app.renderer.generateTexture({ target: node, frame, resolution: this.app.renderer.resolution, antialias: true });
      node.destroy({ children: true });
      stamp = { texture, x, y, width: bounds.width };
      this.stamps.set(key, stamp);
    }
    return stamp;
  }

  /**
   * Draws ahead, in idle time, the stamps a game is likely to need: every seat's tiles, the pieces
   * however many share a settlement, the open-land counts. The first play of a tile, in a replay
   * stepping one a frame as in live play, then places a sprite rather than drawing one. Started
   * again whenever the stamps are cleared (a new camera or new looks).
   */
  private warmStamps(): void {
    if (this.warmHandle) cancelIdleCallback(this.warmHandle);
    this.warmHandle = 0;
    if (!this.table || this.seats.length < this.players || typeof requestIdleCallback !== 'function') return;
    const r = this.drawn.scale;
    const jobs: (() => void)[] = [];
    for (let owner = 0; owner < this.players; owner++) {
      for (const tile of TILES) {
        if (tile.target === 'land' || tile.target === 'sea') jobs.push(() => this.stampOf(`tile:${tile.id}:${owner}`, () => this.tileNode(tile.id, this.seats[owner])));
      }
    }
    for (let count = 1; count <= 3; count++) {
      const slots = pieceSlots(count, this.drawn.angle);
      for (let caste = 0; caste < 3; caste++) jobs.push(() => this.stampOf(`piece:${caste}:${count}`, () => this.pieceNode(caste, slots.radius * r, null)));
    }
    const land = Math.max(...boardFor(this.players).settlementLand.map((hexes) => hexes.length));
    for (let open = 0; open <= land; open++) jobs.push(() => this.stampOf(`open-land:${open}`, () => this.openLandBadge(open)));
    jobs.reverse();
    const work = (deadline: IdleDeadline) => {
      // Each job is about a millisecond: one is started only with time to spare before the next frame.
      while (jobs.length && deadline.timeRemaining() > 4) jobs.pop()!();
      this.warmHandle = jobs.length && !this.destroyed ? requestIdleCallback(work) : 0;
    };
    this.warmHandle = requestIdleCallback(work);
  }

  private toScreen(hex: number): Point {
    return worldToScreen(this.drawn, hexCenterOf(hex));
  }

  /** A hex's outline on screen at the drawn camera, as Pixi's flat list of numbers. */
  private hexPath(centre: Point, radius: number): number[] {
    return hexCorners(centre, radius, this.drawn.angle).flatMap((p) => [p.x, p.y]);
  }

  // ---- drawing ------------------------------------------------------------------------------

  private drawTerrain(): void {
    this.groundDirty = true;
    // The names sit over the pieces, in the game's layer.
    this.gameDirty = true;
    this.drawNames();
    const g = this.terrainLayer;
    g.clear();
    const board = boardFor(this.players);
    const r = this.drawn.scale;
    const fills: Record<string, [number, number]> = {
      sea: [TERRAIN.sea, TERRAIN.seaLine],
      land: [TERRAIN.land, TERRAIN.landLine],
      village: [TERRAIN.village, TERRAIN.villageLine],
      city: [TERRAIN.city, TERRAIN.cityLine],
      edo: [TERRAIN.edo, TERRAIN.edoLine],
    };
    // Sea first, then land on top so the coastline reads cleanly.
    const order = board.hexes.slice().sort((a, b) => Number(HEXES[a].kind !== 'sea') - Number(HEXES[b].kind !== 'sea'));
    for (const h of order) {
      const hex = HEXES[h];
      const [fill, line] = fills[hex.kind];
      g.poly(this.hexPath(this.toScreen(h), r)).fill(fill).stroke({ width: Math.max(1, r * 0.04), color: line });
      if (hex.settlement >= 0) {
        // Settlements: an inner bevel so they read as places, not terrain.
        g.poly(this.hexPath(this.toScreen(h), r * 0.82)).stroke({ width: Math.max(1, r * 0.05), color: shade(fill, 0.25), alpha: 0.8 });
      }
    }
    // Coastlines: every edge between land and sea (or the board's rim).
    const coast = Math.max(1.5, r * 0.09);
    for (const h of board.hexes) {
      const hex = HEXES[h];
      if (hex.kind === 'sea') continue;
      const centre = hexCenterOf(h);
      const landNeighbours = new Set(board.neighbours[h].filter((n) => HEXES[n].kind !== 'sea'));
      for (const [dc, dr] of hex.col % 2 === 0 ? EVEN_OFFSETS : ODD_OFFSETS) {
        const neighbourIndex = indexAt(hex.col + dc, hex.row + dr);
        if (neighbourIndex >= 0 && landNeighbours.has(neighbourIndex)) continue;
        const other = hexCenter(hex.col + dc, hex.row + dr);
        const mid = { x: (centre.x + other.x) / 2, y: (centre.y + other.y) / 2 };
        const ends = hexCorners(centre, 1)
          .filter((c) => Math.hypot(c.x - mid.x, c.y - mid.y) < 0.6)
          .map((c) => worldToScreen(this.drawn, c));
        if (ends.length === 2) g.moveTo(ends[0].x, ends[0].y).lineTo(ends[1].x, ends[1].y);
      }
    }
    g.stroke({ width: coast, color: TERRAIN.coast, cap: 'round', alpha: 0.75 });
  }

  private drawDynamic(): void {
    if (!this.table) return;
    // Only the hexes and settlements that changed get new nodes; the cached layer is drawn again only then.
    const tiles = this.drawTiles();
    const settlements = this.drawSettlements();
    if (tiles || settlements) this.gameDirty = true;
    this.drawMarks();
  }

  /** The board to draw: the game's, or as a previewed play would leave it. */
  private get shown(): Table {
    return this.marks.preview?.table ?? this.table!;
  }

  /** True when a tile changed. */
  private drawTiles(): boolean {
    let changed = false;
    const table = this.shown;
    const ghosts = this.marks.preview?.hexes ?? [];
    const board = boardFor(this.players);
    const seen = new Set<number>();
    for (const h of board.hexes) {
      const owner = table.hexOwner[h];
      if (owner < 0) continue;
      seen.add(h);
      const ghost = ghosts.includes(h);
      const key = `${owner}:${table.hexTile[h]}:${ghost}`;
      const cached = this.tileNodes.get(h);
      if (cached?.key === key) continue;
      changed = true;
      cached?.node.destroy({ children: true });
      const tile = table.hexTile[h];
      const node = this.stamp(`tile:${tile}:${owner}`, () => this.tileNode(tile, this.seats[owner]), this.toScreen(h));
      // A previewed tile is a ghost: see-through, so nobody takes it for one already played.
      if (ghost) node.alpha = 0.62;
      this.tileLayer.addChild(node);
      this.tileNodes.set(h, { key, node });
    }
    for (const [h, cached] of this.tileNodes) {
      if (!seen.has(h)) {
        changed = true;
        cached.node.destroy({ children: true });
        this.tileNodes.delete(h);
      }
    }
    return changed;
  }

  /** A tile: a hex in the owner's colour with its glyph, strength, fast bolt and the owner's mark. */
  private tileNode(tileId: number, look: SeatLook | undefined): Container {
    const tile = TILES[tileId];
    const r = this.drawn.scale;
    const color = look?.color ?? 0x777777;
    const ink = look?.ink ?? 0xffffff;
    const node = new Container();
    // A token: a shadow, a dark rim and a face in the seat's colour, so tiles stand off the terrain.
    const base = new Graphics();
    const hex = (k: number, dy = 0) => hexCorners({ x: 0, y: dy }, r * k, this.drawn.angle).flatMap((p) => [p.x, p.y]);
    base.poly(hex(0.9, r * 0.07)).fill({ color: 0x000000, alpha: 0.35 });
    base.poly(hex(0.9)).fill(shade(color, -0.55));
    base.poly(hex(0.78)).fill(color).stroke({ width: Math.max(1, r * 0.035), color: shade(color, 0.35) });
    node.addChild(base);
    const glyphName = tile.kind as IconName;
    const glyph = this.icon(glyphName, ink, r * 0.78);
    glyph.position.set(-r * 0.39, -r * 0.55);
    node.addChild(glyph);
    if (tile.target !== 'pieces') {
      const strength = new Text({
        text: String(tile.strength),
        style: {
          fontFamily: 'system-ui, "Segoe UI", Roboto, sans-serif',
          fontWeight: '800',
          fontSize: Math.max(8, r * 0.42),
          fill: ink,
        },
        resolution: Math.min(4, (window.devicePixelRatio || 1) * 2),
      });
      strength.anchor.set(0.5, 0.5);
      strength.position.set(0, r * 0.5);
      node.addChild(strength);
    }
    if (tile.fast) {
      const bolt = this.icon('fast', ink, r * 0.34);
      bolt.position.set(-r * 0.62, r * 0.22);
      node.addChild(bolt);
    }
    if (look) {
      const mark = this.icon(look.mark, ink, r * 0.28);
      mark.position.set(r * 0.34, r * 0.26);
      node.addChild(mark);
    }
    return node;
  }

  /** True when a settlement changed. */
  private drawSettlements(): boolean {
    let changed = false;
    const table = this.shown;
    const board = boardFor(this.players);
    for (const s of board.settlements) {
      const mask = table.pieces[s];
      const open = openLand(table, s);
      const leaders = mask ? leadersAt(table, s) : [];
      const key = `${mask}:${open}:${leaders.join(',')}`;
      const cached = this.settlementNodes.get(s);
      if (cached?.key === key) continue;
      changed = true;
      cached?.node.destroy({ children: true });
      const node = this.settlementNode(s, mask, open, leaders);
      // Drawn once into a texture of its own: the game layer, drawn again at every step of a
      // replay, then copies it rather than stroking its lead rings and placing its pieces anew.
      node.cacheAsTexture({ antialias: true });
      this.pieceLayer.addChild(node);
      this.settlementNodes.set(s, { key, node });
    }
    return changed;
  }

  /** Pieces with a ring in the colour of whoever leads for each, and how much land is still open. */
  private settlementNode(settlement: number, mask: number, open: number, leaders: readonly (number | null)[]): Container {
    const r = this.drawn.scale;
    const node = new Container();
    const centre = this.toScreen(SETTLEMENTS[settlement].hex);
    const resolution = this.app.renderer.resolution;
    // On a whole device pixel, as its stamps are: they are then copied, not resampled.
    node.position.set(Math.round(centre.x * resolution) / resolution, Math.round(centre.y * resolution) / resolution);
    if (mask === 0) {
      // Its pieces are gone: the settlement fades, so live ones stand out.
      const spent = new Graphics();
      spent.poly(this.hexPath({ x: 0, y: 0 }, r * 0.97)).fill({ color: TERRAIN.background, alpha: 0.35 });
      node.addChild(spent);
    }
    const castes = castesIn(mask);
    const slots = pieceSlots(castes.length, this.drawn.angle);
    const rings = new Graphics();
    rings.label = 'lead-rings';
    node.addChild(rings);
    castes.forEach((caste, i) => {
      const leader = leaders[caste];
      const ring = leader === null || leader === undefined ? null : this.seats[leader]?.color ?? null;
      const at = { x: slots.offsets[i].x * r, y: slots.offsets[i].y * r };
      // Every ring before any piece: in crowded Edo a ring may pass behind its neighbour, never over it.
      if (ring !== null) drawLeadRing(rings, at.x, at.y, slots.radius * r, ring);
      const piece = this.stamp(`piece:${caste}:${castes.length}`, () => this.pieceNode(caste, slots.radius * r, null), at);
      piece.label = 'piece';
      node.addChild(piece);
    });
    if (mask !== 0) {
      // Open land around it: the fewer, the closer to a capture, the louder the badge.
      const at = badgeOffset(castes.length, this.drawn.angle);
      const badge = this.stamp(`open-land:${open}`, () => this.openLandBadge(open), { x: at.x * r, y: at.y * r });
      badge.label = 'open-land';
      node.addChild(badge);
    }
    return node;
  }

  /** The open-land count's font size now. */
  private openLandFontSize(): number {
    return Math.max(8, this.drawn.scale * OPEN_LAND_FONT);
  }

  /** A settlement's count of open land, on a disc coloured by how close it is to a capture. */
  private openLandBadge(open: number): Container {
    const node = new Container();
    const badge = new Graphics();
    const colour = open === 0 ? 0xc92a2a : open === 1 ? 0xe8590c : open === 2 ? 0xf59f00 : 0x495057;
    const fontSize = this.openLandFontSize();
    badge.circle(0, 0, fontSize * 0.72).fill(colour).stroke({ width: Math.max(1, this.drawn.scale * 0.04), color: 0xffffff });
    const count = new Text({
      text: String(open),
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize, fill: 0xffffff },
      resolution: Math.min(4, (window.devicePixelRatio || 1) * 2),
    });
    count.anchor.set(0.5, 0.5);
    node.addChild(badge, count);
    return node;
  }

  /** Edo's and the cities' names, as the log and the inspector call them: drawn with the terrain, over the pieces. */
  private drawNames(): void {
    for (const child of this.nameLayer.removeChildren()) child.destroy({ children: true });
    const r = this.drawn.scale;
    for (const s of boardFor(this.players).settlements) {
      const name = CITY_NAMES[HEXES[SETTLEMENTS[s].hex].name];
      if (!name) continue;
      const centre = this.toScreen(SETTLEMENTS[s].hex);
      const label = new Text({
        text: name.toUpperCase(),
        style: { fontFamily: 'system-ui, sans-serif', fontWeight: '700', fontSize: Math.max(8, r * 0.4), fill: 0xffffff, letterSpacing: 0.3 },
        resolution: Math.min(4, (window.devicePixelRatio || 1) * 2),
      });
      label.label = 'place-name';
      label.anchor.set(0.5, 0.5);
      // Long names may reach over the neighbours' corners, but no farther: they are squeezed beyond that.
      label.scale.set(Math.min(1, (r * 2.7) / Math.max(1, label.width)));
      label.position.set(centre.x, centre.y + r * NAME_LABEL_Y);
      const tag = new Graphics();
      const w = label.width + r * 0.2;
      const h = label.height + r * 0.02;
      tag.roundRect(centre.x - w / 2, centre.y + r * NAME_LABEL_Y - h / 2, w, h, h / 2).fill({ color: 0x111111, alpha: 0.7 });
      this.nameLayer.addChild(tag, label);
    }
    this.nameLayer.updateCacheTexture();
  }

  /** A caste piece: a disc in the caste's colour with its glyph; a ring, when given, shows who leads for it. */
  private pieceNode(caste: number, radius: number, ring: number | null): Container {
    const node = new Container();
    node.label = 'piece-node';
    if (ring !== null) {
      const rings = new Graphics();
      drawLeadRing(rings, 0, 0, radius, ring);
      node.addChild(rings);
    }
    const disc = new Graphics();
    disc.label = 'piece';
    disc.circle(0, 0, radius).fill(PIECE_FILL[caste]).stroke({ width: Math.max(1, radius * 0.1), color: shade(PIECE_FILL[caste], -0.5) });
    node.addChild(disc);
    const glyph = this.icon(PIECE_ICONS[caste], PIECE_INK, radius * 1.25);
    glyph.position.set(-radius * 0.625, -radius * 0.625);
    node.addChild(glyph);
    return node;
  }

  private drawMarks(): void {
    const r = this.drawn.scale;
    const marks = this.marks;
    const recentKey = `${this.drawn.scale}:${this.drawn.x}:${this.drawn.y}:${marks.lastHexes.join(',')}/${marks.currentHexes.join(',')}`;
    const recent = this.recentLayer;
    if (recentKey !== this.recentKey) {
      this.recentKey = recentKey;
      this.gameDirty = true;
    }
    recent.clear();
    for (const h of marks.lastHexes) {
      recent.poly(this.hexPath(this.toScreen(h), r * 0.99)).fill({ color: 0xffffff, alpha: 0.85 });
    }
    for (const h of marks.currentHexes) {
      recent.poly(this.hexPath(this.toScreen(h), r * 0.99)).fill({ color: HIGHLIGHT.selected, alpha: 0.9 });
    }

    const t = this.targetLayer;
    t.clear();
    // A target: a bright rim around the hex and a dot in its middle, readable on sand and on sea.
    for (const h of marks.targetHexes) {
      const c = this.toScreen(h);
      t.poly(this.hexPath(c, r * 0.84)).fill({ color: HIGHLIGHT.target, alpha: 0.5 }).stroke({ width: Math.max(2, r * 0.09), color: HIGHLIGHT.target });
      t.circle(c.x, c.y, r * 0.2).fill(HIGHLIGHT.target).stroke({ width: Math.max(1.5, r * 0.07), color: HIGHLIGHT.targetInk });
    }
    for (const piece of marks.targetPieces) {
      const p = this.pieceScreen(piece);
      if (!p) continue;
      t.circle(p.x, p.y, p.radius * 1.3).stroke({ width: Math.max(3, r * 0.12), color: HIGHLIGHT.targetInk });
      t.circle(p.x, p.y, p.radius * 1.3).stroke({ width: Math.max(2, r * 0.07), color: HIGHLIGHT.target });
    }

    const m = this.markLayer;
    m.clear();
    if (marks.selectedHex >= 0) {
      m.poly(this.hexPath(this.toScreen(marks.selectedHex), r * 0.92)).stroke({
        width: Math.max(2, r * 0.14),
        color: HIGHLIGHT.selected,
      });
    }
    if (marks.selectedPiece) {
      const p = this.pieceScreen(marks.selectedPiece);
      if (p) m.circle(p.x, p.y, p.radius * 1.3).stroke({ width: Math.max(2, r * 0.12), color: HIGHLIGHT.selected });
    }
    const preview = marks.preview;
    if (preview) {
      for (const s of preview.settlements) {
        m.poly(this.hexPath(this.toScreen(SETTLEMENTS[s].hex), r * 1.04)).stroke({ width: Math.max(2, r * 0.09), color: HIGHLIGHT.selected, alpha: 0.95 });
      }
      for (const h of preview.hexes) {
        m.poly(this.hexPath(this.toScreen(h), r * 0.93)).stroke({ width: Math.max(2, r * 0.1), color: HIGHLIGHT.selected });
      }
      // A piece that would leave the board: a bold ring in the colour of whoever takes it (grey: set aside).
      for (const capture of preview.captures) {
        const p = this.pieceScreen({ settlement: capture.settlement, caste: capture.caste });
        if (!p) continue;
        const look = capture.seat === null ? null : this.seats[capture.seat];
        m.circle(p.x, p.y, p.radius * 1.5).stroke({ width: Math.max(4, r * 0.16), color: 0x111111 });
        m.circle(p.x, p.y, p.radius * 1.5).stroke({ width: Math.max(2.5, r * 0.1), color: look?.color ?? 0x9aa5b1 });
      }
    }
    if (marks.inspected >= 0) {
      const h = SETTLEMENTS[marks.inspected].hex;
      m.poly(this.hexPath(this.toScreen(h), r * 1.02)).stroke({ width: Math.max(1.5, r * 0.06), color: 0xffffff, alpha: 0.9 });
    }
    for (const h of marks.pointedHexes) {
      const corners = this.hexPath(this.toScreen(h), r * 1.05);
      m.poly(corners).stroke({ width: Math.max(4, r * 0.18), color: HIGHLIGHT.targetInk }).stroke({ width: Math.max(2, r * 0.1), color: HIGHLIGHT.selected });
    }
    if (marks.focusHex >= 0) {
      const piece = marks.focusCaste >= 0 ? this.pieceScreen({ settlement: HEXES[marks.focusHex].settlement, caste: marks.focusCaste }) : null;
      if (piece) {
        m.circle(piece.x, piece.y, piece.radius * 1.45).stroke({ width: Math.max(3, r * 0.1), color: HIGHLIGHT.focus });
        m.circle(piece.x, piece.y, piece.radius * 1.6).stroke({ width: Math.max(1.5, r * 0.05), color: 0xffffff });
      } else {
        const corners = (k: number) => this.hexPath(this.toScreen(marks.focusHex), r * k);
        m.poly(corners(0.9)).stroke({ width: Math.max(3, r * 0.12), color: HIGHLIGHT.focus });
        m.poly(corners(1.02)).stroke({ width: Math.max(1.5, r * 0.05), color: 0xffffff });
      }
    }
  }

  private pieceScreen(piece: PieceRef): (Point & { radius: number }) | null {
    if (!this.table || piece.settlement < 0) return null;
    const mask = this.shown.pieces[piece.settlement];
    const castes = castesIn(mask);
    const at = castes.indexOf(piece.caste);
    if (at < 0) return null;
    const slots = pieceSlots(castes.length, this.drawn.angle);
    const centre = this.toScreen(SETTLEMENTS[piece.settlement].hex);
    const r = this.drawn.scale;
    return { x: centre.x + slots.offsets[at].x * r, y: centre.y + slots.offsets[at].y * r, radius: slots.radius * r };
  }

  /** A glyph of `size` px with its top-left corner at the node's origin; one shared geometry per glyph and colour. */
  private icon(name: IconName, color: number, size: number): Graphics {
    const key = `${name}:${color}`;
    let context = this.iconContexts.get(key);
    if (!context) {
      context = new GraphicsContext().svg(iconSvg(name, cssColor(color)));
      this.iconContexts.set(key, context);
    }
    const g = new Graphics(context);
    g.scale.set(size / 24);
    return g;
  }

  // ---- animation ----------------------------------------------------------------------------

  private frame = 0;
  private pulseTimer: ReturnType<typeof setTimeout> | undefined;
  private lastFrame = 0;

  /** Draws a frame soon; keeps drawing while something moves. */
  private requestRender(): void {
    if (this.frame || this.destroyed) return;
    clearTimeout(this.pulseTimer);
    this.pulseTimer = undefined;
    this.frame = requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (now: number): void => {
    this.frame = 0;
    if (this.destroyed) return;
    const delta = this.lastFrame ? Math.min(100, now - this.lastFrame) : 16.7;
    this.lastFrame = now;
    this.tick(delta);
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
    this.app.render();
    if (this.tweens.length > 0) {
      this.requestRender();
    } else if (this.pulsing) {
      // Only the target highlight breathes: a gentle 20 frames a second is plenty for it.
      this.pulseTimer = setTimeout(() => {
        this.pulseTimer = undefined;
        this.requestRender();
      }, 50);
    } else {
      this.lastFrame = 0;
    }
  };

  private get pulsing(): boolean {
    return this.marks.targetHexes.length > 0 || this.marks.targetPieces.length > 0;
  }

  private tick(deltaMs: number): void {
    this.pulse += deltaMs;
    if (this.pulsing) {
      this.targetLayer.alpha = 0.8 + 0.2 * Math.sin(this.pulse / 260);
    } else {
      this.targetLayer.alpha = 1;
    }
    for (let i = this.tweens.length - 1; i >= 0; i--) {
      const tween = this.tweens[i];
      tween.elapsed += deltaMs;
      const t = (tween.elapsed - tween.delay) / tween.duration;
      if (t < 0) continue;
      tween.node.visible = true;
      const e = t >= 1 ? 1 : easeInOut(t);
      // Flights are in camera pixels: undo the zoom transform of the world container.
      const k = this.world.scale.x;
      const x = tween.from.x + (tween.to.x - tween.from.x) * e;
      const y = tween.from.y + (tween.to.y - tween.from.y) * e - Math.sin(Math.PI * e) * tween.lift;
      tween.node.position.set((x - this.world.position.x) / k, (y - this.world.position.y) / k);
      tween.node.scale.set((1 + 0.35 * Math.sin(Math.PI * e)) / k);
      tween.node.alpha = t < 0.85 ? 1 : Math.max(0, 1 - (t - 0.85) / 0.15);
      if (t >= 1) {
        tween.node.destroy({ children: true });
        this.tweens.splice(i, 1);
        tween.done();
      }
    }
  }

  // ---- input --------------------------------------------------------------------------------

  private listen(canvas: HTMLCanvasElement): void {
    canvas.style.touchAction = 'none';
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, this.local(e));
      if (this.pointers.size === 1) this.gesture = { start: this.local(e), moved: false, pinch: 0 };
      else if (this.pointers.size === 2 && this.gesture) {
        this.gesture.moved = true;
        this.gesture.pinch = this.pinchDistance();
      }
    });
    canvas.addEventListener('pointermove', (e) => {
      const p = this.local(e);
      const previous = this.pointers.get(e.pointerId);
      if (!previous) {
        const hex = hexAtScreen(this.camera, p, this.players);
        this.events.hover(hex, hex >= 0 ? this.casteAt(p, hex) : -1);
        return;
      }
      this.pointers.set(e.pointerId, p);
      const gesture = this.gesture;
      if (!gesture) return;
      if (this.pointers.size >= 2) {
        const distance = this.pinchDistance();
        if (gesture.pinch > 0 && distance > 0) this.zoomBy(distance / gesture.pinch, this.pinchCentre());
        gesture.pinch = distance;
        return;
      }
      if (!gesture.moved && Math.hypot(p.x - gesture.start.x, p.y - gesture.start.y) > TAP_SLOP_PX) gesture.moved = true;
      if (gesture.moved && this.camera.scale > this.fitted.scale * 1.001) {
        this.camera = clampCamera(
          { ...this.camera, x: this.camera.x + p.x - previous.x, y: this.camera.y + p.y - previous.y },
          boardBounds(this.players, this.camera.angle),
          this.viewport,
        );
        this.applyCamera();
      }
    });
    const end = (e: PointerEvent) => {
      if (!this.pointers.has(e.pointerId)) return;
      this.pointers.delete(e.pointerId);
      const gesture = this.gesture;
      if (this.pointers.size === 0) this.gesture = null;
      if (e.type === 'pointerup' && gesture && !gesture.moved) this.tapAt(this.local(e), e.pointerType);
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
    canvas.addEventListener('pointerleave', (e) => {
      if (!this.pointers.has(e.pointerId)) this.events.hover(-1, -1);
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.zoomBy(Math.exp(-e.deltaY * 0.0015), this.local(e));
      },
      { passive: false },
    );
    canvas.addEventListener('dblclick', (e) => {
      e.preventDefault();
      this.resetZoom();
    });
  }

  private tapAt(p: Point, pointer: string): void {
    const hex = hexAtScreen(this.camera, p, this.players);
    if (hex < 0) return;
    this.events.tap(hex, this.casteAt(p, hex), pointer);
  }

  /** The piece under screen point `p` on `hex`, or -1. */
  private casteAt(p: Point, hex: number): number {
    const settlement = HEXES[hex].settlement;
    const mask = settlement >= 0 && this.table ? this.table.pieces[settlement] : 0;
    return mask ? pieceAtWorld(screenToWorld(this.camera, p), hex, mask, this.camera.angle) : -1;
  }

  private zoomBy(factor: number, at: Point): void {
    const zoomed = zoomCamera(this.camera, factor, at, this.fitted.scale, this.fitted.scale * 4);
    this.camera = clampCamera(zoomed, boardBounds(this.players, this.camera.angle), this.viewport);
    this.applyCamera();
  }

  private local(e: { clientX: number; clientY: number }): Point {
    const rect = this.app.canvas.getBoundingClientRect();
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

const EVEN_OFFSETS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1]] as const;
const ODD_OFFSETS = [[0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]] as const;
const hexByPosition = new Map<string, number>(HEXES.map((h) => [`${h.col},${h.row}`, h.index]));
function indexAt(col: number, row: number): number {
  return hexByPosition.get(`${col},${row}`) ?? -1;
}

/**
 * Who leads for a piece: a thick ring of that player's colour around it, edged in dark on both
 * sides so it reads on any terrain and against any piece.
 */
function drawLeadRing(g: Graphics, x: number, y: number, radius: number, colour: number): void {
  const width = Math.max(3, radius * 0.32);
  g.circle(x, y, radius + width / 2).stroke({ width: width + 2, color: 0x111111, alpha: 0.75 });
  g.circle(x, y, radius + width / 2).stroke({ width, color: colour });
}

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}
