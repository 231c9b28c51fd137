import { boardFor, hexIndex, HEXES, PLAYER_COUNTS } from '@samurai/shared';
import {
  badgeOffset,
  BOARD_TURNS,
  boardBounds,
  castesIn,
  clampCamera,
  fitBoard,
  fitCamera,
  hexAtScreen,
  hexAtWorld,
  hexCenter,
  hexCenterOf,
  hexCorners,
  nearestInDirection,
  pieceAtWorld,
  pieceCenter,
  pieceSlots,
  pointyAt,
  screenToWorld,
  turn,
  worldToOffset,
  worldToScreen,
  zoomCamera,
} from './hex-layout';

const SQRT3 = Math.sqrt(3);
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('hex centres', () => {
  it('places columns 1.5 apart and odd columns half a hex lower', () => {
    expect(hexCenter(0, 0)).toEqual({ x: 0, y: 0 });
    expect(hexCenter(2, 0)).toEqual({ x: 3, y: 0 });
    expect(hexCenter(1, 0).y).toBeCloseTo(SQRT3 / 2);
    expect(hexCenter(0, 1).y).toBeCloseTo(SQRT3);
  });

  it('puts every pair of board neighbours exactly one hex apart and non-neighbours farther', () => {
    const board = boardFor(4);
    for (const h of board.hexes) {
      const neighbours = new Set(board.neighbours[h]);
      for (const n of board.hexes) {
        if (n === h) continue;
        const d = distance(hexCenterOf(h), hexCenterOf(n));
        if (neighbours.has(n)) expect(d).toBeCloseTo(SQRT3, 9);
        else expect(d).toBeGreaterThan(SQRT3 + 0.1);
      }
    }
  });

  it('gives flat-top corners at circumradius, the first due east', () => {
    const corners = hexCorners({ x: 5, y: 5 }, 2);
    expect(corners).toHaveLength(6);
    expect(corners[0].x).toBeCloseTo(7);
    expect(corners[0].y).toBeCloseTo(5);
    for (const c of corners) expect(distance(c, { x: 5, y: 5 })).toBeCloseTo(2);
  });
});

describe('hit testing', () => {
  it('finds every hex at its own centre', () => {
    for (const hex of HEXES) expect(worldToOffset(hexCenter(hex.col, hex.row))).toEqual({ col: hex.col, row: hex.row });
  });

  it('finds the hex just inside each of its corners', () => {
    for (const hex of HEXES) {
      const c = hexCenter(hex.col, hex.row);
      for (const corner of hexCorners(c, 0.97)) expect(worldToOffset(corner)).toEqual({ col: hex.col, row: hex.row });
      for (const corner of hexCorners(c, 0.84)) expect(hexAtWorld(corner, 4)).toBe(hex.index);
    }
  });

  it('agrees with adjacency across an edge: just past the shared edge is the neighbour', () => {
    const board = boardFor(4);
    for (const h of board.hexes) {
      for (const n of board.neighbours[h]) {
        const a = hexCenterOf(h);
        const b = hexCenterOf(n);
        const justPast = { x: a.x + (b.x - a.x) * 0.55, y: a.y + (b.y - a.y) * 0.55 };
        expect(hexAtWorld(justPast, 4)).toBe(n);
      }
    }
  });

  it('returns -1 off the board and for hexes not in play with fewer players', () => {
    expect(hexAtWorld({ x: -50, y: -50 }, 4)).toBe(-1);
    const hokkaido = HEXES.find((h) => h.island === 'hokkaido')!;
    expect(hexAtWorld(hexCenter(hokkaido.col, hokkaido.row), 4)).toBe(hokkaido.index);
    expect(hexAtWorld(hexCenter(hokkaido.col, hokkaido.row), 3)).toBe(-1);
    const kyushu = HEXES.find((h) => h.island === 'kyushu')!;
    expect(hexAtWorld(hexCenter(kyushu.col, kyushu.row), 2)).toBe(-1);
    expect(hexAtWorld(hexCenter(kyushu.col, kyushu.row), 3)).toBe(kyushu.index);
  });
});

