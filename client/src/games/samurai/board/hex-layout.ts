/**
 * The one mapping between hexes and pixels. Flat-top hexes in odd-q offset coordinates, as the
 * engine's board: col grows east, row grows south, odd columns sit half a hex lower.
 *
 * "World" coordinates put a hex of circumradius 1 with hex 0,0 centred at the origin; the
 * camera scales and shifts world coordinates onto the screen.
 */
import { boardFor, HEXES, PlayerCount } from '@samurai/shared';

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** World → screen: screen = world × scale + offset. */
export interface Camera {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

const SQRT3 = Math.sqrt(3);

/** Centre of hex (col, row) in world units. */
export function hexCenter(col: number, row: number): Point {
  return { x: 1.5 * col, y: SQRT3 * (row + 0.5 * (col & 1)) };
}

/** Centre of the hex with this global index. */
export function hexCenterOf(index: number): Point {
  const hex = HEXES[index];
  return hexCenter(hex.col, hex.row);
}

/** The six corners of a flat-top hex of circumradius `radius` around `center`, east corner first. */
export function hexCorners(center: Point, radius: number): Point[] {
  const corners: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i;
    corners.push({ x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) });
  }
  return corners;
}

/** The (col, row) of the hex containing world point p (every point of the plane is in one). */
export function worldToOffset(p: Point): { col: number; row: number } {
  // Fractional axial coordinates, rounded in cube space so hex edges are judged exactly.
  const q = (2 / 3) * p.x;
  const r = (-1 / 3) * p.x + (SQRT3 / 3) * p.y;
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  // `+ 0` turns a -0 from the rounding into 0.
  return { col: rq + 0, row: rr + (rq - (rq & 1)) / 2 + 0 };
}

const indexByPosition = new Map<string, number>(HEXES.map((h) => [`${h.col},${h.row}`, h.index]));

/** Global index of the hex in play under world point p, or -1 off the board. */
export function hexAtWorld(p: Point, players: PlayerCount): number {
  const { col, row } = worldToOffset(p);
  const index = indexByPosition.get(`${col},${row}`);
  if (index === undefined || !boardFor(players).onBoard[index]) return -1;
  return index;
}

/** The world rectangle covering every hex in play, corners included. */
export function boardBounds(players: PlayerCount): Rect {
  const rect: Rect = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const h of boardFor(players).hexes) {
    const c = hexCenterOf(h);
    rect.minX = Math.min(rect.minX, c.x - 1);
    rect.maxX = Math.max(rect.maxX, c.x + 1);
    rect.minY = Math.min(rect.minY, c.y - SQRT3 / 2);
    rect.maxY = Math.max(rect.maxY, c.y + SQRT3 / 2);
  }
  return rect;
}

/** The camera that shows `bounds` as large as fits in `viewport`, centred, `padding` px clear. */
export function fitCamera(bounds: Rect, viewport: Size, padding = 8): Camera {
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const availableWidth = Math.max(1, viewport.width - 2 * padding);
  const availableHeight = Math.max(1, viewport.height - 2 * padding);
  const scale = Math.min(availableWidth / width, availableHeight / height);
  return {
    scale,
    x: viewport.width / 2 - ((bounds.minX + bounds.maxX) / 2) * scale,
    y: viewport.height / 2 - ((bounds.minY + bounds.maxY) / 2) * scale,
  };
}

export function worldToScreen(camera: Camera, p: Point): Point {
  return { x: p.x * camera.scale + camera.x, y: p.y * camera.scale + camera.y };
}

export function screenToWorld(camera: Camera, p: Point): Point {
  return { x: (p.x - camera.x) / camera.scale, y: (p.y - camera.y) / camera.scale };
}

/** Global index of the hex in play under screen point p, or -1. */
export function hexAtScreen(camera: Camera, p: Point, players: PlayerCount): number {
  return hexAtWorld(screenToWorld(camera, p), players);
}

export type Direction = 'up' | 'down' | 'left' | 'right';

const DIRECTION_VECTORS: Readonly<Record<Direction, Point>> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

/**
 * Keyboard navigation among targets: the candidate nearest to `from` that lies in `direction`
 * (within 60° of it), weighting sideways distance double so the arrow feels straight. When none
 * lies that way, wraps to the farthest candidate on the opposite side. -1 when there is no other.
 */
