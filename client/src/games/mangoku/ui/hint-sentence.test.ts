import { mangoku } from '@samurai/shared';
import { hintSentence } from './hint-sentence';

const w = { names: ['Ann', 'Ben', 'Cy'], viewer: 0 };

describe('a Mangoku hint in words', () => {
  it('says whom a play aims at and why, with the numbers the engine gave', () => {
    const bandit = mangoku.parsePosition(
      '3p; turn 0; coins 1 1 6; centre 2; hand0 bandit peasant peasant; hand1 monk peasant; hand2 peasant merchant; supply ninja',
    );
    expect(hintSentence(mangoku.hintFor(bandit, 0)!.reason, w)).toBe('Play the Bandit on Cy, who has the most coins (6): 1 coin becomes yours.');
    const warlord = mangoku.parsePosition('3p; turn 0; coins 4 4 0; centre 20; hand0 warlord peasant; hand1 monk peasant; hand2 peasant; supply ninja');
    expect(hintSentence(mangoku.hintFor(warlord, 0)!.reason, w)).toBe(
      'Play the Warlord on Cy: Cy fails to hold off its 5 BTL about 88% of the time and leaves the campaign.',
    );
  });

  it('words an answer by the hand’s BTL against the attack’s', () => {
    const reason = { kind: 'answer', answer: 'monk', card: 'warlord', by: 1, attack: true, btl: 2, against: 5, options: ['monk', 'defend'] } as const;
    expect(hintSentence(reason, w)).toBe('Play your Monk: your hand’s BTL 2 cannot hold off Ben’s Warlord (5).');
    expect(hintSentence({ ...reason, answer: 'defend', btl: 6 }, w)).toBe('Defend: your hand’s BTL 6 holds off Ben’s Warlord (5).');
    expect(hintSentence({ ...reason, answer: 'defend', options: ['defend'] }, w)).toBe(
      'Defend with your hand: its BTL 2 is less than 5, but you hold no Monk and cannot pay a coin.',
    );
  });

  it('is one sentence for every kind of reason', () => {
    const reasons: mangoku.HintReason[] = [
      { kind: 'attack', card: 'peasant', ikki: true, targets: [1, 2], btl: 5, odds: 40 },
      { kind: 'coins', card: 'princess', target: 'centre', has: 8, gain: 4, most: false },
      { kind: 'centre', card: 'merchant', coins: 2 },
      { kind: 'honour', card: 'emperor', hnr: 7, odds: 80 },
      { kind: 'effect', card: 'ninja', targets: [2] },
      { kind: 'keep', card: 'peasant', btl: 6, hnr: 4 },
      { kind: 'take', card: 'warlord' },
      { kind: 'answer', answer: 'accept', card: 'bandit', by: 2, attack: false, btl: 3, against: 0, options: ['accept'] },
    ];
    expect(new Set(reasons.map((r) => r.kind))).toEqual(new Set(mangoku.HINT_REASON_KINDS));
    for (const reason of reasons) expect(hintSentence(reason, w)).toMatch(/^[A-Z][^.]*\.$/);
  });
});
