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
