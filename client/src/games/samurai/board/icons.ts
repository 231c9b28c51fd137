/**
 * Every glyph of the game as SVG markup in a 24×24 box, so the DOM (hand, panels, log) and the
 * Pixi board (through GraphicsContext.svg) draw the very same symbols; the seats' marks are the
 * table's.
 */
import { MARK_BODIES, MARK_NAMES, svgIcon } from '../../../ui/seat-look';

export const ICON_NAMES = ['buddha', 'rice', 'castle', 'samurai', 'ronin', 'ship', 'switch', 'move', 'fast', ...MARK_NAMES, 'lock'] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Each body uses C for its one colour. */
const BODIES: Readonly<Record<IconName, string>> = {
  // A seated figure with a topknot, on a plinth.
  buddha:
    '<circle cx="12" cy="2.8" r="1.4" fill="C"/><circle cx="12" cy="7" r="3.3" fill="C"/>' +
    '<path d="M4 20.5 C4 15 7.6 11.2 12 11.2 C16.4 11.2 20 15 20 20.5 Z" fill="C"/>' +
    '<rect x="2.5" y="20" width="19" height="2.5" rx="1.2" fill="C"/>',
  // 田, the character for a rice field.
  rice:
    '<rect x="3.5" y="3.5" width="17" height="17" rx="1.5" fill="none" stroke="C" stroke-width="2.8"/>' +
    '<rect x="10.6" y="4" width="2.8" height="16" fill="C"/><rect x="4" y="10.6" width="16" height="2.8" fill="C"/>',
  // A two-storey castle keep.
  castle:
    '<path d="M12 1.5 L21 8 H3 Z" fill="C"/><rect x="7" y="8" width="10" height="4" fill="C"/>' +
    '<path d="M2 15.5 L5.5 11.5 H18.5 L22 15.5 Z" fill="C"/><rect x="5" y="15.5" width="14" height="7" fill="C"/>',
  // Two crossed swords: a samurai influences every caste.
  samurai:
    '<path d="M4.2 21.2 L2.8 19.8 L17.6 5 L21 3 L19 6.4 Z" fill="C"/>' +
    '<path d="M19.8 21.2 L21.2 19.8 L6.4 5 L3 3 L5 6.4 Z" fill="C"/>' +
    '<path d="M4.8 15.6 L8.4 19.2 L7.2 20.4 L3.6 16.8 Z" fill="C"/><path d="M19.2 15.6 L15.6 19.2 L16.8 20.4 L20.4 16.8 Z" fill="C"/>',
  // A wanderer under a wide straw hat.
  ronin:
    '<path d="M1.5 13.5 L12 3 L22.5 13.5 Q12 16.5 1.5 13.5 Z" fill="C"/>' +
    '<circle cx="12" cy="17.6" r="3.2" fill="C"/><rect x="6.5" y="20.8" width="11" height="2" rx="1" fill="C"/>',
  // A junk with a square sail.
  ship:
    '<path d="M1.5 15 H22.5 L18.5 21 H5.5 Z" fill="C"/><rect x="11.2" y="2" width="1.6" height="13" fill="C"/>' +
    '<path d="M5 3.5 H19 Q17.6 8 19 12.5 H5 Q6.4 8 5 3.5 Z" fill="C"/>',
  // Two pieces change places.
  switch:
    '<rect x="3" y="6.8" width="13" height="2.4" fill="C"/><path d="M15 3 L21.5 8 L15 13 Z" fill="C"/>' +
    '<rect x="8" y="14.8" width="13" height="2.4" fill="C"/><path d="M9 11 L2.5 16 L9 21 Z" fill="C"/>',
  // A tile travels to another hex.
  move:
    '<path d="M3.5 20.5 Q3.5 8 14 8" fill="none" stroke="C" stroke-width="2.6"/>' +
    '<path d="M13 3 L20.5 8 L13 13 Z" fill="C"/><circle cx="3.8" cy="20.2" r="2.3" fill="C"/>',
  // Fast tiles: play as many as you like.
  fast: '<path d="M14 1.5 L4.5 13.5 H11 L9 22.5 L19.5 9.5 H13 Z" fill="C"/>',
  ...MARK_BODIES,
  // Behind the screen: a padlock.
  lock: '<path d="M7 10 V7.5 A5 5 0 0 1 17 7.5 V10 H14.6 V7.5 A2.6 2.6 0 0 0 9.4 7.5 V10 Z" fill="C"/><rect x="4.5" y="10" width="15" height="11.5" rx="2" fill="C"/>',
};

/** The glyph as a complete <svg> element in `color`. */
export function iconSvg(name: IconName, color: string, size?: number): string {
  return svgIcon(BODIES[name], color, size);
}
