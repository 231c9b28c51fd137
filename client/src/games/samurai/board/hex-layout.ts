/**
 * The one mapping between hexes and pixels. Flat-top hexes in odd-q offset coordinates, as the
 * engine's board: col grows east, row grows south, odd columns sit half a hex lower.
 *
 * "World" coordinates put a hex of circumradius 1 with hex 0,0 centred at the origin; the
 * camera turns the world (upright, or a twelfth of a turn clockwise so the long islands lie
 * across a wide screen), then scales and shifts it onto the screen. What sits inside a hex
 * (pieces, badges) keeps the screen's up.
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

/** World → screen: screen = turn(world, angle) × scale + offset. */
export interface Camera {
  scale: number;
  x: number;
  y: number;
  /** The board's turn on screen, in radians clockwise: one of BOARD_TURNS. */
  angle: number;
}

/**
 * The turns the board may be shown at: upright (the rules' picture, best on a phone held
 * upright), or 30° clockwise, which lays the islands across a landscape screen (hexes then
 * stand on a corner). Multiples of 30° keep every hex a regular hexagon on the pixel grid.
 */
export const BOARD_TURNS = [0, Math.PI / 6] as const;

/** A point turned clockwise (on screen, y down) by `angle` about the origin. */
export function turn(p: Point, angle: number): Point {
  if (angle === 0) return { x: p.x, y: p.y };
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos };
}

