import { applyMove } from './apply';
import { applyChance } from './chance';
import { RoomError } from '../../table/errors';
import { MOVE_ERROR_MESSAGES, MOVE_ERRORS, MoveError } from './errors';
import { newGame } from './setup';
import { Chance, GameState } from './state';
import { after, move, position } from './test-helpers';

const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 monk bandit; hand2 peasant merchant; supply captain ninja peasant';
const play = (hand0: string) => position(`${BASE}; hand0 ${hand0}`);

/** For every code, a state and a move (or chance outcome) that must be refused with exactly that code. */
const CASES: Record<MoveError, () => { state: GameState; move?: unknown; chance?: Chance }> = {
  [MoveError.Malformed]: () => ({ state: play('captain monk peasant'), move: { type: 'dance', seat: 0 } }),
  [MoveError.UnknownSeat]: () => ({ state: play('captain monk peasant'), move: move('3 captain>1') }),
  [MoveError.GameOver]: () => ({
    state: after(
      position('2p; turn 0; coins 1 0; centre 0; hand0 warlord monk peasant; hand1 peasant merchant; supply captain'),
      '0 warlord>1',
      '1 answer defend',
    ),
    move: move('1 captain>0'),
  }),
  [MoveError.WrongStep]: () => ({ state: after(play('captain monk peasant'), '0 captain>1'), move: move('0 monk') }),
  [MoveError.NotYourTurn]: () => ({ state: play('captain monk peasant'), move: move('1 bandit>0') }),
  [MoveError.NotInHand]: () => ({ state: play('captain monk peasant'), move: move('0 warlord>1') }),
  [MoveError.MustPlayTaken]: () => ({
    state: after(play('nobleman monk peasant'), '0 nobleman>2', '2 answer accept', '0 take merchant'),
    move: move('0 monk'),
  }),
  [MoveError.NotIkki]: () => ({ state: play('captain monk peasant'), move: { type: 'play', seat: 0, play: { card: 'captain', ikki: true } } }),
  [MoveError.IkkiNeedsTwo]: () => ({ state: play('captain monk peasant'), move: move('0 ikki') }),
  [MoveError.TargetMissing]: () => ({ state: play('captain monk peasant'), move: move('0 captain') }),
  [MoveError.TargetNotAllowed]: () => ({ state: play('captain monk peasant'), move: move('0 captain>0') }),
  [MoveError.TargetUnexpected]: () => ({ state: play('captain monk peasant'), move: move('0 monk>1') }),
  [MoveError.TooManyTargets]: () => ({ state: play('captain monk peasant'), move: move('0 captain>1,2') }),
  [MoveError.TargetTwice]: () => ({ state: play('commander monk peasant'), move: move('0 commander>2,2') }),
  [MoveError.NotAsked]: () => ({ state: after(play('captain monk peasant'), '0 captain>2'), move: move('1 answer monk') }),
  [MoveError.AlreadyAnswered]: () => ({ state: after(play('merchant monk peasant'), '0 merchant', '2 answer accept'), move: move('2 answer accept') }),
  [MoveError.AnswerWrongKind]: () => ({ state: after(play('captain monk peasant'), '0 captain>2'), move: move('2 answer accept') }),
  [MoveError.NoMonk]: () => ({ state: after(play('captain monk peasant'), '0 captain>2'), move: move('2 answer monk') }),
  [MoveError.NoCoin]: () => ({
    state: after(
      position('3p; turn 0; coins 4 4 0; centre 2; hand0 captain monk peasant; hand1 monk bandit; hand2 peasant merchant; supply ninja'),
      '0 captain>2',
    ),
    move: move('2 answer pay'),
  }),
  [MoveError.PayTooLate]: () => ({ state: after(position(`${BASE}; hand0 captain monk peasant; played 0 2`), '0 captain>2'), move: move('2 answer pay') }),
  [MoveError.NotThere]: () => ({ state: after(play('nobleman monk peasant'), '0 nobleman>2', '2 answer accept'), move: move('0 take warlord') }),
  [MoveError.KabukiItself]: () => ({ state: after(position(`${BASE}; hand0 kabuki monk peasant; discard captain`), '0 kabuki'), move: move('0 take kabuki') }),
  [MoveError.ChanceNotDue]: () => ({ state: play('captain monk peasant'), chance: { type: 'pick', card: 'captain' } }),
  [MoveError.ChanceBadDeck]: () => ({ state: newGame({ players: 2 }, 0), chance: { type: 'deal', deck: ['captain'] } }),
  [MoveError.ChanceBadPick]: () => ({
    state: after(play('teamaster monk peasant'), '0 teamaster>2', '2 answer accept'),
    chance: { type: 'pick', card: 'warlord' },
  }),
};

describe('every move error', () => {
  it.each(MOVE_ERRORS)('%s is returned for its case, with the state untouched', (code) => {
    const { state, move: m, chance } = CASES[code]();
    const before = JSON.stringify(state);
    const r = chance ? applyChance(state, chance) : applyMove(state, m as never);
    expect(r.ok ? null : r.error).toBe(code);
    if (!r.ok) expect(r.detail.length).toBeGreaterThan(0);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('has one message per code, and codes that stay stable', () => {
    expect(Object.keys(MOVE_ERROR_MESSAGES).sort()).toEqual([...MOVE_ERRORS].sort());
    for (const code of MOVE_ERRORS) expect(code).toMatch(/^[a-z_]+\/[a-z_]+$/);
  });

  it.each([
    null,
    'captain',
    {},
    { type: 'play' },
    { type: 'play', seat: '0', play: { card: 'captain', targets: [1] } },
    { type: 'play', seat: 0 },
    { type: 'play', seat: 0, play: { card: 'dragon' } },
    { type: 'play', seat: 0, play: { card: 'captain', targets: [] } },
    { type: 'play', seat: 0, play: { card: 'captain', targets: ['1'] } },
    { type: 'play', seat: 0, play: { card: 'captain', targets: [1], took: 'monk' } },
    { type: 'play', seat: 0, play: { card: 'peasant', ikki: false } },
    { type: 'answer', seat: 0, answer: 'run' },
    { type: 'take', seat: 0, card: 'dragon' },
  ])('refuses the malformed move %j as malformed', (m) => {
    const state = play('captain monk peasant');
    const r = applyMove(state, m as never);
    expect(r.ok ? null : r.error).toBe(MoveError.Malformed);
  });
});

describe('error codes', () => {
  it("are distinct from the table's codes", () => {
    for (const code of Object.values(RoomError)) expect(Object.values(MoveError)).not.toContain(code);
  });
});
