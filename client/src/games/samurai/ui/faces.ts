/** DOM pictures of game things: tiles, pieces and seat marks, in the same glyphs as the board. */
import { TILES } from '@samurai/shared';
import { iconSvg } from '../board/icons';
import { cssColor, PIECE_FILL, PIECE_ICONS, PIECE_INK, SeatLook, shade } from '../board/theme';
import { h } from '../../../ui/dom';

/** A tile as in hand: the owner's colour, glyph, strength and the fast bolt. */
export function tileFace(tileId: number, look: SeatLook): HTMLSpanElement {
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
  return h('span', {
    class: 'piece-face',
    style: { background: cssColor(PIECE_FILL[caste]), width: `${size}px`, height: `${size}px`, borderColor: cssColor(shade(PIECE_FILL[caste], -0.5)) },
    html: iconSvg(PIECE_ICONS[caste], cssColor(PIECE_INK)),
    'aria-hidden': 'true',
  });
}

/** A seat's colour swatch with its mark, so colour is never the only cue. */
export function seatMark(look: SeatLook, size = 18): HTMLSpanElement {
  return h('span', {
    class: 'seat-mark',
    style: { background: cssColor(look.color), width: `${size}px`, height: `${size}px` },
    html: iconSvg(look.mark, cssColor(look.ink)),
    'aria-hidden': 'true',
  });
}
