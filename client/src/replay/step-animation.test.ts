import { animatesStep, lookBackAnimates } from './step-animation';

describe('which changes of a replay or a look-back animate', () => {
  it('one step on animates, as live play does', () => {
    expect(animatesStep(0, 1)).toBe(true);
    expect(animatesStep(41, 42)).toBe(true);
  });

  it('a step back, a jump either way, the same step again or a first showing is drawn at once', () => {
    expect(animatesStep(5, 4)).toBe(false);
    expect(animatesStep(5, 0)).toBe(false);
    expect(animatesStep(5, 7)).toBe(false);
    expect(animatesStep(0, 131)).toBe(false);
    expect(animatesStep(5, 5)).toBe(false);
    expect(animatesStep(null, 0)).toBe(false);
    expect(animatesStep(null, 1)).toBe(false);
  });

  it('following the game live animates however far it moved (several moves arrive at once after a reconnection)', () => {
    expect(lookBackAnimates({ index: 3, live: true }, { index: 4, live: true })).toBe(true);
    expect(lookBackAnimates({ index: 3, live: true }, { index: 6, live: true })).toBe(true);
    expect(lookBackAnimates({ index: 3, live: true }, { index: 3, live: true })).toBe(true);
  });

  it('looking back from the live game, or further back, is drawn at once (no card flies from the discard pile back to a hand)', () => {
    expect(lookBackAnimates({ index: 6, live: true }, { index: 5, live: false })).toBe(false);
    expect(lookBackAnimates({ index: 5, live: false }, { index: 4, live: false })).toBe(false);
    expect(lookBackAnimates({ index: 6, live: true }, { index: 0, live: false })).toBe(false);
  });

  it('one moment on animates, the last one on to the live game too; a jump on does not', () => {
    expect(lookBackAnimates({ index: 2, live: false }, { index: 3, live: false })).toBe(true);
    expect(lookBackAnimates({ index: 5, live: false }, { index: 6, live: true })).toBe(true);
    expect(lookBackAnimates({ index: 2, live: false }, { index: 6, live: true })).toBe(false);
    expect(lookBackAnimates({ index: 2, live: false }, { index: 4, live: false })).toBe(false);
  });

  it('a moment looked at while the game goes on stays still, and the first showing is drawn at once', () => {
    expect(lookBackAnimates({ index: 2, live: false }, { index: 2, live: false })).toBe(false);
    expect(lookBackAnimates(null, { index: 4, live: true })).toBe(false);
    expect(lookBackAnimates(null, { index: 0, live: false })).toBe(false);
  });
});
