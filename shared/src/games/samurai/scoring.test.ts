import { score } from './scoring';
import { PieceCounts } from './tiles';

// Captured pieces per seat as [buddha, rice, castle].
const captured = (...seats: PieceCounts[]) => seats;

describe('docs/rules/samurai.md § Worked scoring examples', () => {
  it('2015 rulebook: Red wins on pieces in all; Gold, tied for castles, is out', () => {
    // Green leads rice, Red leads Buddha, Green and Gold tie for most castles. Green and Red
    // each have 3 pieces outside their own caste; Green has 6 in all, Red 7.
    const [GREEN, RED, GOLD] = [0, 1, 2];
    const s = score(captured([1, 3, 2], [4, 2, 1], [0, 0, 2]));
    expect(s.leaders).toEqual([RED, GREEN, null]);
    expect(s.tokens).toEqual([1, 1, 0]);
    expect(s.otherCastes[GREEN]).toBe(3);
    expect(s.otherCastes[RED]).toBe(3);
    expect(s.totals).toEqual([6, 7, 2]);
    expect(s.winners).toEqual([RED]);
    expect(s.decidedBy).toBe('all-pieces');
    expect(s.ranking).toEqual([[RED], [GREEN], [GOLD]]);
  });

  it('1998 rulebook, first: Green, Blue, Red by pieces outside their own caste; Yellow cannot win', () => {
    // Green leads rice, Blue helmets, Red Buddhas; outside their own caste Green 6, Blue 5,
    // Red 4. Yellow leads nothing — and holds as many pieces as anyone but Green.
    const [GREEN, BLUE, RED, YELLOW] = [0, 1, 2, 3];
    const s = score(captured([3, 5, 3], [2, 3, 5], [5, 2, 2], [3, 3, 3]));
    expect(s.leaders).toEqual([RED, GREEN, BLUE]);
    expect(s.otherCastes.slice(0, 3)).toEqual([6, 5, 4]);
    expect(s.winners).toEqual([GREEN]);
    expect(s.decidedBy).toBe('other-castes');
    expect(s.ranking).toEqual([[GREEN], [BLUE], [RED], [YELLOW]]);
  });

  it('1998 rulebook, second: Red wins though Blue and Green hold more pieces', () => {
    // Blue and Green tie for most rice fields. Red leads helmets, Yellow Buddhas, both with
    // 3 other pieces; Red has 9 in all, Yellow 8; Blue and Green 10 each.
    const [BLUE, GREEN, RED, YELLOW] = [0, 1, 2, 3];
    const s = score(captured([3, 4, 3], [4, 4, 2], [1, 2, 6], [5, 2, 1]));
    expect(s.leaders).toEqual([YELLOW, null, RED]);
    expect(s.otherCastes[RED]).toBe(3);
    expect(s.otherCastes[YELLOW]).toBe(3);
    expect(s.totals).toEqual([10, 10, 9, 8]);
    expect(s.winners).toEqual([RED]);
    expect(s.decidedBy).toBe('all-pieces');
    expect(s.ranking).toEqual([[RED], [YELLOW], [BLUE, GREEN]]);
  });
});

describe('the scoring chain', () => {
  it('gives a leader token only for strictly the most pieces of a caste', () => {
    expect(score(captured([2, 0, 1], [2, 1, 0])).leaders).toEqual([null, 1, 0]);
    // Everyone at 0 is a tie too.
    expect(score(captured([0, 0, 0], [0, 0, 0], [0, 0, 0])).leaders).toEqual([null, null, null]);
  });

  it('lets the one seat with more tokens than every other win, whatever the pieces', () => {
    const s = score(captured([2, 2, 0], [1, 1, 9]));
    expect(s.leaders).toEqual([0, 0, 1]);
    expect(s.winners).toEqual([0]);
    expect(s.decidedBy).toBe('most-leaders');
  });

  it('lets a single token holder win when nobody else holds one', () => {
    const s = score(captured([3, 1, 1], [1, 1, 1], [2, 1, 1]));
    expect(s.leaders).toEqual([0, null, null]);
    expect(s.winners).toEqual([0]);
    expect(s.decidedBy).toBe('most-leaders');
  });

  it('shares the win among token holders level on other castes and on pieces in all', () => {
    const s = score(captured([3, 1, 0], [1, 3, 0], [0, 0, 0]));
    expect(s.leaders).toEqual([0, 1, null]);
    expect(s.winners).toEqual([0, 1]);
    expect(s.decidedBy).toBe('shared');
    expect(s.ranking).toEqual([[0, 1], [2]]);
  });

  it('with no token at all, gives the win to most pieces in all, shared on a tie', () => {
    const one = score(captured([1, 1, 0], [1, 1, 1], [0, 1, 1]));
    expect(one.leaders).toEqual([null, null, null]);
    expect(one.winners).toEqual([1]);
    expect(one.decidedBy).toBe('no-leaders');
    const tie = score(captured([1, 1, 1], [1, 1, 1]));
    expect(tie.winners).toEqual([0, 1]);
    expect(tie.decidedBy).toBe('no-leaders');
  });

  it('never lets a seat without a token win while some seat holds one', () => {
    // Seats 0 and 1 hold one token each; seat 2 holds none but the most pieces.
    const s = score(captured([4, 0, 1], [0, 4, 1], [3, 3, 0]));
    expect(s.tokens).toEqual([1, 1, 0]);
    expect(s.winners).not.toContain(2);
    expect(s.ranking[s.ranking.length - 1]).toEqual([2]);
  });
});
