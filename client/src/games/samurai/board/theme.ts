import type { IconName } from './icons';

/**
 * Board colours, after the reference picture (sea blue, land sand, village orange, city grey, Edo
 * dark blue), kept light and quiet and Edo deep, so the players' strong colours stand apart from
 * every one of them (measured in board/seat-colours.test.ts).
 */
export const TERRAIN = {
  background: 0x14202e,
  sea: 0xbcd9f2,
  seaLine: 0x9fc3e3,
  land: 0xf2e4bf,
  landLine: 0xd6c494,
  village: 0xeaa960,
  villageLine: 0xb97a35,
  city: 0xbdbdbd,
  cityLine: 0x8a8a8a,
  edo: 0x231a78,
  edoLine: 0x130d4a,
  coast: 0x6e5a34,
} as const;

/** The board's colours a seat colour is drawn on or beside. */
export const BOARD_COLOURS: Readonly<Record<string, number>> = {
  sea: TERRAIN.sea,
  land: TERRAIN.land,
  village: TERRAIN.village,
  city: TERRAIN.city,
  edo: TERRAIN.edo,
};

export const HIGHLIGHT = {
  target: 0xffffff,
  targetInk: 0x16324f,
  selected: 0xffd43b,
  focus: 0x111111,
  recent: 0xffffff,
} as const;

/**
 * Caste pieces: a colour each (a stone Buddha, a green field, a grey-blue castle), and always their
 * glyph, so colour is never the only cue.
 */
export const PIECE_FILL: readonly number[] = [0xe8c9a0, 0x96cf8a, 0xdbe4ec];
export const PIECE_INK = 0x1d1d1d;
export const PIECE_LABELS: readonly string[] = ['Buddha', 'Rice field', 'Castle'];
export const PIECE_ICONS: readonly IconName[] = ['buddha', 'rice', 'castle'];
