/**
 * The cards, drawn by the project: each face (name on a band in its role's colour, the card's
 * glyph, BTL and HNR, and, at hand size, the effect in the engine's words), the back and a coin,
 * each rendered once per size into a texture that sprites share. Text is fitted to the card, so
 * "Shrine Maiden" and the longest effect stay inside it at phone sizes.
 */
import { Container, Graphics, Rectangle, Renderer, Text, Texture } from 'pixi.js';
import { SvgGlyphs } from '../../../ui/SvgGlyphs';
import { mangoku } from '@samurai/shared';
import { cssColor } from '../../../ui/colour';
import { BACK, BACK_LINE, CARD_GLYPHS, COIN, COIN_DARK, COIN_GLYPH, INK, PAPER, ROLE_COLOURS, roleOf } from '../ui/glyphs';
import { svgIcon } from '../../../ui/seat-look';
import { cardTitle, effectText } from '../model/words';

type CardName = mangoku.CardName;

export interface CardSize {
  readonly width: number;
  readonly height: number;
}

/** full: with the effect text (your hand); short: name, glyph and points (piles, reveals, flights). */
export type FaceDetail = 'full' | 'short';

export const FONT = 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", sans-serif';

export class CardArt {
  private readonly textures = new Map<string, Texture>();
  private readonly glyphs = new SvgGlyphs();

  constructor(
    private readonly renderer: Renderer,
    /** Texture pixels per canvas pixel: crisp text on dense screens. */
    private readonly resolution: number,
  ) {}

  destroy(): void {
    for (const t of this.textures.values()) t.destroy(true);
    this.glyphs.destroy();
    this.textures.clear();
  }

  face(card: CardName, size: CardSize, detail: FaceDetail, ikki = false): Texture {
    return this.cached(`face:${card}:${size.width}x${size.height}:${detail}:${ikki}`, () => this.drawFace(card, size, detail, ikki));
  }

  back(size: CardSize): Texture {
    return this.cached(`back:${size.width}x${size.height}`, () => this.drawBack(size));
  }

  coin(diameter: number): Texture {
    return this.cached(
      `coin:${diameter}`,
      () => {
        const node = new Container();
        const g = new Graphics();
        const r = diameter / 2;
        g.circle(r, r, r).fill(COIN_DARK);
        g.circle(r, r, r * 0.88).fill(COIN);
        node.addChild(g, this.glyph(COIN_GLYPH, COIN_DARK, diameter * 0.8, r - diameter * 0.4, r - diameter * 0.4));
        return node;
      },
      { width: diameter, height: diameter },
    );
  }

  /** A glyph of `size` px with its top-left corner at (x, y); one shared geometry per glyph and colour. */
  glyph(body: string, color: number, size: number, x = 0, y = 0): Graphics {
    const key = `${body.length}:${body.slice(0, 40)}:${color}`;
    const g = this.glyphs.glyph(key, () => svgIcon(body, cssColor(color)), size);
    g.position.set(x, y);
    return g;
  }

  private cached(key: string, draw: () => Container, frame?: CardSize): Texture {
    let texture = this.textures.get(key);
    if (!texture) {
      const node = draw();
      const bounds = frame ?? sizeOf(key);
      texture = this.renderer.generateTexture({
        target: node,
        frame: new Rectangle(0, 0, bounds.width, bounds.height),
        resolution: this.resolution,
        antialias: true,
      });
      node.destroy({ children: true });
      this.textures.set(key, texture);
    }
    return texture;
  }

