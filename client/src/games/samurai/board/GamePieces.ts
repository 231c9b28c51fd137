import { Container, Graphics, Sprite } from 'pixi.js';
import { boardFor, openLand, PlayerCount, SETTLEMENTS, Table, TILES } from '@samurai/shared';
import type { SeatLook } from '../../../ui/seat-look';
import { BoardArt, drawLeadRing, openLandFontSize } from './BoardArt';
import type { BoardCamera } from './BoardCamera';
import { leadersAt } from './board-reading';
import { badgeOffset, castesIn, pieceSlots } from './hex-layout';
import type { StampCache } from './StampCache';
import { TERRAIN } from './theme';

/** What the game layer draws: the board to show, the tiles drawn as ghosts, the seats' looks. */
export interface PiecesInput {
  readonly players: PlayerCount;
  readonly table: Table;
  /** Where a previewed play puts a tile: drawn see-through. */
  readonly ghosts: readonly number[];
  readonly seats: readonly SeatLook[];
}

/** The tiles that go on a hex of land or sea (the others act on pieces). */
const BOARD_TILES = TILES.filter((tile) => tile.target === 'land' || tile.target === 'sea').map((tile) => tile.id);

/**
 * The tiles played and each settlement's pieces, lead rings and open land: a node per hex and per
 * settlement, kept while it shows the same thing, so a step of the game adds only what changed.
 */
export class GamePieces {
  readonly tileLayer = new Container();
  readonly pieceLayer = new Container();
  /** The node of each hex with a tile and of each settlement, with the key of what it shows. */
  readonly tileNodes = new Map<number, { key: string; node: Container }>();
  readonly settlementNodes = new Map<number, { key: string; node: Container }>();

  constructor(
    private readonly art: BoardArt,
    private readonly stamps: StampCache,
    private readonly camera: BoardCamera,
    /** The canvas's device pixels per CSS pixel. */
    private readonly resolution: () => number,
  ) {}

  /** Draws what changed; true when anything did. */
  draw(input: PiecesInput): boolean {
    const tiles = this.drawTiles(input);
    const settlements = this.drawSettlements(input);
    return tiles || settlements;
  }

  /** Every node goes (a new camera, new looks). */
  clear(): void {
    for (const { node } of this.tileNodes.values()) node.destroy({ children: true });
    for (const { node } of this.settlementNodes.values()) node.destroy({ children: true });
    this.tileNodes.clear();
    this.settlementNodes.clear();
  }

  /** The settlements' nodes as drawn, for the readability measures. */
  settlements(): Container[] {
    return [...this.settlementNodes.values()].map((s) => s.node);
  }

  /** Stamps a game is likely to need, to draw ahead: every seat's tiles, the pieces however many share a settlement, the open-land counts. */
  warmJobs(players: PlayerCount, seats: readonly SeatLook[]): (() => void)[] {
    const drawn = this.camera.drawn;
    const jobs: (() => void)[] = [];
    for (let owner = 0; owner < players; owner++) {
      for (const tile of BOARD_TILES) jobs.push(() => this.stamps.ensure(`tile:${tile}:${owner}`, () => this.art.tileNode(drawn, tile, seats[owner])));
    }
    for (let count = 1; count <= 3; count++) {
      const slots = pieceSlots(count, drawn.angle);
      for (let caste = 0; caste < 3; caste++)
        jobs.push(() => this.stamps.ensure(`piece:${caste}:${count}`, () => this.art.pieceNode(caste, slots.radius * drawn.scale, null)));
    }
    const land = Math.max(...boardFor(players).settlementLand.map((hexes) => hexes.length));
    for (let open = 0; open <= land; open++) jobs.push(() => this.stamps.ensure(`open-land:${open}`, () => this.art.openLandBadge(drawn, open)));
    return jobs;
  }

  /** True when a tile changed. */
  private drawTiles({ players, table, ghosts, seats }: PiecesInput): boolean {
    let changed = false;
    const seen = new Set<number>();
    for (const h of boardFor(players).hexes) {
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
      const node = this.stamps.sprite(`tile:${tile}:${owner}`, () => this.art.tileNode(this.camera.drawn, tile, seats[owner]), this.camera.toDrawn(h));
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

  /** True when a settlement changed. */
  private drawSettlements({ players, table, seats }: PiecesInput): boolean {
    let changed = false;
    for (const s of boardFor(players).settlements) {
      const mask = table.pieces[s];
      const open = openLand(table, s);
      const leaders = mask ? leadersAt(table, s) : [];
      const key = `${mask}:${open}:${leaders.join(',')}`;
      const cached = this.settlementNodes.get(s);
      if (cached?.key === key) continue;
      changed = true;
      cached?.node.destroy({ children: true });
      const node = this.settlementNode(s, mask, open, leaders, seats);
      // Drawn once into a texture of its own: the game layer, drawn again at every step of a
      // replay, then copies it rather than stroking its lead rings and placing its pieces anew.
      node.cacheAsTexture({ antialias: true });
      this.pieceLayer.addChild(node);
      this.settlementNodes.set(s, { key, node });
    }
    return changed;
  }

  /** Pieces with a ring in the colour of whoever leads for each, and how much land is still open. */
  private settlementNode(settlement: number, mask: number, open: number, leaders: readonly (number | null)[], seats: readonly SeatLook[]): Container {
    const drawn = this.camera.drawn;
    const r = drawn.scale;
    const node = new Container();
    const centre = this.camera.toDrawn(SETTLEMENTS[settlement].hex);
    const resolution = this.resolution();
    // On a whole device pixel, as its stamps are: they are then copied, not resampled.
    node.position.set(Math.round(centre.x * resolution) / resolution, Math.round(centre.y * resolution) / resolution);
    if (mask === 0) {
      // Its pieces are gone: the settlement fades, so live ones stand out.
      const spent = new Graphics();
      spent.poly(this.camera.hexPath({ x: 0, y: 0 }, r * 0.97)).fill({ color: TERRAIN.background, alpha: 0.35 });
      node.addChild(spent);
    }
    const castes = castesIn(mask);
    const slots = pieceSlots(castes.length, drawn.angle);
    const rings = new Graphics();
    rings.label = 'lead-rings';
    node.addChild(rings);
    castes.forEach((caste, i) => {
      const leader = leaders[caste];
      const ring = leader === null || leader === undefined ? null : (seats[leader]?.color ?? null);
      const at = { x: slots.offsets[i].x * r, y: slots.offsets[i].y * r };
      // Every ring before any piece: in crowded Edo a ring may pass behind its neighbour, never over it.
      if (ring !== null) drawLeadRing(rings, at.x, at.y, slots.radius * r, ring);
      const piece = this.stamps.sprite(`piece:${caste}:${castes.length}`, () => this.art.pieceNode(caste, slots.radius * r, null), at);
      piece.label = 'piece';
      node.addChild(piece);
    });
    if (mask !== 0) {
      // Open land around it: the fewer, the closer to a capture, the louder the badge.
      const at = badgeOffset(castes.length, drawn.angle);
      const badge = this.stamps.sprite(`open-land:${open}`, () => this.art.openLandBadge(drawn, open), { x: at.x * r, y: at.y * r });
      badge.label = 'open-land';
      node.addChild(badge);
    }
    return node;
  }

  /** The open-land count's font size as drawn now. */
  openLandFont(): number {
    return openLandFontSize(this.camera.drawn.scale);
  }

  /** The piece discs of a settlement's node. */
  static discs(node: Container): Sprite[] {
    return node.children.filter((c): c is Sprite => c.label === 'piece' && c instanceof Sprite);
  }
}
