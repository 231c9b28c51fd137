import { legalMoves, seatsToAct } from './legal';
import { formatMove, formatPosition } from './notation';
import { viewFor } from './projection';
import { answerOptions, defaultAnswer, defaultAnswers } from './reactions';
import { Prompt } from './state';
import { after, lastPlay, position } from './test-helpers';

// Seat 1 holds a Monk, seat 2 does not; neither has had a turn.
const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 monk bandit; hand2 peasant merchant; supply captain ninja peasant warlord';

describe('a prompt', () => {
  it('is the same for every player asked, whether or not they hold a Monk or a coin', () => {
    const asked = after(position(`${BASE}; hand0 shrinemaiden captain peasant`), '0 shrinemaiden');
    const prompts = [0, 1, 2, 'spectator' as const].map((v) => JSON.stringify(viewFor(asked, v).step));
    expect(new Set(prompts).size).toBe(1);
    expect(JSON.parse(prompts[0])).toEqual({ kind: 'answer', prompt: { card: 'shrinemaiden', by: 0, attack: false, btl: 0, seats: [1, 2] } });
    // Only what each may answer differs, and only the seat itself can tell.
    expect(legalMoves(asked, 1).map(formatMove)).toEqual(['1 answer monk', '1 answer accept']);
    expect(legalMoves(asked, 2).map(formatMove)).toEqual(['2 answer accept']);
    expect(legalMoves(viewFor(asked, 2), 1)).toEqual([]);
  });

  it('offers an attack’s defender a Monk, a coin before their first turn, and their hand', () => {
    const prompt: Prompt = { card: 'captain', by: 0, attack: true, btl: 3, seats: [1, 2] };
    const s = position(`${BASE}; hand0 captain peasant peasant; played 0 2`);
    expect(answerOptions(s, 1, prompt)).toEqual(['monk', 'pay', 'defend']);
    expect(answerOptions(s, 2, prompt)).toEqual(['defend']);
    expect(defaultAnswer(prompt)).toBe('defend');
    expect(defaultAnswer({ ...prompt, attack: false, btl: 0, card: 'bandit' })).toBe('accept');
  });

  it('falls back, when time runs out, on defend for an attack and accept for anything else', () => {
    const attack = after(position(`${BASE}; hand0 peasant peasant captain`), '0 ikki', '2 answer pay');
    expect(defaultAnswers(attack).map(formatMove)).toEqual(['1 answer defend']);
    const other = after(position(`${BASE}; hand0 merchant captain peasant`), '0 merchant');
    expect(defaultAnswers(other).map(formatMove)).toEqual(['1 answer accept', '2 answer accept']);
    expect(defaultAnswers(after(other, ...defaultAnswers(other)))).toEqual([]);
  });

  it('keeps each answer from everyone else until the effect resolves', () => {
    const asked = after(position(`${BASE}; hand0 shrinemaiden captain peasant`), '0 shrinemaiden', '2 answer accept');
    expect(asked.answers).toEqual([null, 'accept']);
    expect(viewFor(asked, 2).answers).toEqual([null, 'accept']);
    for (const v of [0, 1, 'spectator'] as const) expect(viewFor(asked, v).answers).toEqual([null, null]);
    // Who is still to answer is not public either: a view lists every seat asked but its own.
    expect(seatsToAct(asked)).toEqual([1]);
    expect(seatsToAct(viewFor(asked, 0))).toEqual([1, 2]);
    const done = after(asked, '1 answer monk');
    expect(done.campaigns[0].turns[0].answers).toEqual([
      { seat: 1, answer: 'monk' },
      { seat: 2, answer: 'accept' },
    ]);
    expect(done.campaigns[0].events).toEqual([
      { type: 'monk', turn: 0, seat: 1 },
      { type: 'revealed', turn: 0, seats: [2] },
    ]);
  });

  it('lists answers in the record in seat order from the active player, whoever answered first', () => {
    const s = position(
      '4p; turn 2; coins 4 4 4 4; centre 3; hand0 peasant merchant; hand1 peasant bandit; hand2 merchant captain peasant; hand3 monk captain; supply ninja bandit',
    );
    const done = after(s, '2 merchant', '1 answer accept', '0 answer accept', '3 answer monk');
    expect(done.campaigns[0].turns[0].answers).toEqual([
      { seat: 3, answer: 'monk' },
      { seat: 0, answer: 'accept' },
      { seat: 1, answer: 'accept' },
    ]);
  });

  it('asks nobody for an Emperor (it cannot be cancelled)', () => {
    const done = after(position(`${BASE}; hand0 emperor captain peasant`), '0 emperor');
    expect(done.campaigns[0].turns[0]).toEqual({ seat: 0, play: { card: 'emperor' } });
  });

  it('reaches eliminated players and players without coins for a Bandit or Merchant, who can only accept', () => {
    const s = position('3p; turn 0; coins 4 0 2; centre 2; hand0 merchant captain peasant; hand2 monk bandit; gone 1; supply captain ninja');
    const asked = after(s, '0 merchant');
    expect(asked.step).toMatchObject({ kind: 'answer', prompt: { seats: [1, 2] } });
    expect(legalMoves(asked, 1).map(formatMove)).toEqual(['1 answer accept']);
    const done = after(asked, '1 answer accept', '2 answer accept');
    expect([done.coins, done.centre]).toEqual([[4, 0, 1], 3]);
    const bandit = after(
      position('3p; turn 0; coins 4 3 2; centre 2; hand0 bandit captain peasant; hand2 monk bandit; gone 1; supply captain'),
      '0 bandit>1',
      '1 answer accept',
    );
    expect(bandit.coins).toEqual([5, 2, 2]);
  });

  it('cancels a Shrine Maiden only for the player who plays a Monk', () => {
    const done = after(position(`${BASE}; hand0 shrinemaiden captain peasant`), '0 shrinemaiden', '1 answer monk', '2 answer accept');
    expect(done.reveals).toEqual([{ id: 0, campaign: 0, seats: [2], hands: [['peasant', 'merchant']] }]);
  });

  it('refills several players in seat order from the active player', () => {
    // Seats 2 and 0 both cancel seat 1's Ikki: seat 2 draws first (ninja), then seat 0 (bandit).
    const s = position(
      '3p; turn 1; coins 4 4 4; centre 2; hand0 monk captain; hand1 peasant peasant warlord; hand2 monk merchant; supply captain ninja bandit peasant',
    );
    const done = after(s, '1 ikki', '0 answer monk', '2 answer monk');
    expect(done.hands[1]).toEqual(['captain', 'warlord']);
    // Seat 2 then begins its turn and draws the peasant.
    expect(done.hands[2]).toEqual(['peasant', 'merchant', 'ninja']);
    expect(done.hands[0]).toEqual(['bandit', 'captain']);
  });

  it('lets a Monk cancel the taking of a Tea Master: nothing is taken, and the record has no took', () => {
    const done = after(position(`${BASE}; hand0 teamaster captain peasant`), '0 teamaster>1', '1 answer monk');
    expect(lastPlay(done)).toEqual({ card: 'teamaster', targets: [1] });
    expect(done.hands[1]).toEqual(['bandit', 'captain', 'ninja']);
  });

  it('eliminates a player whose Monk was their last card, with nothing left to draw', () => {
    const s = position('3p; turn 0; coins 4 4 4; centre 2; hand0 bandit captain; hand1 monk; hand2 peasant merchant; lastturn');
    const done = after(s, '0 bandit>1', '1 answer monk');
    expect(done.inCampaign[1]).toBe(false);
    expect(done.coins[1]).toBe(4);
    expect(formatPosition(done)).toContain('gone 1');
  });
});
