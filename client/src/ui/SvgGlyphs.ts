import { Graphics, GraphicsContext } from 'pixi.js';

/**
 * SVG glyphs (24 units square) as Pixi graphics: the SVG is parsed once per glyph and colour into
 * a geometry every copy shares, and each copy is scaled to its size.
 */
export class SvgGlyphs {
  private readonly contexts = new Map<string, GraphicsContext>();

  /** A glyph of `size` px with its top-left corner at the node's origin; `svg` is asked for the first of `key` only. */
  glyph(key: string, svg: () => string, size: number): Graphics {
    let context = this.contexts.get(key);
    if (!context) {
      context = new GraphicsContext().svg(svg());
      this.contexts.set(key, context);
    }
    const g = new Graphics(context);
    g.scale.set(size / 24);
    return g;
  }

  destroy(): void {
    for (const context of this.contexts.values()) context.destroy();
    this.contexts.clear();
  }
}
