import type { IconName } from './icons';

/** Board colours, after the reference picture: sea blue, land sand, village orange, city grey, Edo dark blue. */
export const TERRAIN = {
  background: 0x14202e,
  sea: 0x8cc0e4,
  seaLine: 0x78acd2,
  land: 0xecdaa8,
  landLine: 0xd2bd86,
  village: 0xf09a45,
  villageLine: 0xbf7125,
  city: 0xa5a5a5,
  cityLine: 0x767676,
  edo: 0x3447b8,
  edoLine: 0x1f2b80,
  coast: 0x6e5a34,
} as const;

export const HIGHLIGHT = {
  target: 0xffffff,
  targetInk: 0x16324f,
  selected: 0xffd43b,
  focus: 0x111111,
  recent: 0xffffff,
} as const;

/** Caste pieces: a colour each, and always their glyph, so colour is never the only cue. */
export const PIECE_FILL: readonly number[] = [0xf6c945, 0x9ccc65, 0xc9d3dc];
export const PIECE_INK = 0x1d1d1d;
export const PIECE_LABELS: readonly string[] = ['Buddha', 'Rice field', 'Castle'];
export const PIECE_ICONS: readonly IconName[] = ['buddha', 'rice', 'castle'];

/** How a seat looks: tile colour, a readable ink on it, and a shape that tells seats apart without colour. */
export interface SeatLook {
  readonly name: string;
  readonly color: number;
  readonly ink: number;
  readonly mark: IconName;
}

export function cssColor(color: number): string {
  return `#${color.toString(16).padStart(6, '0')}`;
}

export function parseCssColor(css: string): number {
  const hex = css.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/(.)/g, '$1$1') : hex;
  const value = Number.parseInt(full, 16);
  if (!/^[0-9a-f]{6}$/i.test(full) || Number.isNaN(value)) throw new Error(`not a colour: ${css}`);
  return value;
}

/** Black or white, whichever reads better on `color` (WCAG relative luminance). */
export function inkFor(color: number): number {
  const channel = (shift: number) => {
    const v = ((color >> shift) & 0xff) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.36 ? 0x111111 : 0xffffff;
}

/** A colour moved toward black (amount < 0) or white (amount > 0). */
export function shade(color: number, amount: number): number {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const v = (color >> shift) & 0xff;
    out |= Math.round(v + (target - v) * t) << shift;
  }
  return out;
}