describe('camera', () => {
  it.each(PLAYER_COUNTS)('fits the %i-player board inside the viewport, centred, as large as possible', (players) => {
    const bounds = boardBounds(players);
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
      { width: 300, height: 300 },
    ]) {
      const camera = fitCamera(bounds, viewport, 10);
      const topLeft = worldToScreen(camera, { x: bounds.minX, y: bounds.minY });
      const bottomRight = worldToScreen(camera, { x: bounds.maxX, y: bounds.maxY });
      expect(topLeft.x).toBeGreaterThanOrEqual(10 - 1e-6);
      expect(topLeft.y).toBeGreaterThanOrEqual(10 - 1e-6);
      expect(bottomRight.x).toBeLessThanOrEqual(viewport.width - 10 + 1e-6);
      expect(bottomRight.y).toBeLessThanOrEqual(viewport.height - 10 + 1e-6);
      // One dimension touches the padding: nothing is wasted.
      const slackX = topLeft.x - 10;
      const slackY = topLeft.y - 10;
      expect(Math.min(slackX, slackY)).toBeCloseTo(0, 6);
      // Centred.
      expect(topLeft.x + bottomRight.x).toBeCloseTo(viewport.width);
      expect(topLeft.y + bottomRight.y).toBeCloseTo(viewport.height);
    }
  });

  it('frames only the hexes in play: the 2-player board is smaller than the 4-player one', () => {
    const two = boardBounds(2);
    const four = boardBounds(4);
    expect(two.maxX - two.minX).toBeLessThan(four.maxX - four.minX);
    expect(two.maxY - two.minY).toBeLessThan(four.maxY - four.minY);
    const edo = hexCenterOf(hexIndex('14,13'));
    expect(edo.x).toBeGreaterThan(two.minX);
    expect(edo.x).toBeLessThan(two.maxX);
    const viewport = { width: 800, height: 600 };
    expect(fitCamera(two, viewport).scale).toBeGreaterThan(fitCamera(four, viewport).scale);
  });

  it.each(PLAYER_COUNTS)('turns the %i-player board across a landscape screen, and keeps it upright on a phone', (players) => {
    const landscape = fitBoard(players, { width: 980, height: 740 }, 8);
    const upright = fitCamera(boardBounds(players), { width: 980, height: 740 }, 8);
    if (players > 2) {
      expect(landscape.angle).toBeCloseTo(Math.PI / 6);
      expect(landscape.scale).toBeGreaterThan(upright.scale * 1.1);
    } else expect(landscape.scale).toBeGreaterThanOrEqual(upright.scale);
    expect(fitBoard(players, { width: 380, height: 620 }, 8).angle).toBe(0);
    // Turned or not, every corner of every hex is on screen, within the padding.
    for (const viewport of [
      { width: 980, height: 740 },
      { width: 1280, height: 500 },
      { width: 380, height: 620 },
    ]) {
      const camera = fitBoard(players, viewport, 8);
      for (const h of boardFor(players).hexes) {
        for (const corner of hexCorners(hexCenterOf(h), 1)) {
          const p = worldToScreen(camera, corner);
          expect(p.x).toBeGreaterThanOrEqual(8 - 1e-6);
          expect(p.y).toBeGreaterThanOrEqual(8 - 1e-6);
          expect(p.x).toBeLessThanOrEqual(viewport.width - 8 + 1e-6);
          expect(p.y).toBeLessThanOrEqual(viewport.height - 8 + 1e-6);
        }
      }
    }
  });

  it('turns points clockwise on screen, and draws turned hexes standing on a corner', () => {
    const p = turn({ x: 1, y: 0 }, Math.PI / 2);
    expect(p.x).toBeCloseTo(0);
    expect(p.y).toBeCloseTo(1); // clockwise: east turns to south (y grows downward)
    const corners = hexCorners({ x: 0, y: 0 }, 1, Math.PI / 6);
    expect(Math.min(...corners.map((c) => c.y))).toBeCloseTo(-1); // a corner straight up
  });

  it('maps screen back to world exactly on a turned board and hit-tests every hex there', () => {
    const camera = fitBoard(4, { width: 980, height: 740 }, 8);
    expect(camera.angle).not.toBe(0);
    const p = { x: 3.25, y: -7.5 };
    const back = screenToWorld(camera, worldToScreen(camera, p));
    expect(back.x).toBeCloseTo(p.x);
    expect(back.y).toBeCloseTo(p.y);
    for (const h of boardFor(4).hexes) {
      const centre = worldToScreen(camera, hexCenterOf(h));
      expect(hexAtScreen(camera, centre, 4)).toBe(h);
      // Just inside each corner as drawn on screen.
      for (const corner of hexCorners(centre, camera.scale * 0.9, camera.angle)) expect(hexAtScreen(camera, corner, 4)).toBe(h);
    }
  });

  it('maps screen back to world exactly and hit-tests on screen', () => {
    const camera = fitCamera(boardBounds(2), { width: 1000, height: 700 });
    const p = { x: 3.25, y: -7.5 };
    const back = screenToWorld(camera, worldToScreen(camera, p));
    expect(back.x).toBeCloseTo(p.x);
    expect(back.y).toBeCloseTo(p.y);
    const edo = hexIndex('14,13');
    expect(hexAtScreen(camera, worldToScreen(camera, hexCenterOf(edo)), 2)).toBe(edo);
  });
});