export function nearestInDirection(from: Point, candidates: readonly Point[], direction: Direction): number {
  const d = DIRECTION_VECTORS[direction];
  let best = -1;
  let bestCost = Infinity;
  let wrap = -1;
  let wrapCost = Infinity;
  candidates.forEach((c, i) => {
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    const along = dx * d.x + dy * d.y;
    const across = Math.abs(dx * d.y - dy * d.x);
    if (along === 0 && across === 0) return;
    if (along > 0 && across <= along * SQRT3) {
      const cost = along + 2 * across;
      if (cost < bestCost) {
        bestCost = cost;
        best = i;
      }
    } else if (along < 0) {
      // Wrapping: the farthest back, in line with the arrow.
      const cost = along + 2 * across;
      if (cost < wrapCost) {
        wrapCost = cost;
        wrap = i;
      }
    }
  });
  return best >= 0 ? best : wrap;
}

/**
 * Where the pieces of a settlement sit, relative to its centre in hex radii, and their radius:
 * one piece in the middle, two side by side, three in a triangle.
 */
export function pieceSlots(count: number): { offsets: Point[]; radius: number } {
  if (count <= 1) return { offsets: [{ x: 0, y: 0.06 }], radius: 0.5 };
  if (count === 2) return { offsets: [{ x: -0.4, y: 0.08 }, { x: 0.4, y: 0.08 }], radius: 0.37 };
  return {
    offsets: [
      { x: 0, y: -0.3 },
      { x: -0.36, y: 0.3 },
      { x: 0.36, y: 0.3 },
    ],
    radius: 0.32,
  };
}

/** The castes present in a settlement's bit mask, in PIECES order (the order of their slots). */
export function castesIn(mask: number): number[] {
  const castes: number[] = [];
  for (let c = 0; c < 3; c++) if (mask & (1 << c)) castes.push(c);
  return castes;
}

/** World centre of the piece of `caste` in a settlement holding `mask`, or null when absent. */
export function pieceCenter(settlementHex: number, mask: number, caste: number): Point | null {
  const castes = castesIn(mask);
  const at = castes.indexOf(caste);
  if (at < 0) return null;
  const centre = hexCenterOf(settlementHex);
  const offset = pieceSlots(castes.length).offsets[at];
  return { x: centre.x + offset.x, y: centre.y + offset.y };
}

/**
 * The piece under world point p in the settlement on hex `settlementHex` (holding `mask`): its
 * caste, or -1. A tap inside the hex but beside every piece picks the nearest piece, since a
 * fingertip covers more than a piece.
 */
export function pieceAtWorld(p: Point, settlementHex: number, mask: number): number {
  let best = -1;
  let bestDistance = Infinity;
  for (const caste of castesIn(mask)) {
    const c = pieceCenter(settlementHex, mask, caste)!;
    const d = Math.hypot(p.x - c.x, p.y - c.y);
    if (d < bestDistance) {
      bestDistance = d;
      best = caste;
    }
  }
  return bestDistance <= 1 ? best : -1;
}

/**
 * The camera after zooming by `factor` about screen point `at` (that point stays put), with the
 * zoom held between `minScale` and `maxScale`.
 */
export function zoomCamera(camera: Camera, factor: number, at: Point, minScale: number, maxScale: number): Camera {
  const scale = Math.min(maxScale, Math.max(minScale, camera.scale * factor));
  const f = scale / camera.scale;
  return { scale, x: at.x - (at.x - camera.x) * f, y: at.y - (at.y - camera.y) * f };
}

/**
 * The camera moved as little as needed so the board still covers the middle of the viewport
 * (it can never be panned out of sight). When the whole board fits, it is centred instead.
 */
export function clampCamera(camera: Camera, bounds: Rect, viewport: Size): Camera {
  const clampAxis = (offset: number, min: number, max: number, length: number) => {
    const lo = min * camera.scale + offset;
    const hi = max * camera.scale + offset;
    if (hi - lo <= length) return offset + (length / 2 - (lo + hi) / 2);
    // The board is larger than the viewport: no gap at either side.
    if (lo > 0) return offset - lo;
    if (hi < length) return offset + (length - hi);
    return offset;
  };
  return {
    scale: camera.scale,
    x: clampAxis(camera.x, bounds.minX, bounds.maxX, viewport.width),
    y: clampAxis(camera.y, bounds.minY, bounds.maxY, viewport.height),
  };
}
