/** The seat colours against Samurai's board and pieces, which they are drawn on and beside. */
import { closest, deltaE, MIN_DICHROMAT, MIN_NORMAL, seats, VISIONS } from '../../../ui/seat-colour-contrast';
import { cssColor } from '../../../ui/colour';
import { BOARD_COLOURS, PIECE_FILL, PIECE_LABELS } from './theme';

const samurai: [string, string][] = [
  ...Object.entries(BOARD_COLOURS).map(([name, colour]) => [name, cssColor(colour)] as [string, string]),
  ...PIECE_FILL.map((colour, caste) => [`${PIECE_LABELS[caste]} piece`, cssColor(colour)] as [string, string]),
];

describe('seat colours', () => {
  it.each(VISIONS)('stand apart from every colour of Samurai’s board and pieces (%s)', (vision, see) => {
    const worst = closest(seats, samurai, see);
    expect({ ...worst, ok: worst.deltaE >= (vision === 'normal vision' ? MIN_NORMAL : MIN_DICHROMAT) }).toMatchObject({ ok: true });
  });

  it('stand apart from the village and the Buddha, which their tiles and lead rings sit right beside', () => {
    // The two the players' tiles and lead rings sit right beside.
    for (const [name, hex] of seats) {
      expect({ name, village: deltaE(hex, cssColor(BOARD_COLOURS.village)) >= 22 }).toEqual({ name, village: true });
      expect({ name, buddha: deltaE(hex, cssColor(PIECE_FILL[0])) >= 22 }).toEqual({ name, buddha: true });
    }
  });
});
