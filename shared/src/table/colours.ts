import { z } from 'zod';

/**
 * Seat colours: the Okabe–Ito hues, distinguishable with every common colour-vision deficiency,
 * each moved in lightness and chroma (hue within a few degrees) until it stands clearly apart from
 * the boards, cards and pieces of every game it is drawn on (CIEDE2000, with simulated
 * deuteranopia and protanopia; client/src/ui/seat-colours.test.ts and each game's seat-colours.test.ts).
 * Each has its own mark shape as well, so colour is never the only cue.
 */
export const SEAT_COLOURS = [
  { id: 'vermillion', name: 'Vermillion', hex: '#C04A06', mark: 'circle' },
  { id: 'sky', name: 'Sky blue', hex: '#1CA0CC', mark: 'square' },
  { id: 'green', name: 'Bluish green', hex: '#1F8A5B', mark: 'triangle' },
  { id: 'yellow', name: 'Yellow', hex: '#F5EC00', mark: 'diamond' },
  { id: 'purple', name: 'Reddish purple', hex: '#B06A92', mark: 'star' },
  { id: 'blue', name: 'Blue', hex: '#0068B8', mark: 'hexagon' },
] as const;
export type SeatColour = (typeof SEAT_COLOURS)[number];
export type ColourId = SeatColour['id'];
export const COLOUR_IDS = SEAT_COLOURS.map((c) => c.id) as [ColourId, ...ColourId[]];
export const colourSchema = z.enum(COLOUR_IDS);

export function colourById(id: string): SeatColour | undefined {
  return SEAT_COLOURS.find((c) => c.id === id);
}
