import { HINT_REASON_KINDS, hintFor, HintReason, parsePosition, SETTLEMENT_OUTCOMES } from '@samurai/shared';
import { hintSentence } from './hint-sentence';

describe('a Samurai hint in words', () => {
  it('names the piece, the place and both influences of a capture', () => {
    // The village north of Edo's neighbour 14,11: its last open land is 15,11, seat 0 leads 2 to 1.
    const state = parsePosition(
      '2p end-of-turn seat:0; tiles 13,11=0.buddha2 15,10=1.samurai1 14,10=1.castle2 14,12=0.rice2; pieces 14,11=b; hand0 castle2; hand1 samurai3',
    );
    const sentence = hintSentence(hintFor(state, 0)!.reason);
    expect(sentence).toMatch(/^Captures the Buddha of .+: your influence 2 against 1\.$/);
    expect(sentence).not.toContain('14,11');
  });

  it('is one sentence for every kind and outcome', () => {
    const reasons: HintReason[] = [
      ...SETTLEMENT_OUTCOMES.map((outcome) => ({ kind: 'settlement' as const, outcome, piece: 'rice' as const, hex: '14,9', ours: 3, theirs: 1, open: 2 })),
      { kind: 'hand', tiles: ['samurai3', 'ronin1'] },
      { kind: 'piece', piece: 'castle', hex: '14,9' },
      { kind: 'least-harm' },
      { kind: 'end-turn' },
      { kind: 'pass' },
    ];
    expect(new Set(reasons.map((r) => r.kind))).toEqual(new Set(HINT_REASON_KINDS));
    for (const reason of reasons) {
      expect(hintSentence(reason)).toMatch(/^[A-Z][^.]*\.$/);
    }
    expect(hintSentence({ kind: 'settlement', outcome: 'leads', piece: 'rice', hex: '14,9', ours: 3, theirs: 1, open: 1 })).toBe(
      'Leads for the rice field of Sendai: your influence 3 against 1, 1 land hex still open.',
    );
  });
});
