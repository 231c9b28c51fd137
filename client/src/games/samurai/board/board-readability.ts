/** The board's sizes as drawn on screen, measured on the drawn objects themselves (for the readability tests). */
import { type Container, type Sprite, Text } from 'pixi.js';
import { boardFor, PlayerCount } from '@samurai/shared';
import { Camera, hexCenterOf, hexCorners, Size, worldToScreen } from './hex-layout';

/** Sizes as drawn on screen right now, in CSS pixels. */
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

/** What is measured: the drawn layers and how they are drawn. */
export interface DrawnBoard {
  readonly players: PlayerCount;
  readonly camera: Camera;
  readonly viewport: Size;
  readonly nameLayer: Container;
  readonly settlements: readonly Container[];
  /** A settlement node's piece discs. */
  discs(node: Container): Sprite[];
  /** A stamped sprite's width as its node was drawn, in its own pixels. */
  stampWidth(sprite: Sprite): number;
  /** The open-land count's font size as drawn, in the layer's pixels. */
  readonly openLandFont: number;
}

export function measureReadability(board: DrawnBoard): BoardReadability {
  const pieces: number[] = [];
  const fonts: number[] = [];
  const rings: number[] = [];
  const names: string[] = [];
  const nameFonts: number[] = [];
  for (const name of board.nameLayer.children) {
    if (name instanceof Text) {
      names.push(name.text);
      nameFonts.push(Number(name.style.fontSize) * name.worldTransform.a);
    }
  }
  for (const node of board.settlements) {
    const discs = board.discs(node).map((sprite) => board.stampWidth(sprite) * sprite.worldTransform.a);
    pieces.push(...discs);
    if (node.getChildByLabel('open-land')) fonts.push(board.openLandFont * node.worldTransform.a);
    const ringBounds = node.getChildByLabel('lead-rings')?.getBounds();
    // A lone piece with a ring: how far the ring reaches beyond the disc.
    if (discs.length === 1 && ringBounds && ringBounds.width > 0) rings.push((ringBounds.width - discs[0]) / 2);
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of boardFor(board.players).hexes) {
    for (const corner of hexCorners(hexCenterOf(h), 1)) {
      const p = worldToScreen(board.camera, corner);
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
  }
  return {
    angle: board.camera.angle,
    hexRadius: board.camera.scale,
    smallestPiece: Math.min(...pieces),
    largestPiece: Math.max(...pieces),
    openLandFont: Math.min(...fonts),
    leadRing: rings.length ? Math.min(...rings) : 0,
    spanX: (maxX - minX) / board.viewport.width,
    spanY: (maxY - minY) / board.viewport.height,
    placeNames: names,
    placeNameFont: Math.min(...nameFonts),
  };
}
