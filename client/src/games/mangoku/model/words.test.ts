import { aCard, cardList, chainText, effectText, eventText, list, ordinal, playToChain, resultLines, revealPhrase, who } from './words';

const w = { names: ['Ann', 'Ben', 'Cleo'], viewer: 1 };

describe('words', () => {
  it('names seats, you as you', () => {
    expect([who(w, 0), who(w, 1), who(w, 1, true), who({ names: [], viewer: -1 }, 2)]).toEqual(['Ann', 'you', 'You', 'Seat 3']);
    expect(list(w, [0, 1, 2])).toBe('Ann, you and Cleo');
    expect(list(w, [2])).toBe('Cleo');
  });

  it('names cards with their article', () => {
    expect([aCard('captain'), aCard('emperor'), aCard('monk'), aCard('kabuki')]).toEqual(['a Captain', 'the Emperor', 'a Monk', 'the Kabuki']);
    expect(cardList(['monk', 'shrinemaiden'])).toBe('Monk, Shrine Maiden');
    expect(cardList([])).toBe('no card');
  });

  it('gives the engine’s effect text, and the Ikki’s own', () => {
    expect(effectText('captain')).toBe('A 3 BTL attack on one player.');
    expect(effectText('peasant', true)).toContain('5 BTL attack on every other player');
  });

  it('tells a play with what it took', () => {
    const play = { card: 'kabuki' as const, took: 'commander' as const, then: { card: 'commander' as const, targets: [0, 2] } };
    expect(chainText(w, 1, playToChain(play))).toBe('You played the Kabuki, took a Commander from the discard pile and played it at Ann and Cleo.');
    expect(chainText(w, 0, [{ card: 'princess', targets: ['centre'] }])).toBe('Ann played the Princess on the centre pile.');
    expect(chainText(w, 0, [{ card: 'captain' }])).toBe('Ann played a Captain, with nobody to aim at: no effect.');
    expect(chainText(w, 2, [{ card: 'peasant', ikki: true }])).toBe('Cleo played two Peasants: an Ikki on everyone.');
  });

  it('tells coins moving', () => {
    expect(eventText(w, { type: 'coins', turn: 0, from: 1, to: 0, count: 1 })).toBe('Ann took 1 coin from you.');
    expect(eventText(w, { type: 'coins', turn: 0, from: 'centre', to: 2, count: 3 })).toBe('Cleo took 3 coins from the centre pile.');
    expect(eventText(w, { type: 'revealed', turn: 0, seats: [0, 1] })).toBe('Ann and you showed your hands to everyone for 15 seconds.');
    expect(eventText(w, { type: 'revealed', turn: 0, seats: [2] })).toBe('Cleo showed a hand to everyone for 15 seconds.');
    // You among others: named last, never in the middle ("Ann, you and Cleo").
    expect(eventText(w, { type: 'revealed', turn: 0, seats: [0, 1, 2] })).toBe('Ann, Cleo and you showed your hands to everyone for 15 seconds.');
    expect(revealPhrase(w, [1])).toBe('you show your hand');
    expect(revealPhrase(w, [0, 2])).toBe('Ann and Cleo show their hands');
  });

  it('says places and the winner', () => {
    expect([1, 2, 3, 4, 11, 12, 21].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']);
    expect(resultLines(w, { coins: [3, 9, 0], ranking: [[1], [0], [2]], winners: [1], drawOff: [] })).toEqual(['You win with 9 coins.']);
  });
});