describe('keyboard navigation', () => {
  const grid = [
    { x: 0, y: 0 },
    { x: 2, y: 0 },
    { x: 4, y: 0.5 },
    { x: 0, y: 2 },
    { x: 2, y: 3 },
  ];

  it('moves to the nearest candidate in the arrow direction', () => {
    expect(nearestInDirection(grid[0], grid, 'right')).toBe(1);
    expect(nearestInDirection(grid[1], grid, 'right')).toBe(2);
    expect(nearestInDirection(grid[0], grid, 'down')).toBe(3);
    expect(nearestInDirection(grid[1], grid, 'down')).toBe(4);
    expect(nearestInDirection(grid[4], grid, 'up')).toBe(1);
  });

  it('wraps to the far side when nothing lies that way, and gives -1 with no other candidate', () => {
    expect(nearestInDirection(grid[2], grid, 'right')).toBe(0);
    expect(nearestInDirection(grid[0], [grid[0]], 'left')).toBe(-1);
  });
});

describe('pieces inside a settlement', () => {
  const edo = hexIndex('14,13');

  it.each(BOARD_TURNS)('keeps every piece disc inside the hex and apart from the others (board turned %f)', (angle) => {
    // The hex's edges, as seen on screen: a disc is inside when it is inside each edge.
    const normals = [0, 1, 2, 3, 4, 5].map((k) => (Math.PI / 3) * k + Math.PI / 6 + angle);
    for (const count of [1, 2, 3]) {
      const { offsets, radius } = pieceSlots(count, angle);
      expect(offsets).toHaveLength(count);
      for (const o of offsets) {
        for (const n of normals) expect(o.x * Math.cos(n) + o.y * Math.sin(n) + radius).toBeLessThanOrEqual(Math.sqrt(3) / 2 + 1e-9);
      }
      for (let i = 0; i < count; i++) {
        for (let j = i + 1; j < count; j++) {
          expect(Math.hypot(offsets[i].x - offsets[j].x, offsets[i].y - offsets[j].y)).toBeGreaterThanOrEqual(2 * radius);
        }
      }
    }
    // The open-land badge's middle sits inside the hex too, clear of the pieces' middles.
    for (const count of [1, 2, 3]) {
      const badge = badgeOffset(count, angle);
      for (const n of normals) expect(badge.x * Math.cos(n) + badge.y * Math.sin(n)).toBeLessThan(Math.sqrt(3) / 2);
      const { offsets, radius } = pieceSlots(count, angle);
      for (const o of offsets) expect(Math.hypot(badge.x - o.x, badge.y - o.y)).toBeGreaterThan(radius);
    }
  });

  it('makes pieces larger on a board turned to stand its hexes on a corner', () => {
    expect(pointyAt(0)).toBe(false);
    expect(pointyAt(Math.PI / 6)).toBe(true);
    for (const count of [2, 3]) expect(pieceSlots(count, Math.PI / 6).radius).toBeGreaterThan(pieceSlots(count, 0).radius);
  });

  it('keeps pieces upright on screen when the board is turned', () => {
    const camera = fitCamera(boardBounds(4, Math.PI / 6), { width: 980, height: 740 }, 8, Math.PI / 6);
    const centre = worldToScreen(camera, hexCenterOf(edo));
    const { offsets } = pieceSlots(3, camera.angle);
    castesIn(0b111).forEach((caste, i) => {
      const p = worldToScreen(camera, pieceCenter(edo, 0b111, caste, camera.angle)!);
      expect(p.x).toBeCloseTo(centre.x + offsets[i].x * camera.scale);
      expect(p.y).toBeCloseTo(centre.y + offsets[i].y * camera.scale);
      expect(pieceAtWorld(screenToWorld(camera, p), edo, 0b111, camera.angle)).toBe(caste);
    });
  });

  it('lists castes in piece order and places only those present', () => {
    expect(castesIn(0b101)).toEqual([0, 2]);
    expect(castesIn(0)).toEqual([]);
    expect(pieceCenter(edo, 0b101, 1)).toBeNull();
    expect(pieceCenter(edo, 0b001, 0)).toEqual({ x: hexCenterOf(edo).x, y: hexCenterOf(edo).y + 0.04 });
  });

  it('hit-tests each piece at its own centre, and the nearest one elsewhere in the hex', () => {
    for (const mask of [0b001, 0b011, 0b110, 0b111]) {
      for (const caste of castesIn(mask)) expect(pieceAtWorld(pieceCenter(edo, mask, caste)!, edo, mask)).toBe(caste);
    }
    const centre = hexCenterOf(edo);
    expect(pieceAtWorld({ x: centre.x - 0.7, y: centre.y + 0.1 }, edo, 0b011)).toBe(0);
    expect(pieceAtWorld({ x: centre.x + 0.7, y: centre.y + 0.1 }, edo, 0b011)).toBe(1);
    expect(pieceAtWorld({ x: centre.x + 5, y: centre.y }, edo, 0b011)).toBe(-1);
    expect(pieceAtWorld(centre, edo, 0)).toBe(-1);
  });
});

