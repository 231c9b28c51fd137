/** DOM pictures of Samurai's things: tiles and pieces, in the same glyphs as the board. */
import { TILES } from '@samurai/shared';
import { iconSvg } from '../board/icons';
import { cssColor, shade } from '../../../ui/colour';
import { h } from '../../../ui/dom';
import type { SeatLook } from '../../../ui/seat-look';
import { PIECE_FILL, PIECE_ICONS, PIECE_INK } from '../board/theme';

/** Each face is built once (its SVG parsed once) and copied after: panels drawn again at every step parse nothing. */
const made = new Map<string, HTMLSpanElement>();
function copyOf(key: string, build: () => HTMLSpanElement): HTMLSpanElement {
  let face = made.get(key);
  if (!face) {
    face = build();
    made.set(key, face);
  }
  return face.cloneNode(true) as HTMLSpanElement;
}

/** A tile as in hand: the owner's colour, glyph, strength and the fast bolt. */
export function tileFace(tileId: number, look: SeatLook): HTMLSpanElement {
  return copyOf(`tile:${tileId}:${look.color}:${look.ink}`, () => buildTileFace(tileId, look));
}

function buildTileFace(tileId: number, look: SeatLook): HTMLSpanElement {
  const tile = TILES[tileId];
  const ink = cssColor(look.ink);
  return h(
    'span',
    {
      class: `tile-face${tile.fast ? ' fast' : ''}`,
      style: { background: cssColor(look.color), color: ink, borderColor: cssColor(shade(look.color, -0.55)) },
      'aria-hidden': 'true',
    },
    h('span', { class: 'tile-glyph', html: iconSvg(tile.kind as never, ink) }),
    tile.target === 'pieces' ? null : h('span', { class: 'tile-strength', text: String(tile.strength) }),
    tile.fast ? h('span', { class: 'tile-fast', html: iconSvg('fast', ink) }) : null,
  );
}

/** A caste piece: disc, colour and glyph. */
export function pieceFace(caste: number, size = 22): HTMLSpanElement {
  return copyOf(`piece:${caste}:${size}`, () => buildPieceFace(caste, size));
}

function buildPieceFace(caste: number, size: number): HTMLSpanElement {
  return h('span', {
    class: 'piece-face',
    style: { background: cssColor(PIECE_FILL[caste]), width: `${size}px`, height: `${size}px`, borderColor: cssColor(shade(PIECE_FILL[caste], -0.5)) },
    html: iconSvg(PIECE_ICONS[caste], cssColor(PIECE_INK)),
    'aria-hidden': 'true',
  });
}
