import { MoveError } from './errors';
import { legalMoves } from './legal';
import { formatMove } from './notation';
import { after, lastPlay, position, refusal } from './test-helpers';

const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 peasant bandit; hand2 peasant merchant; supply monk captain ninja';

describe('targets', () => {
  it('of attacks, Ninja, Tea Master and Nobleman are the other players still in the campaign', () => {
    for (const card of ['captain', 'warlord', 'ninja', 'teamaster', 'nobleman']) {
      const s = position(`${BASE}; hand0 ${card} monk peasant; gone 2`);
      expect(refusal(s, `0 ${card}>2`)).toBe(MoveError.TargetNotAllowed);
      expect(refusal(s, `0 ${card}>0`)).toBe(MoveError.TargetNotAllowed);
      expect(refusal(s, `0 ${card}`)).toBe(MoveError.TargetMissing);
      expect(refusal(s, `0 ${card}>1`)).toBeNull();
    }
  });

  it('of a Bandit include eliminated players (who keep their coins)', () => {
    const s = position(`${BASE}; hand0 bandit monk peasant; gone 2`);
    expect(
      legalMoves(s, 0)
        .filter((m) => m.type === 'play' && m.play.card === 'bandit')
        .map(formatMove),
    ).toEqual(['0 bandit>1', '0 bandit>2']);
    expect(after(s, '0 bandit>2', '2 answer accept').coins).toEqual([5, 4, 3]);
  });

  it('of a Princess are the centre pile or another player still in the campaign (Resolution)', () => {
    const s = position(`${BASE}; hand0 princess monk peasant; gone 2`);
    expect(
      legalMoves(s, 0)
        .filter((m) => m.type === 'play' && m.play.card === 'princess')
        .map(formatMove),
    ).toEqual(['0 princess>centre', '0 princess>1']);
    expect(refusal(s, '0 princess>2')).toBe(MoveError.TargetNotAllowed);
  });

  it('are mandatory when they exist, and the player chooses them', () => {
    const s = position(`${BASE}; hand0 bandit princess commander`);
    expect(refusal(s, '0 bandit')).toBe(MoveError.TargetMissing);
    expect(refusal(s, '0 princess')).toBe(MoveError.TargetMissing);
    expect(refusal(s, '0 commander')).toBe(MoveError.TargetMissing);
  });

  it('of a Commander are one player or two different ones', () => {
    const s = position(`${BASE}; hand0 commander monk peasant`);
    expect(refusal(s, '0 commander>1,1')).toBe(MoveError.TargetTwice);
    expect(refusal(s, '0 commander>1,2')).toBeNull();
    expect(refusal(s, '0 commander>2')).toBeNull();
    expect(
      refusal(
        position(
          `4p; turn 0; coins 4 4 4 4; centre 3; hand0 commander monk peasant; hand1 peasant bandit; hand2 peasant merchant; hand3 monk captain; supply ninja`,
        ),
        '0 commander>1,2,3',
      ),
    ).toBe(MoveError.TooManyTargets);
  });

  it('that do not exist leave the card without effect: played with no target', () => {
    // Seat 0 takes seat 1's last card with a Nobleman: seat 1 is out, and nobody is left to attack.
    const s = position('2p; turn 0; coins 4 4; centre 1; hand0 nobleman peasant; hand1 warlord; lastturn');
    const taken = after(s, '0 nobleman>1', '1 answer accept', '0 take warlord');
    expect(refusal(taken, '0 warlord>1')).toBe(MoveError.TargetUnexpected);
    const done = after(taken, '0 warlord');
    expect(lastPlay(done)).toEqual({ card: 'nobleman', targets: [1], took: 'warlord', then: { card: 'warlord' } });
    expect(done.campaigns[0].end).toMatchObject({ reason: 'last-standing', winner: 0 });
  });
});

describe('a Kabuki', () => {
  it('takes any face-up card of the discard pile, never itself nor the face-down card (Resolution)', () => {
    const s = position(`${BASE}; hand0 kabuki monk peasant; bottom warlord; discard captain merchant captain`);
    const choosing = after(s, '0 kabuki');
    expect(choosing.step).toEqual({ kind: 'take', seat: 0, from: 'discard', options: ['merchant', 'captain'] });
    expect(refusal(choosing, '0 take kabuki')).toBe(MoveError.KabukiItself);
    expect(refusal(choosing, '0 take warlord')).toBe(MoveError.NotThere);
    const taken = after(choosing, '0 take captain');
    expect(taken.discard).toEqual(['captain', 'merchant', 'kabuki']);
  });

  it('may take a card played earlier in the same turn: the Tea Master that took it', () => {
    const s = position(
      '3p; turn 0; coins 4 4 4; centre 2; hand0 teamaster monk peasant; hand1 kabuki bandit; hand2 peasant merchant; supply monk captain ninja',
    );
    const kabuki = after(s, '0 teamaster>1', '1 answer accept', 'pick kabuki', '0 kabuki');
    expect(kabuki.step).toEqual({ kind: 'take', seat: 0, from: 'discard', options: ['teamaster'] });
    const done = after(kabuki, '0 take teamaster', '0 teamaster>2', '2 answer accept', 'pick merchant', '0 merchant', '1 answer accept', '2 answer accept');
    expect(lastPlay(done)).toEqual({
      card: 'teamaster',
      targets: [1],
      took: 'kabuki',
      then: { card: 'kabuki', took: 'teamaster', then: { card: 'teamaster', targets: [2], took: 'merchant', then: { card: 'merchant' } } },
    });
    expect(done.campaigns[0].turns[0].answers).toEqual([
      { seat: 1, answer: 'accept' },
      { seat: 2, answer: 'accept' },
      { seat: 1, answer: 'accept' },
      { seat: 2, answer: 'accept' },
    ]);
  });

  it('with no face-up card to take has no effect', () => {
    const done = after(position(`${BASE}; hand0 kabuki monk peasant; bottom warlord`), '0 kabuki');
    expect(lastPlay(done)).toEqual({ card: 'kabuki' });
    expect(done.active).toBe(1);
  });
});

describe('a taken Peasant', () => {
  it('makes an Ikki with a Peasant from the taker’s hand, or has no effect alone', () => {
    const s = position(
      '3p; turn 0; coins 4 4 4; centre 2; hand0 nobleman peasant monk; hand1 peasant bandit; hand2 warlord merchant; supply monk captain ninja',
    );
    const taken = after(s, '0 nobleman>1', '1 answer accept', '0 take peasant');
    expect(legalMoves(taken, 0).map(formatMove)).toEqual(['0 peasant', '0 ikki']);
    const ikki = after(taken, '0 ikki');
    // The taker refilled (one Peasant left its hand) before anyone answers.
    expect(ikki.hands[0]).toEqual(['captain', 'monk']);
    expect(ikki.step).toMatchObject({ prompt: { card: 'peasant', btl: 5, seats: [1, 2] } });
    expect(
      refusal(
        after(
          position('3p; turn 0; coins 4 4 4; centre 2; hand0 nobleman monk bandit; hand1 peasant bandit; hand2 warlord merchant; supply monk'),
          '0 nobleman>1',
          '1 answer accept',
          '0 take peasant',
        ),
        '0 ikki',
      ),
    ).toBe(MoveError.IkkiNeedsTwo);
  });
});