describe('zoom and pan', () => {
  const bounds = boardBounds(2);
  const viewport = { width: 800, height: 600 };
  const fitted = fitCamera(bounds, viewport);

  it('zooms about the pointer: the world point under it stays under it', () => {
    const at = { x: 300, y: 200 };
    const before = screenToWorld(fitted, at);
    const zoomed = zoomCamera(fitted, 2, at, fitted.scale, fitted.scale * 4);
    expect(zoomed.scale).toBeCloseTo(fitted.scale * 2);
    const after = screenToWorld(zoomed, at);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('holds the zoom between its limits', () => {
    expect(zoomCamera(fitted, 0.1, { x: 0, y: 0 }, fitted.scale, fitted.scale * 4).scale).toBeCloseTo(fitted.scale);
    expect(zoomCamera(fitted, 100, { x: 0, y: 0 }, fitted.scale, fitted.scale * 4).scale).toBeCloseTo(fitted.scale * 4);
  });

  it('never lets the board be dragged out of sight, and centres it when it fits', () => {
    const zoomed = zoomCamera(fitted, 3, { x: 400, y: 300 }, fitted.scale, fitted.scale * 4);
    const dragged = clampCamera({ ...zoomed, x: zoomed.x + 10_000, y: zoomed.y - 10_000 }, bounds, viewport);
    const topLeft = worldToScreen(dragged, { x: bounds.minX, y: bounds.minY });
    const bottomRight = worldToScreen(dragged, { x: bounds.maxX, y: bounds.maxY });
    expect(topLeft.x).toBeCloseTo(0);
    expect(bottomRight.y).toBeCloseTo(viewport.height);
    const recentred = clampCamera({ ...fitted, x: fitted.x + 50 }, bounds, viewport);
    expect(recentred.x).toBeCloseTo(fitted.x);
  });
});
