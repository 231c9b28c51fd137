import { seededRng } from '../../random';
import { applyMoveInPlace } from './apply';
import { greedyBot } from './bots/greedy-bot';
import { randomBot } from './bots/random-bot';
import { awaitsChance, settle } from './chance';
import { CardName } from './cards';
import { seatsToAct } from './legal';
import { exportRecord, RECORD_FORMAT, verifyRecord } from './record';
import { newGame } from './setup';
import { GameState } from './state';
import { after, playSeeded } from './test-helpers';

// Records are edited freely here, as a hand-edited file could be.
type Json = any;

const bots = (i: number) => (i % 2 ? Array(6).fill(greedyBot) : Array(6).fill(randomBot));
const recordOf = (i: number): Json => JSON.parse(JSON.stringify(exportRecord(playSeeded(i, undefined, bots(i)))));

function tampered(record: Json, edit: (r: Json) => void): Json {
  const copy = JSON.parse(JSON.stringify(record));
  edit(copy);
  return copy;
}

/** verifyRecord must refuse with this rule at this place, and its message must name the place. */
function expectRefused(record: unknown, rule: string, campaign: number | null, turn: number | null = null, play: string | null = null): string {
  const check = verifyRecord(record);
  if (check.ok) throw new Error(`accepted; expected ${rule}`);
  expect({ rule: check.rule, campaign: check.campaign, turn: check.turn, play: check.play }).toEqual({ rule, campaign, turn, play });
  if (campaign !== null) expect(check.message).toContain(`campaigns[${campaign}]`);
  if (turn !== null) expect(check.message).toContain(`turns[${turn}]`);
  if (play !== null) expect(check.message).toContain(play);
  return check.message;
}

/** The first seeded game (from `from`) whose record satisfies `want`. */
function findRecord(want: (r: Json) => boolean, from = 0): Json {
  for (let i = from; i < from + 400; i++) {
    const r = recordOf(i);
    if (want(r)) return r;
  }
  throw new Error('no such game');
}

/** [campaign, turn] of the first turn satisfying `want`. */
function findTurn(record: Json, want: (t: Json) => boolean): [number, number] {
  for (let c = 0; c < record.campaigns.length; c++) {
    const t = record.campaigns[c].turns.findIndex(want);
    if (t >= 0) return [c, t];
  }
  throw new Error('no such turn');
}

