import { PieceCounts } from '@samurai/shared';
import { scoringReveal } from './scoring-steps';

const namer = (names: string[]) => (seat: number) => names[seat];

describe('the scoring reveal', () => {
  it('tells the 2015 rulebook example: tied castles, equal other castes, Red wins on pieces in all', () => {
    // [buddha, rice, castle] for Green, Red, Gold.
    const captured: PieceCounts[] = [
      [1, 3, 2],
      [4, 2, 1],
      [0, 0, 2],
    ];
    const reveal = scoringReveal(captured, namer(['Green', 'Red', 'Gold']));
    expect(reveal.steps.map((s) => s.title)).toEqual(['Everyone reveals their pieces', 'Buddha leader', 'Rice field leader', 'Castle leader', 'The winner']);
    expect(reveal.steps[0].text).toBe('Green: 6 · Red: 7 · Gold: 2');
    expect(reveal.steps[1]).toMatchObject({ text: 'Red has the most Buddhas (4) and takes the token.', seats: [1], caste: 0 });
    expect(reveal.steps[2].text).toBe('Green has the most rice fields (3) and takes the token.');
    expect(reveal.steps[3]).toMatchObject({ text: 'Green and Gold tie with 2: the token stays unclaimed.', seats: [0, 2] });
    const last = reveal.steps[4].text;
    expect(last).toContain('Green and Red hold one token each. Pieces of the castes they do not lead: Green 3 and Red 3.');
    expect(last).toContain('Still tied, so pieces in all: Green 6 and Red 7.');
    expect(last).toContain('Red wins.');
    expect(last).toContain('Without a token, Gold cannot win.');
    expect(reveal.headline).toBe('Red wins!');
    expect(reveal.scoring.decidedBy).toBe('all-pieces');
  });

  it('tells the first 1998 example: three single tokens, decided by the other castes', () => {
    const captured: PieceCounts[] = [
      [3, 5, 3], // Green leads rice; 6 others
      [2, 3, 6], // Blue leads castles; 5 others
      [6, 2, 2], // Red leads Buddhas; 4 others
      [4, 4, 5], // Yellow leads nothing
    ];
    const reveal = scoringReveal(captured, namer(['Green', 'Blue', 'Red', 'Yellow']));
    expect(reveal.scoring.decidedBy).toBe('other-castes');
    expect(reveal.headline).toBe('Green wins!');
    expect(reveal.steps[4].text).toContain('Pieces of the castes they do not lead: Green 6, Blue 5 and Red 4.');
    expect(reveal.steps[4].text).not.toContain('Still tied');
    expect(reveal.steps[4].text).toContain('Without a token, Yellow cannot win.');
  });

  it('names a clear leader, a shared win and a game without tokens', () => {
    expect(
      scoringReveal(
        [
          [3, 3, 0],
          [1, 1, 1],
        ],
        namer(['Ann', 'Bo']),
      ).steps[4].text,
    ).toBe('Ann holds 2 leader tokens, more than anyone else. Ann wins.');
    const none = scoringReveal(
      [
        [2, 2, 0],
        [2, 2, 0],
      ],
      namer(['Ann', 'Bo']),
    );
    expect(none.scoring.decidedBy).toBe('no-leaders');
    expect(none.steps[3].text).toBe('Nobody has a castle: the token stays unclaimed.');
    expect(none.steps[4].text).toBe('Nobody holds a leader token, so the most pieces in all wins: Ann 4 and Bo 4. Ann and Bo share the victory.');
    expect(none.headline).toBe('Ann and Bo share the victory!');
    const shared = scoringReveal(
      [
        [3, 1, 0],
        [1, 3, 0],
      ],
      namer(['Ann', 'Bo']),
    );
    expect(shared.scoring.decidedBy).toBe('shared');
    expect(shared.steps[4].title).toBe('A shared victory');
  });

  it('speaks to you: "You have the most", "You win!", never "You has"', () => {
    const reveal = scoringReveal(
      [
        [3, 3, 1],
        [2, 2, 3],
      ],
      namer(['You', 'Ben']),
      0,
    );
    expect(reveal.steps[1].text).toBe('You have the most Buddhas (3) and take the token.');
    expect(reveal.steps[3].text).toBe('Ben has the most castles (3) and takes the token.');
    expect(reveal.steps[4].text).toBe('You hold 2 leader tokens, more than anyone else. You win.');
    expect(reveal.headline).toBe('You win!');
  });
});
