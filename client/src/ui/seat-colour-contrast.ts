/**
 * How far apart the seat colours are from other colours, as measured colour differences
 * (CIEDE2000, culori), for normal vision and simulated deuteranopia and protanopia. ΔE2000 ≈ 2 is
 * a just-noticeable difference; 20 is two clearly different colours. The table's tests and each
 * game's (against what its views draw the seat colours on or beside) use it.
 */
import { Color, differenceCiede2000, filterDeficiencyDeuter, filterDeficiencyProt } from 'culori';
import { SEAT_COLOURS } from '@samurai/shared';

export const deltaE = differenceCiede2000();
export const VISIONS: readonly [string, (c: Color) => Color][] = [
  ['normal vision', (c) => c],
  ['deuteranopia', filterDeficiencyDeuter(1)],
  ['protanopia', filterDeficiencyProt(1)],
];
/** Minimum differences: clear at a glance for normal vision, still apart for a dichromat. */
export const MIN_NORMAL = 20;
export const MIN_DICHROMAT = 12;

export const seats = SEAT_COLOURS.map((c) => [c.name, c.hex] as const);

/** The closest pair of `a` × `b` under a vision, with its ΔE. */
export function closest(a: readonly (readonly [string, string])[], b: readonly (readonly [string, string])[], see: (c: Color) => Color) {
  let worst = { deltaE: Infinity, pair: '' };
  for (const [nameA, hexA] of a) {
    for (const [nameB, hexB] of b) {
      if (nameA === nameB) continue;
      const d = deltaE(see(hexA as unknown as Color), see(hexB as unknown as Color));
      if (d < worst.deltaE) worst = { deltaE: d, pair: `${nameA} / ${nameB}` };
    }
  }
  return worst;
}
