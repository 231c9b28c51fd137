/**
 * How a seat looks at any game's table: its colour, an ink that reads on it, and a mark (a
 * shape) that tells seats apart without colour. Games draw their pieces in these looks.
 */
import { colourById } from '@samurai/shared';
import { cssColor, inkFor, parseCssColor } from './colour';
import { h } from './dom';

export const MARK_NAMES = ['circle', 'triangle', 'square', 'diamond', 'star', 'hexagon'] as const;
export type MarkName = (typeof MARK_NAMES)[number];

/** SVG bodies in a 24×24 box, each using C for its one colour (as a game's own glyphs do). */
export const MARK_BODIES: Readonly<Record<MarkName, string>> = {
  circle: '<circle cx="12" cy="12" r="9" fill="C"/>',
  triangle: '<path d="M12 2.5 L22 20.5 H2 Z" fill="C"/>',
  square: '<rect x="3.5" y="3.5" width="17" height="17" fill="C"/>',
  diamond: '<path d="M12 1.5 L22.5 12 L12 22.5 L1.5 12 Z" fill="C"/>',
  star: '<path d="M12 1.5 L14.8 8.6 L22.5 9 L16.5 14 L18.5 21.5 L12 17.3 L5.5 21.5 L7.5 14 L1.5 9 L9.2 8.6 Z" fill="C"/>',
  hexagon: '<path d="M7 3.3 H17 L22 12 L17 20.7 H7 L2 12 Z" fill="C"/>',
};

/** A 24×24 SVG body (its colour written C) as a complete <svg> element in `color`. */
export function svgIcon(body: string, color: string, size?: number): string {
  const dimensions = size === undefined ? '' : ` width="${size}" height="${size}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${dimensions} aria-hidden="true">${body.replace(/"C"/g, `"${color}"`)}</svg>`;
}

export function isMarkName(name: string): name is MarkName {
  return (MARK_NAMES as readonly string[]).includes(name);
}

export interface SeatLook {
  readonly name: string;
  readonly color: number;
  readonly ink: number;
  readonly mark: MarkName;
}

/** An open seat: a neutral grey. */
export const OPEN_LOOK: SeatLook = { name: 'Open', color: 0x868e96, ink: 0xffffff, mark: 'circle' };

/** The look of a seat colour (a ColourId); the open look for an unknown one. */
export function lookOf(colourId: string): SeatLook {
  const colour = colourById(colourId);
  if (!colour) return OPEN_LOOK;
  const color = parseCssColor(colour.hex);
  return { name: colour.name, color, ink: inkFor(color), mark: isMarkName(colour.mark) ? colour.mark : 'circle' };
}

const madeMarks = new Map<string, HTMLSpanElement>();

/** A seat's colour swatch with its mark, so colour is never the only cue. */
export function seatMark(look: SeatLook, size = 18): HTMLSpanElement {
  // Built once per look and size (its SVG parsed once), copied after: panels drawn at every step parse nothing.
  const key = `${look.color}:${look.ink}:${look.mark}:${size}`;
  let mark = madeMarks.get(key);
  if (!mark) {
    mark = buildSeatMark(look, size);
    madeMarks.set(key, mark);
  }
  return mark.cloneNode(true) as HTMLSpanElement;
}

function buildSeatMark(look: SeatLook, size: number): HTMLSpanElement {
  return h('span', {
    class: 'seat-mark',
    style: { background: cssColor(look.color), width: `${size}px`, height: `${size}px` },
    html: svgIcon(MARK_BODIES[look.mark], cssColor(look.ink)),
    'aria-hidden': 'true',
  });
}