describe('a finished game’s record', () => {
  it.each(Array.from({ length: 20 }, (_, i) => i))('game %i re-verifies from JSON to the same game and result', (i) => {
    const state = playSeeded(i, undefined, bots(i));
    const record = JSON.parse(JSON.stringify(exportRecord(state)));
    expect(record.format).toBe(RECORD_FORMAT);
    const check = verifyRecord(record);
    if (!check.ok) throw new Error(check.message);
    expect(check.state.campaigns).toEqual(state.campaigns);
    expect([check.state.coins, check.state.result]).toEqual([state.coins, state.result]);
    expect(exportRecord(check.state)).toEqual(record);
  });

  it('carries exactly the fields docs/rules/mangoku-record.md names', () => {
    const record = findRecord((r) => r.campaigns.some((c: Json) => c.drawOff));
    expect(Object.keys(record).sort()).toEqual(['campaigns', 'firstSeat', 'format', 'options', 'players', 'result']);
    expect(record.options).toEqual({ promptSeconds: 20 });
    const tie = record.campaigns.find((c: Json) => c.drawOff);
    expect(Object.keys(tie).sort()).toEqual(['deck', 'drawOff', 'drawOffDecks', 'first', 'turns']);
    expect(tie.drawOff.length).toBe(tie.drawOffDecks.length);
    expect(Object.keys(record.campaigns.find((c: Json) => !c.drawOff)).sort()).toEqual(['deck', 'first', 'turns']);
    expect(Object.keys(record.result).sort()).toEqual(['coins', 'drawOff', 'ranking', 'winners']);
    // The deal: seat s gets deck[2s] and deck[2s+1] (hands are sorted, so compare as sets).
    const state = verifyRecord(record);
    expect(state.ok).toBe(true);
  });

  it('reads the turns of docs/rules/mangoku-record.md § An example, played out to a finished game', () => {
    // 3 players; seat 1 first. Hands: 0 teamaster warlord, 1 captain monk, 2 peasant bandit; merchant face down;
    // the supply gives kabuki (seat 1's draw), peasant (seat 2's), then refills and draws.
    const deck: CardName[] = [
      'teamaster',
      'warlord',
      'captain',
      'monk',
      'peasant',
      'bandit',
      'merchant',
      'kabuki',
      'peasant',
      'captain',
      'princess',
      'nobleman',
      'ninja',
      'emperor',
      'peasant',
      'captain',
      'monk',
      'shrinemaiden',
    ];
    let state: GameState = newGame({ players: 3 }, 1);
    state = after(
      state,
      `deal ${deck.join(',')}`,
      '1 captain>2',
      '2 answer defend',
      '2 ikki',
      '0 answer pay',
      '1 answer monk',
      '0 teamaster>1',
      '1 answer accept',
      'pick kabuki',
      '0 kabuki',
      '0 take captain',
      '0 captain>2',
      '2 answer defend',
    );
    const example = [
      { seat: 1, play: { card: 'captain', targets: [2] }, answers: [{ seat: 2, answer: 'defend' }] },
      {
        seat: 2,
        play: { card: 'peasant', ikki: true },
        answers: [
          { seat: 0, answer: 'pay' },
          { seat: 1, answer: 'monk' },
        ],
      },
      {
        seat: 0,
        play: { card: 'teamaster', targets: [1], took: 'kabuki', then: { card: 'kabuki', took: 'captain', then: { card: 'captain', targets: [2] } } },
        answers: [
          { seat: 1, answer: 'accept' },
          { seat: 2, answer: 'defend' },
        ],
      },
    ];
    expect(state.campaigns[0].turns).toEqual(example);
    // Bots play the game out.
    const rng = seededRng(5);
    while (state.step.kind !== 'over') {
      if (awaitsChance(state)) settle(state, rng);
      else {
        const seat = seatsToAct(state)[0];
        applyMoveInPlace(state, greedyBot.chooseMove(state, seat, rng));
      }
    }
    const record = JSON.parse(JSON.stringify(exportRecord(state)));
    expect(record.firstSeat).toBe(1);
    expect(record.campaigns[0].first).toBe(1);
    expect(record.campaigns[0].turns.slice(0, 3)).toEqual(example);
    expect(verifyRecord(record).ok).toBe(true);
  });

  it('does not depend on the order of keys; absent and empty draw-offs and answers are alike', () => {
    const record = recordOf(3);
    const reordered = JSON.parse(
      JSON.stringify(record, (_, value) =>
        value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
      ),
    );
    expect(verifyRecord(reordered).ok).toBe(true);
    const filled = tampered(record, (r) => {
      for (const c of r.campaigns) {
        c.drawOff ??= [];
        c.drawOffDecks ??= [];
        for (const t of c.turns) t.answers ??= [];
      }
      delete r.result.drawOff;
    });
    expect(verifyRecord(filled).ok).toBe(true);
  });
});

