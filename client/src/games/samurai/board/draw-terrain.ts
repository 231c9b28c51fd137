/** The board's ground, drawn for a camera: sea, land, settlements, the coastlines, and the places' names. */
import { type Container, Graphics, Text } from 'pixi.js';
import { boardFor, HEXES, neighbourOffsets, PlayerCount, SETTLEMENTS } from '@samurai/shared';
import { shade } from '../../../ui/colour';
import { CITY_NAMES } from '../model/places';
import { textResolution } from './BoardArt';
import type { BoardCamera } from './BoardCamera';
import { hexCenter, hexCenterOf, hexCorners, NAME_LABEL_Y, worldToScreen } from './hex-layout';
import { TERRAIN } from './theme';

const hexByPosition = new Map<string, number>(HEXES.map((h) => [`${h.col},${h.row}`, h.index]));
function indexAt(col: number, row: number): number {
  return hexByPosition.get(`${col},${row}`) ?? -1;
}

/** Every hex of the board for `players`, filled by its kind, settlements bevelled, and the coastlines. */
export function drawTerrain(g: Graphics, players: PlayerCount, camera: BoardCamera): void {
  g.clear();
  const board = boardFor(players);
  const r = camera.drawn.scale;
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
    g.poly(camera.hexPath(camera.toDrawn(h), r))
      .fill(fill)
      .stroke({ width: Math.max(1, r * 0.04), color: line });
    if (hex.settlement >= 0) {
      // Settlements: an inner bevel so they read as places, not terrain.
      g.poly(camera.hexPath(camera.toDrawn(h), r * 0.82)).stroke({ width: Math.max(1, r * 0.05), color: shade(fill, 0.25), alpha: 0.8 });
    }
  }
  // Coastlines: every edge between land and sea (or the board's rim).
  const coast = Math.max(1.5, r * 0.09);
  for (const h of board.hexes) {
    const hex = HEXES[h];
    if (hex.kind === 'sea') continue;
    const centre = hexCenterOf(h);
    const landNeighbours = new Set(board.neighbours[h].filter((n) => HEXES[n].kind !== 'sea'));
    for (const [dc, dr] of neighbourOffsets(hex.col)) {
      const neighbourIndex = indexAt(hex.col + dc, hex.row + dr);
      if (neighbourIndex >= 0 && landNeighbours.has(neighbourIndex)) continue;
      const other = hexCenter(hex.col + dc, hex.row + dr);
      const mid = { x: (centre.x + other.x) / 2, y: (centre.y + other.y) / 2 };
      const ends = hexCorners(centre, 1)
        .filter((c) => Math.hypot(c.x - mid.x, c.y - mid.y) < 0.6)
        .map((c) => worldToScreen(camera.drawn, c));
      if (ends.length === 2) g.moveTo(ends[0].x, ends[0].y).lineTo(ends[1].x, ends[1].y);
    }
  }
  g.stroke({ width: coast, color: TERRAIN.coast, cap: 'round', alpha: 0.75 });
}

/** Edo's and the cities' names, as the log and the inspector call them, each on a dark tag. */
export function drawPlaceNames(layer: Container, players: PlayerCount, camera: BoardCamera): void {
  for (const child of layer.removeChildren()) child.destroy({ children: true });
  const r = camera.drawn.scale;
  for (const s of boardFor(players).settlements) {
    const name = CITY_NAMES[HEXES[SETTLEMENTS[s].hex].name];
    if (!name) continue;
    const centre = camera.toDrawn(SETTLEMENTS[s].hex);
    const label = new Text({
      text: name.toUpperCase(),
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '700', fontSize: Math.max(8, r * 0.4), fill: 0xffffff, letterSpacing: 0.3 },
      resolution: textResolution(),
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
    layer.addChild(tag, label);
  }
}
