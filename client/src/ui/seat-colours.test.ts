/**
 * The seat colours against each other and their Okabe–Ito hues; each game's folder tests them
 * against what its views draw them on or beside (seat-colour-contrast.ts measures).
 */
import { converter } from 'culori';
import { SEAT_COLOURS } from '@samurai/shared';
import { closest, MIN_DICHROMAT, MIN_NORMAL, seats, VISIONS } from './seat-colour-contrast';

describe('seat colours', () => {
  it.each(VISIONS)('stand apart from each other (%s)', (vision, see) => {
    const worst = closest(seats, seats, see);
    expect({ ...worst, ok: worst.deltaE >= (vision === 'normal vision' ? MIN_NORMAL : MIN_DICHROMAT) }).toMatchObject({ ok: true });
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
