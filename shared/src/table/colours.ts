import { z } from 'zod';

/**
 * Seat colours: Okabe–Ito, distinguishable with every common colour-vision deficiency; each has
 * its own mark shape as well, so colour is never the only cue.
 */
export const SEAT_COLOURS = [
  { id: 'vermillion', name: 'Vermillion', hex: '#D55E00', mark: 'circle' },
  { id: 'sky', name: 'Sky blue', hex: '#56B4E9', mark: 'square' },
  { id: 'green', name: 'Bluish green', hex: '#009E73', mark: 'triangle' },
  { id: 'yellow', name: 'Yellow', hex: '#F0E442', mark: 'diamond' },
  { id: 'purple', name: 'Reddish purple', hex: '#CC79A7', mark: 'star' },
  { id: 'blue', name: 'Blue', hex: '#0072B2', mark: 'hexagon' },
] as const;
export type SeatColour = (typeof SEAT_COLOURS)[number];
export type ColourId = SeatColour['id'];
export const COLOUR_IDS = SEAT_COLOURS.map((c) => c.id) as [ColourId, ...ColourId[]];
export const colourSchema = z.enum(COLOUR_IDS);

export function colourById(id: string): SeatColour | undefined {
  return SEAT_COLOURS.find((c) => c.id === id);
}

