import fc from 'fast-check';
import { CARD_NAMES, CardName } from './cards';
import { formatChance, formatMove, formatPlay, formatPosition, parseCard, parseChance, parseMove, parsePlay, parsePosition } from './notation';
import { ANSWERS, Chance, Move, Play, PlayChoice, Target } from './state';
import { playSeeded } from './test-helpers';

const card = fc.constantFrom(...CARD_NAMES);
const seat = fc.integer({ min: 0, max: 5 });
const target: fc.Arbitrary<Target> = fc.oneof(seat, fc.constant('centre' as const));
// Arbitrary plays (legal or not: notation does not judge rules).
const choice: fc.Arbitrary<PlayChoice> = fc.oneof(
  card.map((c) => ({ card: c })),
  fc.record({ card, targets: fc.array(target, { minLength: 1, maxLength: 2 }) }),
  fc.constant({ card: 'peasant' as const, ikki: true as const }),
);
const play: fc.Arbitrary<Play> = fc.letrec<{ play: Play }>((tie) => ({
  play: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    choice,
    fc.record({ head: choice, took: card, then: tie('play') }).map(({ head, took, then }) => ({ ...head, took, then })),
  ),
})).play;
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ type: fc.constant('play' as const), seat, play: choice }),
  fc.record({ type: fc.constant('answer' as const), seat, answer: fc.constantFrom(...ANSWERS) }),
  fc.record({ type: fc.constant('take' as const), seat, card }),
);
const deck = fc.array(card, { minLength: 1, maxLength: 30 });
const chance: fc.Arbitrary<Chance> = fc.oneof(
  fc.record({ type: fc.constant('deal' as const), deck }),
  fc.record({ type: fc.constant('drawOff' as const), deck }),
  fc.record({ type: fc.constant('pick' as const), card }),
);

describe('the notation', () => {
  it('reads the examples of its module comment', () => {
    expect(parseMove('0 captain>2')).toEqual({ type: 'play', seat: 0, play: { card: 'captain', targets: [2] } });
    expect(parseMove('3 commander>1,4')).toEqual({ type: 'play', seat: 3, play: { card: 'commander', targets: [1, 4] } });
    expect(parseMove('1 princess>centre')).toEqual({ type: 'play', seat: 1, play: { card: 'princess', targets: ['centre'] } });
    expect(parseMove('2 ikki')).toEqual({ type: 'play', seat: 2, play: { card: 'peasant', ikki: true } });
    expect(parseMove('0 monk')).toEqual({ type: 'play', seat: 0, play: { card: 'monk' } });
    expect(parseMove('1 answer monk')).toEqual({ type: 'answer', seat: 1, answer: 'monk' });
    expect(parseMove('0 take kabuki')).toEqual({ type: 'take', seat: 0, card: 'kabuki' });
    expect(parsePlay('teamaster>1 took kabuki / kabuki took captain / captain>2')).toEqual({
      card: 'teamaster',
      targets: [1],
      took: 'kabuki',
      then: { card: 'kabuki', took: 'captain', then: { card: 'captain', targets: [2] } },
    });
    expect(parseChance('pick captain')).toEqual({ type: 'pick', card: 'captain' });
    expect(parseChance('drawoff monk,warlord')).toEqual({ type: 'drawOff', deck: ['monk', 'warlord'] });
    expect(parseCard('shrinemaiden')).toBe('shrinemaiden');
    expect(parseCard('constructor')).toBeNull();
  });

  it.each([
    '',
    'captain>2',
    'x captain',
    '0 dragon',
    '0 captain>',
    '0 captain>two',
    '0 captain>1>2',
    '0 answer maybe',
    '0 answer',
    '0 take',
    '0 take dragon',
    '0 captain extra',
    '10 captain>1',
  ])('refuses the move "%s"', (text) => {
    expect(parseMove(text)).toBeNull();
  });

  it.each(['captain took monk', 'captain / monk', 'teamaster>1 took / monk', 'captain took monk / '])('refuses the play "%s"', (text) => {
    expect(parsePlay(text)).toBeNull();
  });

  it('round-trips every move, play and chance outcome', () => {
    fc.assert(fc.property(move, (m) => expect(parseMove(formatMove(m))).toEqual(m)));
    fc.assert(fc.property(play, (p) => expect(parsePlay(formatPlay(p))).toEqual(p)));
    fc.assert(fc.property(chance, (c) => expect(parseChance(formatChance(c))).toEqual(c)));
  });

  it('round-trips every play of real games', () => {
    for (let i = 0; i < 10; i++) {
      for (const c of playSeeded(i).campaigns) for (const t of c.turns) expect(parsePlay(formatPlay(t.play))).toEqual(t.play);
    }
  });

  it('writes and reads positions', () => {
    const text =
      '3p; turn 0; first 2; coins 4 3 4; centre 2; out 1; hand0 peasant captain monk; hand1 bandit monk; hand2 peasant; ' +
      'supply ninja kabuki; bottom warlord; discard captain peasant; gone 2; played 0 2';
    expect(formatPosition(parsePosition(text))).toBe(text);
    expect(formatPosition(parsePosition(`${text}; lastturn`))).toBe(`${text}; lastturn`);
  });

  it.each([
    ['7p; turn 0', /head/],
    ['3p', /turn/],
    ['3p; turn 4', /seat/],
    ['3p; turn 0; coins 1 2', /coins/],
    ['3p; turn 0; hand0 dragon', /unknown card/],
    ['3p; turn 0; weather rain', /unknown section/],
  ])('refuses the position "%s"', (text, message) => {
    expect(() => parsePosition(text)).toThrow(message);
  });

  it('names every card the record uses', () => {
    const names: CardName[] = [
      'emperor',
      'peasant',
      'bandit',
      'merchant',
      'princess',
      'captain',
      'monk',
      'shrinemaiden',
      'commander',
      'ninja',
      'teamaster',
      'kabuki',
      'nobleman',
      'warlord',
    ];
    expect([...CARD_NAMES]).toEqual(names);
  });
});
