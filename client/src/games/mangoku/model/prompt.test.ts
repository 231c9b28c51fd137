import { mangoku } from '@samurai/shared';
import { after, position } from '@samurai/shared/src/games/mangoku/test-helpers';
import { promptModel, promptTitle, secondsLeft } from './prompt';

const names = ['Ann', 'Ben', 'Cleo', 'Dai'];
const w = (viewer: number) => ({ names, viewer });
const BASE =
  '4p; turn 0; coins 4 4 0 4; centre 3; hand0 commander captain peasant; hand1 monk bandit; hand2 peasant merchant; hand3 warlord captain; supply captain ninja kabuki peasant';

describe('the prompt', () => {
  const attacked = after(position(BASE), '0 commander>1,2');

  it('offers the same answers in the same places to everyone asked, whatever they hold', () => {
    const withMonk = promptModel(mangoku.viewFor(attacked, 1), w(1))!;
    const without = promptModel(mangoku.viewFor(attacked, 2), w(2))!;
    const shape = (p: typeof withMonk) => p.choices.map((c) => [c.answer, c.label, c.key]);
    expect(shape(withMonk)).toEqual(shape(without));
    expect(shape(withMonk)).toEqual([
      ['monk', 'Play a Monk', 'm'],
      ['pay', 'Pay 1 coin', 'p'],
      ['defend', 'Defend with my hand', 'd'],
    ]);
    expect([withMonk.seconds, without.seconds]).toEqual([20, 20]);
  });

  it('opens exactly the answers the engine allows on your own view', () => {
    for (const seat of [1, 2]) {
      const view = mangoku.viewFor(attacked, seat);
      const model = promptModel(view, w(seat))!;
      const step = view.step as Extract<mangoku.Step, { kind: 'answer' }>;
      expect(model.choices.filter((c) => c.enabled).map((c) => c.answer)).toEqual(mangoku.answerOptions(view, seat, step.prompt));
    }
    const cleo = promptModel(mangoku.viewFor(attacked, 2), w(2))!;
    expect(cleo.choices.map((c) => c.detail)).toEqual(['You hold no Monk.', 'You have no coin.', 'Your hand: 2 BTL against 4. You would be eliminated.']);
    expect(cleo.headline).toBe('Ann’s Commander attacks you: 4 BTL.');
  });

  it('closes paying once your first turn of the campaign has begun', () => {
    const view = mangoku.viewFor(after(position(`${BASE}; played 0 3`), '0 captain>3'), 3);
    const pay = promptModel(view, w(3))!.choices.find((c) => c.answer === 'pay')!;
    expect([pay.enabled, pay.detail]).toEqual([false, 'Only before your first turn of this campaign.']);
    const defend = promptModel(view, w(3))!.choices.find((c) => c.answer === 'defend')!;
    expect(defend.detail).toBe('Your hand: 8 BTL against 3. Blocked; your hand is shown to Ann only.');
  });

  it('asks Monk or accept for an effect that is not an attack', () => {
    const view = mangoku.viewFor(after(position(BASE.replace('commander', 'ninja')), '0 ninja>1'), 1);
    const model = promptModel(view, w(1))!;
    expect(model.choices.map((c) => [c.answer, c.enabled])).toEqual([
      ['monk', true],
      ['accept', true],
    ]);
    expect(model.headline).toBe('Ann’s Ninja makes you discard your hand and draw 2.');
    expect(promptTitle(model)).toBe('The Ninja');
  });

  it('shows those not asked, and spectators, who is asked and no answers', () => {
    for (const viewer of [0, 3, -1]) {
      const view = mangoku.viewFor(attacked, viewer < 0 ? 'spectator' : viewer);
      const model = promptModel(view, w(viewer))!;
      expect(model.youAreAsked).toBe(false);
      expect(model.choices).toEqual([]);
      expect(model.seats).toEqual([1, 2]);
      expect(model.headline).toBe(viewer === 0 ? 'Your Commander attacks Ben and Cleo: 4 BTL each.' : 'Ann’s Commander attacks Ben and Cleo: 4 BTL each.');
    }
  });

  it('keeps your answer once given, while the others still answer', () => {
    const answered = after(attacked, '1 answer monk');
    expect(promptModel(mangoku.viewFor(answered, 1), w(1))!.yourAnswer).toBe('monk');
    expect(promptModel(mangoku.viewFor(answered, 2), w(2))!.yourAnswer).toBeNull();
    expect(promptModel(mangoku.viewFor(position(BASE), 1), w(1))).toBeNull();
  });

  it('counts whole seconds down to the deadline', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });
});