describe('verifying a record refuses', () => {
  // 2 or 3 players, so that no Commander is in play.
  const base = findRecord(
    (r) => r.players <= 3 && r.campaigns.length >= 3 && r.campaigns.some((c: Json) => c.drawOff) && JSON.stringify(r).includes('"teamaster","targets"'),
    1,
  );

  it('what is not the shape of docs/rules/mangoku-record.md, unknown fields included', () => {
    expectRefused(
      tampered(base, (r) => (r.format = 'mangoku-record/2')),
      'record/shape',
      null,
    );
    expectRefused(
      tampered(base, (r) => (r.campaigns[0].turns[0].note = 'hi')),
      'record/shape',
      null,
    );
    expectRefused(
      tampered(base, (r) => (r.campaigns[0].turns[0].play.card = 'dragon')),
      'record/shape',
      null,
    );
    expectRefused(
      tampered(base, (r) => delete r.firstSeat),
      'record/shape',
      null,
    );
    expectRefused(
      tampered(base, (r) => (r.players = 7)),
      'record/shape',
      null,
    );
    expectRefused(
      tampered(base, (r) => (r.campaigns = [])),
      'record/shape',
      null,
    );
    expectRefused(
      tampered(base, (r) => (r.firstSeat = r.players)),
      'record/shape',
      null,
    );
  });

  it('a list of who sat where that is not one seat a player (a list that is names it)', () => {
    const record = recordOf(0);
    const seats = Array.from({ length: record.players }, (_, s) => ({ name: `P${s}`, colour: 'sky', bot: null }));
    const named = verifyRecord({ ...record, seats });
    expect(named.ok && named.record.seats).toEqual(seats);
    expectRefused({ ...record, seats: [...seats, seats[0]] }, 'record/shape', null);
    expectRefused({ ...record, seats: seats.map((s) => ({ ...s, name: 7 })) }, 'record/shape', null);
  });

  it('a deck that is not the cards in play', () => {
    const message = expectRefused(
      tampered(base, (r) => (r.campaigns[1].deck[0] = r.campaigns[1].deck[0] === 'emperor' ? 'peasant' : 'emperor')),
      'chance/bad_deck',
      1,
    );
    expect(message).toContain('deck');
  });

  it('a campaign begun by the wrong player', () => {
    expectRefused(
      tampered(base, (r) => (r.campaigns[1].first = (r.campaigns[1].first + 1) % r.players)),
      'record/first',
      1,
    );
    expectRefused(
      tampered(base, (r) => (r.firstSeat = (r.firstSeat + 1) % r.players)),
      'record/first',
      0,
    );
  });

  it('a turn by a seat not to play', () => {
    expectRefused(
      tampered(base, (r) => (r.campaigns[0].turns[1].seat = r.campaigns[0].turns[0].seat)),
      'record/seat_order',
      0,
      1,
    );
  });

  it('a card the player does not hold, or aimed where it cannot reach, naming the play', () => {
    const [c, t] = findTurn(base, (turn) => turn.play.card === 'peasant' && !turn.play.ikki);
    expectRefused(
      tampered(base, (r) => (r.campaigns[c].turns[t].play.card = 'commander')),
      'play/not_in_hand',
      c,
      t,
      'play',
    );
    expectRefused(
      tampered(base, (r) => (r.campaigns[c].turns[t].play.targets = [0])),
      'target/unexpected',
      c,
      t,
      'play',
    );
  });

  it('a bad play of a taken card, naming it play.then', () => {
    const [c, t] = findTurn(base, (turn) => turn.play.card === 'teamaster' && turn.play.then);
    const message = expectRefused(
      tampered(base, (r) => (r.campaigns[c].turns[t].play.then.card = r.campaigns[c].turns[t].play.took === 'monk' ? 'emperor' : 'monk')),
      'play/must_play_taken',
      c,
      t,
      'play.then',
    );
    expect(message).toContain(`campaigns[${c}].turns[${t}].play.then`);
  });

  it('a taking card without took and then, or took where nothing was taken', () => {
    const [c, t] = findTurn(base, (turn) => turn.play.card === 'teamaster' && turn.play.then && !turn.play.then.then);
    expectRefused(
      tampered(base, (r) => delete r.campaigns[c].turns[t].play.then),
      'record/took',
      c,
      t,
      'play',
    );
    expectRefused(
      tampered(base, (r) => (r.campaigns[c].turns[t].play.then.took = 'peasant')),
      'record/took',
      c,
      t,
      'play.then',
    );
  });

  it('a Tea Master’s card the player taken from did not hold', () => {
    const [c, t] = findTurn(base, (turn) => turn.play.card === 'teamaster' && turn.play.then);
    const notHeld = (r: Json) => {
      const play = r.campaigns[c].turns[t].play;
      play.took = play.then.card = play.took === 'emperor' ? 'kabuki' : 'emperor';
    };
    const check = verifyRecord(tampered(base, notHeld));
    expect(check.ok).toBe(false);
    if (!check.ok) expect([check.campaign, check.turn, check.play]).toEqual([c, t, 'play']);
  });

  it('answers missing, extra, out of the order asked, or not open to the player', () => {
    // A play with one prompt of two seats or more: the prompt's play is named; an extra answer, the turn.
    const [c, t] = findTurn(base, (turn) => turn.answers?.length >= 2 && !turn.play.then);
    expectRefused(
      tampered(base, (r) => r.campaigns[c].turns[t].answers.pop()),
      'record/answers',
      c,
      t,
      'play',
    );
    expectRefused(
      tampered(base, (r) => r.campaigns[c].turns[t].answers.push({ seat: 0, answer: 'accept' })),
      'record/answers',
      c,
      t,
    );
    expectRefused(
      tampered(base, (r) => r.campaigns[c].turns[t].answers.reverse()),
      'record/answers',
      c,
      t,
      'play',
    );
    const [c2, t2] = findTurn(base, (turn) => !turn.play.then && turn.answers?.some((a: Json) => a.answer === 'accept'));
    expectRefused(
      tampered(base, (r) => (r.campaigns[c2].turns[t2].answers.find((a: Json) => a.answer === 'accept').answer = 'defend')),
      'answer/wrong_kind',
      c2,
      t2,
      'play',
    );
  });

  it('turns after a campaign ended, and a campaign whose turns stop too soon', () => {
    expectRefused(
      tampered(base, (r) => r.campaigns[0].turns.push(r.campaigns[0].turns[0])),
      'record/campaign_over',
      0,
      base.campaigns[0].turns.length,
    );
    expectRefused(
      tampered(base, (r) => r.campaigns[0].turns.pop()),
      'record/campaign_not_over',
      0,
    );
  });

  it('a draw-off that does not match its decks, or is not due', () => {
    const c = base.campaigns.findIndex((x: Json) => x.drawOff);
    expectRefused(
      tampered(base, (r) => (r.campaigns[c].drawOff[0][0].card = r.campaigns[c].drawOff[0][0].card === 'emperor' ? 'peasant' : 'emperor')),
      'record/draw_off',
      c,
    );
    expectRefused(
      tampered(base, (r) => (r.campaigns[c].drawOffDecks = [])),
      'record/draw_off',
      c,
    );
    const other = base.campaigns.findIndex((x: Json) => !x.drawOff);
    expectRefused(
      tampered(base, (r) => ((r.campaigns[other].drawOff = base.campaigns[c].drawOff), (r.campaigns[other].drawOffDecks = base.campaigns[c].drawOffDecks))),
      'record/draw_off',
      other,
    );
  });

  it('a campaign after the game ended, a game not ended, and a result that differs', () => {
    const last = base.campaigns.length - 1;
    expectRefused(
      tampered(base, (r) => r.campaigns.push(r.campaigns[last])),
      'record/ended_early',
      last + 1,
    );
    expectRefused(
      tampered(base, (r) => r.campaigns.pop()),
      'record/not_ended',
      null,
    );
    const message = expectRefused(
      tampered(base, (r) => (r.result.coins[0] += 1)),
      'record/result_differs',
      null,
    );
    expect(message).toContain('result');
    expectRefused(
      tampered(base, (r) => (r.result.winners = [(r.result.winners[0] + 1) % r.players])),
      'record/result_differs',
      null,
    );
  });
});
