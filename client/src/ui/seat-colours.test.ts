/**
 * The seat colours against everything they are drawn on or beside, in both games, as measured
 * colour differences (CIEDE2000, culori), for normal vision and simulated deuteranopia and
 * protanopia. ΔE2000 ≈ 2 is a just-noticeable difference; 20 is two clearly different colours.
 */
import { Color, differenceCiede2000, filterDeficiencyDeuter, filterDeficiencyProt, converter } from 'culori';
import { SEAT_COLOURS } from '@samurai/shared';
import { BOARD_COLOURS, PIECE_FILL, PIECE_LABELS } from '../games/samurai/board/theme';
import { BACK, COIN, PAPER } from '../games/mangoku/ui/glyphs';
import { cssColor } from './colour';

const deltaE = differenceCiede2000();
const VISIONS: readonly [string, (c: Color) => Color][] = [
  ['normal vision', (c) => c],
  ['deuteranopia', filterDeficiencyDeuter(1)],
  ['protanopia', filterDeficiencyProt(1)],
];
/** Minimum differences: clear at a glance for normal vision, still apart for a dichromat. */
const MIN_NORMAL = 20;
const MIN_DICHROMAT = 12;

const seats = SEAT_COLOURS.map((c) => [c.name, c.hex] as const);
const samurai: [string, string][] = [
  ...Object.entries(BOARD_COLOURS).map(([name, colour]) => [name, cssColor(colour)] as [string, string]),
  ...PIECE_FILL.map((colour, caste) => [`${PIECE_LABELS[caste]} piece`, cssColor(colour)] as [string, string]),
];
const mangoku: [string, string][] = [
  ['card paper', cssColor(PAPER)],
  ['card back', cssColor(BACK)],
  ['coin', cssColor(COIN)],
];

/** The closest pair of `a` × `b` under a vision, with its ΔE. */
function closest(a: readonly (readonly [string, string])[], b: readonly (readonly [string, string])[], see: (c: Color) => Color) {
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

describe('seat colours', () => {
  it.each(VISIONS)('stand apart from every colour of Samurai’s board and pieces (%s)', (vision, see) => {
    const worst = closest(seats, samurai, see);
    expect({ ...worst, ok: worst.deltaE >= (vision === 'normal vision' ? MIN_NORMAL : MIN_DICHROMAT) }).toMatchObject({ ok: true });
  });

  it.each(VISIONS)('stand apart from each other (%s)', (vision, see) => {
    const worst = closest(seats, seats, see);
    expect({ ...worst, ok: worst.deltaE >= (vision === 'normal vision' ? MIN_NORMAL : MIN_DICHROMAT) }).toMatchObject({ ok: true });
  });

  it('stand apart from the village and the Buddha, which their tiles and lead rings sit right beside', () => {
    // The two the players' tiles and lead rings sit right beside.
    for (const [name, hex] of seats) {
      expect({ name, village: deltaE(hex, cssColor(BOARD_COLOURS.village)) >= 22 }).toEqual({ name, village: true });
      expect({ name, buddha: deltaE(hex, cssColor(PIECE_FILL[0])) >= 22 }).toEqual({ name, buddha: true });
    }
  });

  it('stand apart from Mangoku’s cards and coins', () => {
    expect(closest(seats, mangoku, (c) => c).deltaE).toBeGreaterThanOrEqual(MIN_NORMAL);
  });

  it('keep the Okabe–Ito hues (within 10° in OKLCH), which are what keeps them apart for colour-blind people', () => {
    const okabeIto: Readonly<Record<string, string>> = {
      vermillion: '#D55E00',
      sky: '#56B4E9',
      green: '#009E73',
      yellow: '#F0E442',
      purple: '#CC79A7',
      blue: '#0072B2',
    };
    const oklch = converter('oklch');
    for (const colour of SEAT_COLOURS) {
      const hue = oklch(colour.hex)!.h!;
      const original = oklch(okabeIto[colour.id])!.h!;
      const apart = Math.abs(((hue - original + 540) % 360) - 180);
      expect({ id: colour.id, within: apart <= 10 }).toEqual({ id: colour.id, within: true });
    }
  });
});
