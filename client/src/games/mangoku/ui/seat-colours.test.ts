/** The seat colours against Mangoku's cards and coins, which they are drawn beside. */
import { closest, MIN_NORMAL, seats } from '../../../ui/seat-colour-contrast';
import { cssColor } from '../../../ui/colour';
import { BACK, COIN, PAPER } from './glyphs';

const mangoku: [string, string][] = [
  ['card paper', cssColor(PAPER)],
  ['card back', cssColor(BACK)],
  ['coin', cssColor(COIN)],
];

describe('seat colours', () => {
  it('stand apart from Mangoku’s cards and coins', () => {
    expect(closest(seats, mangoku, (c) => c).deltaE).toBeGreaterThanOrEqual(MIN_NORMAL);
  });
});
