import { Container, Graphics, Text } from 'pixi.js';
import { TILES } from '@samurai/shared';
import { cssColor, shade } from '../../../ui/colour';
import { SvgGlyphs } from '../../../ui/SvgGlyphs';
import type { SeatLook } from '../../../ui/seat-look';
import { Camera, hexCorners } from './hex-layout';
import { IconName, iconSvg } from './icons';
import { PIECE_FILL, PIECE_ICONS, PIECE_INK } from './theme';

/** The open-land count's font size, in hex radii (11 px on a 1280×800 screen with 4 players). */
const OPEN_LAND_FONT = 0.5;

/** Text drawn sharper than the screen's pixels, so a zoom in stays crisp until the board is drawn again. */
export function textResolution(): number {
  return Math.min(4, (window.devicePixelRatio || 1) * 2);
}

/**
 * Who leads for a piece: a thick ring of that player's colour around it, edged in dark on both
 * sides so it reads on any terrain and against any piece.
 */
export function drawLeadRing(g: Graphics, x: number, y: number, radius: number, colour: number): void {
  const width = Math.max(3, radius * 0.32);
  g.circle(x, y, radius + width / 2).stroke({ width: width + 2, color: 0x111111, alpha: 0.75 });
  g.circle(x, y, radius + width / 2).stroke({ width, color: colour });
}

/** The open-land count's font size for a hex of radius `r` on screen. */
export function openLandFontSize(r: number): number {
  return Math.max(8, r * OPEN_LAND_FONT);
}

/** The board's tokens, each drawn around its own origin for a camera: tiles, pieces, open-land badges. */
export class BoardArt {
  private readonly glyphs = new SvgGlyphs();

  destroy(): void {
    this.glyphs.destroy();
  }

  /** A tile: a hex in the owner's colour with its glyph, strength, fast bolt and the owner's mark. */
  tileNode(camera: Camera, tileId: number, look: SeatLook | undefined): Container {
    const tile = TILES[tileId];
    const r = camera.scale;
    const color = look?.color ?? 0x777777;
    const ink = look?.ink ?? 0xffffff;
    const node = new Container();
    // A token: a shadow, a dark rim and a face in the seat's colour, so tiles stand off the terrain.
    const base = new Graphics();
    const hex = (k: number, dy = 0) => hexCorners({ x: 0, y: dy }, r * k, camera.angle).flatMap((p) => [p.x, p.y]);
    base.poly(hex(0.9, r * 0.07)).fill({ color: 0x000000, alpha: 0.35 });
    base.poly(hex(0.9)).fill(shade(color, -0.55));
    base
      .poly(hex(0.78))
      .fill(color)
      .stroke({ width: Math.max(1, r * 0.035), color: shade(color, 0.35) });
    node.addChild(base);
    const glyph = this.icon(tile.kind as IconName, ink, r * 0.78);
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
        resolution: textResolution(),
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

  /** A caste piece: a disc in the caste's colour with its glyph; a ring, when given, shows who leads for it. */
  pieceNode(caste: number, radius: number, ring: number | null): Container {
    const node = new Container();
    node.label = 'piece-node';
    if (ring !== null) {
      const rings = new Graphics();
      drawLeadRing(rings, 0, 0, radius, ring);
      node.addChild(rings);
    }
    const disc = new Graphics();
    disc.label = 'piece';
    disc
      .circle(0, 0, radius)
      .fill(PIECE_FILL[caste])
      .stroke({ width: Math.max(1, radius * 0.1), color: shade(PIECE_FILL[caste], -0.5) });
    node.addChild(disc);
    const glyph = this.icon(PIECE_ICONS[caste], PIECE_INK, radius * 1.25);
    glyph.position.set(-radius * 0.625, -radius * 0.625);
    node.addChild(glyph);
    return node;
  }

  /** A settlement's count of open land, on a disc coloured by how close it is to a capture. */
  openLandBadge(camera: Camera, open: number): Container {
    const node = new Container();
    const badge = new Graphics();
    const colour = open === 0 ? 0xc92a2a : open === 1 ? 0xe8590c : open === 2 ? 0xf59f00 : 0x495057;
    const fontSize = openLandFontSize(camera.scale);
    badge
      .circle(0, 0, fontSize * 0.72)
      .fill(colour)
      .stroke({ width: Math.max(1, camera.scale * 0.04), color: 0xffffff });
    const count = new Text({
      text: String(open),
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize, fill: 0xffffff },
      resolution: textResolution(),
    });
    count.anchor.set(0.5, 0.5);
    node.addChild(badge, count);
    return node;
  }

  /** A glyph of `size` px with its top-left corner at the node's origin; one shared geometry per glyph and colour. */
  private icon(name: IconName, color: number, size: number): Graphics {
    return this.glyphs.glyph(`${name}:${color}`, () => iconSvg(name, cssColor(color)), size);
  }
}