  private drawFace(card: CardName, size: CardSize, detail: FaceDetail, ikki: boolean): Container {
    const { width: w, height: h } = size;
    const info = mangoku.CARDS[card];
    const band = ROLE_COLOURS[roleOf(card)];
    const node = new Container();
    const radius = Math.max(3, w * 0.07);
    const inset = Math.max(2, w * 0.045);
    const g = new Graphics();
    g.roundRect(0.5, 0.5, w - 1, h - 1, radius)
      .fill(PAPER)
      .stroke({ width: Math.max(1, w * 0.014), color: 0x3b3024 });
    const bandHeight = Math.round(h * (detail === 'full' ? 0.15 : 0.2));
    g.roundRect(inset, inset, w - 2 * inset, bandHeight, radius * 0.6).fill(band);
    node.addChild(g);

    const title = fitText(cardTitle(card), w - 2 * inset - 4, Math.max(7, Math.min(bandHeight * 0.62, w * 0.13)), 0xffffff, '700');
    title.anchor.set(0.5, 0.5);
    title.position.set(w / 2, inset + bandHeight / 2);
    node.addChild(title);

    // Points: BTL on the left, HNR on the right, as pills with their names spelled out.
    const statSize = Math.max(7, w * (detail === 'full' ? 0.1 : 0.15));
    const statY = detail === 'full' ? inset + bandHeight + statSize * 0.3 : h - inset - statSize * 1.45;
    node.addChild(this.stat(detail === 'full' ? `BTL ${info.btl}` : String(info.btl), inset, statY, statSize, 0x7d1d1d, 'left', w));
    node.addChild(this.stat(detail === 'full' ? `HNR ${info.hnr}` : String(info.hnr), w - inset, statY, statSize, 0x23466b, 'right', w));

    if (detail === 'full') {
      const glyphSize = Math.min(w * 0.3, h * 0.2);
      const glyphTop = statY + statSize * 1.5;
      node.addChild(this.glyph(CARD_GLYPHS[card], band, glyphSize, w / 2 - glyphSize / 2, glyphTop));
      const textTop = glyphTop + glyphSize + h * 0.025;
      const effect = fitParagraph(effectText(card, ikki), w - 2 * inset - 2, h - textTop - inset, Math.max(8, w * 0.088), 7);
      effect.position.set(w / 2, textTop);
      effect.anchor.set(0.5, 0);
      node.addChild(effect);
    } else {
      const glyphSize = Math.min(w * 0.5, (statY - inset - bandHeight) * 0.92);
      node.addChild(this.glyph(CARD_GLYPHS[card], band, glyphSize, w / 2 - glyphSize / 2, inset + bandHeight + (statY - inset - bandHeight - glyphSize) / 2));
    }
    return node;
  }

  private stat(text: string, x: number, y: number, size: number, color: number, align: 'left' | 'right', cardWidth: number): Container {
    const node = new Container();
    const label = new Text({ text, style: { fontFamily: FONT, fontWeight: '800', fontSize: size, fill: 0xffffff }, resolution: this.resolution });
    const padX = size * 0.4;
    const width = Math.min(cardWidth * 0.46, label.width + padX * 2);
    const height = size * 1.35;
    const left = align === 'left' ? x : x - width;
    const pill = new Graphics().roundRect(left, y, width, height, height / 2).fill(color);
    label.anchor.set(0.5, 0.5);
    label.position.set(left + width / 2, y + height / 2);
    node.addChild(pill, label);
    return node;
  }

  private drawBack(size: CardSize): Container {
    const { width: w, height: h } = size;
    const node = new Container();
    const radius = Math.max(2, w * 0.08);
    const g = new Graphics();
    g.roundRect(0.5, 0.5, w - 1, h - 1, radius)
      .fill(BACK)
      .stroke({ width: Math.max(1, w * 0.03), color: 0x2a0b0b });
    const inset = Math.max(2, w * 0.1);
    g.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, radius * 0.6).stroke({ width: Math.max(0.8, w * 0.035), color: BACK_LINE, alpha: 0.85 });
    node.addChild(g);
    const glyphSize = Math.min(w, h) * 0.5;
    node.addChild(this.glyph(COIN_GLYPH, BACK_LINE, glyphSize, w / 2 - glyphSize / 2, h / 2 - glyphSize / 2));
    return node;
  }
}

function sizeOf(key: string): CardSize {
  const match = /:(\d+)x(\d+)/.exec(key);
  if (!match) throw new Error(`card art: no size in ${key}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** One line of text, shrunk until it fits `width`. */
export function fitText(text: string, width: number, fontSize: number, fill: number, fontWeight: '400' | '600' | '700' | '800' = '600'): Text {
  let size = fontSize;
  const label = new Text({ text, style: { fontFamily: FONT, fontWeight, fontSize: size, fill }, resolution: textResolution() });
  while (label.width > width && size > 6) {
    size -= 0.5;
    label.style.fontSize = size;
  }
  return label;
}

/** Wrapped text, shrunk until it fits the box (down to `minSize`). */
function fitParagraph(text: string, width: number, height: number, fontSize: number, minSize: number): Text {
  let size = fontSize;
  const paragraph = new Text({
    text,
    style: { fontFamily: FONT, fontSize: size, fill: INK, wordWrap: true, wordWrapWidth: width, align: 'center', lineHeight: size * 1.18, breakWords: true },
    resolution: textResolution(),
  });
  while (paragraph.height > height && size > minSize) {
    size -= 0.5;
    paragraph.style.fontSize = size;
    paragraph.style.lineHeight = size * 1.18;
  }
  return paragraph;
}

export function textResolution(): number {
  return Math.min(4, Math.max(2, (window.devicePixelRatio || 1) * 1.5));
}