/** Do hexes stand on a corner (pointy top) at this turn, rather than on an edge? */
export function pointyAt(angle: number): boolean {
  return Math.round(angle / (Math.PI / 6)) % 2 !== 0;
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

/**
 * The six corners of a hex of circumradius `radius` around `center`, turned by `turnAngle`
 * (0: flat-top, the east corner first).
 */
export function hexCorners(center: Point, radius: number, turnAngle = 0): Point[] {
  const corners: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i + turnAngle;
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

/** The rectangle covering every hex in play, corners included, in world units turned by `angle`. */
export function boardBounds(players: PlayerCount, angle = 0): Rect {
  const rect: Rect = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const h of boardFor(players).hexes) {
    for (const corner of hexCorners(hexCenterOf(h), 1)) {
      const p = turn(corner, angle);
      rect.minX = Math.min(rect.minX, p.x);
      rect.maxX = Math.max(rect.maxX, p.x);
      rect.minY = Math.min(rect.minY, p.y);
      rect.maxY = Math.max(rect.maxY, p.y);
    }
  }
  return rect;
}

/**
 * The camera that shows `bounds` (turned by `angle`) as large as fits in `viewport`, centred,
 * `padding` px clear.
 */
export function fitCamera(bounds: Rect, viewport: Size, padding = 8, angle = 0): Camera {
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const availableWidth = Math.max(1, viewport.width - 2 * padding);
  const availableHeight = Math.max(1, viewport.height - 2 * padding);
  const scale = Math.min(availableWidth / width, availableHeight / height);
  return {
    scale,
    x: viewport.width / 2 - ((bounds.minX + bounds.maxX) / 2) * scale,
    y: viewport.height / 2 - ((bounds.minY + bounds.maxY) / 2) * scale,
    angle,
  };
}

/**
 * The board as large as it fits: at whichever of BOARD_TURNS gives the larger hexes. Upright
 * wins unless turning gains a tenth, so a board does not turn for a few pixels.
 */
export function fitBoard(players: PlayerCount, viewport: Size, padding = 8): Camera {
  const upright = fitCamera(boardBounds(players, 0), viewport, padding, 0);
  const angle = BOARD_TURNS[1];
  const turned = fitCamera(boardBounds(players, angle), viewport, padding, angle);
  return turned.scale > upright.scale * 1.1 ? turned : upright;
}

export function worldToScreen(camera: Camera, p: Point): Point {
  const q = turn(p, camera.angle);
  return { x: q.x * camera.scale + camera.x, y: q.y * camera.scale + camera.y };
}

export function screenToWorld(camera: Camera, p: Point): Point {
  return turn({ x: (p.x - camera.x) / camera.scale, y: (p.y - camera.y) / camera.scale }, -camera.angle);
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
 * Where the pieces of a settlement sit, relative to its centre in hex radii along the screen's
 * axes, and their radius: one piece in the middle, two side by side, three in a triangle pointing
 * up (on a corner-up hex each piece sits in a corner, which leaves room for larger pieces).
 */
export function pieceSlots(count: number, angle = 0): { offsets: Point[]; radius: number } {
  const pointy = pointyAt(angle);
  if (count <= 1) return { offsets: [{ x: 0, y: 0.04 }], radius: 0.5 };
  if (count === 2) {
    return pointy
      ? {
          offsets: [
            { x: -0.43, y: 0.1 },
            { x: 0.43, y: 0.1 },
          ],
          radius: 0.4,
        }
      : {
          offsets: [
            { x: -0.42, y: 0.06 },
            { x: 0.42, y: 0.06 },
          ],
          radius: 0.38,
        };
  }
  return pointy
    ? {
        offsets: [
          { x: 0, y: -0.5 },
          { x: -0.433, y: 0.25 },
          { x: 0.433, y: 0.25 },
        ],
        radius: 0.41,
      }
    : {
        offsets: [
          { x: 0, y: -0.42 },
          { x: -0.37, y: 0.22 },
          { x: 0.37, y: 0.22 },
        ],
        radius: 0.36,
      };
}

/**
 * Where a settlement holding `count` pieces shows its open-land count: in the room its pieces
 * leave, toward the top. In hex radii along the screen's axes.
 */
export function badgeOffset(count: number, angle = 0): Point {
  if (count === 2) return { x: 0, y: -0.6 };
  if (count >= 3) return pointyAt(angle) ? { x: 0.64, y: -0.37 } : { x: 0.62, y: -0.38 };
  return pointyAt(angle) ? { x: 0.58, y: -0.45 } : { x: 0.45, y: -0.6 };
}

/** Where a city's printed name sits: across the bottom of its hex, in hex radii. */
export const NAME_LABEL_Y = 0.8;

/** The castes present in a settlement's bit mask, in PIECES order (the order of their slots). */
export function castesIn(mask: number): number[] {
  const castes: number[] = [];
  for (let c = 0; c < 3; c++) if (mask & (1 << c)) castes.push(c);
  return castes;
}

/**
 * World centre of the piece of `caste` in a settlement holding `mask`, or null when absent, for
 * a board turned by `angle` (pieces keep the screen's up).
 */
export function pieceCenter(settlementHex: number, mask: number, caste: number, angle = 0): Point | null {
  const castes = castesIn(mask);
  const at = castes.indexOf(caste);
  if (at < 0) return null;
  const centre = hexCenterOf(settlementHex);
  const offset = turn(pieceSlots(castes.length, angle).offsets[at], -angle);
  return { x: centre.x + offset.x, y: centre.y + offset.y };
}

/**
 * The piece under world point p in the settlement on hex `settlementHex` (holding `mask`): its
 * caste, or -1. A tap inside the hex but beside every piece picks the nearest piece, since a
 * fingertip covers more than a piece.
 */
export function pieceAtWorld(p: Point, settlementHex: number, mask: number, angle = 0): number {
  let best = -1;
  let bestDistance = Infinity;
  for (const caste of castesIn(mask)) {
    const c = pieceCenter(settlementHex, mask, caste, angle)!;
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
  return { scale, x: at.x - (at.x - camera.x) * f, y: at.y - (at.y - camera.y) * f, angle: camera.angle };
}

/**
 * The camera moved as little as needed so the board still covers the middle of the viewport
 * (it can never be panned out of sight). When the whole board fits, it is centred instead.
 * `bounds` are the board's at the camera's turn.
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
    angle: camera.angle,
    x: clampAxis(camera.x, bounds.minX, bounds.maxX, viewport.width),
    y: clampAxis(camera.y, bounds.minY, bounds.maxY, viewport.height),
  };
}
