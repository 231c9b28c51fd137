import { ArraySchema } from '@colyseus/schema';
import { mangoku, seededRng } from '@samurai/shared';
import { MangokuState, SeatState } from './mangoku-state';
import { GameTableSession } from '../../table/GameTableSession';
import { mangokuFields } from './mangoku-fields';

/** A session on its own (no room), its clock in the test's hands. */
function newSession(players: number, clock: { now: number }) {
  const state = new MangokuState();
  state.seats = new ArraySchema<SeatState>(...Array.from({ length: players }, () => new SeatState()));
  const session = new GameTableSession(state, mangoku.mangokuContract, mangokuFields, () => clock.now);
  session.sync(Array.from(state.seats));
  return { state, session, game: () => (session as unknown as { current: mangoku.MangokuTable }).current.game };
}

const options = (players: mangoku.PlayerCount): mangoku.RoomOptions => ({ ...mangoku.DEFAULT_ROOM_OPTIONS, players, promptSeconds: 10 });

/**
 * A whole game as a room plays it: bots move, and now and then nobody answers a prompt until
 * its time runs out; reveals end and deals fall due on the clock. Returns the room's log of it
 * (the deal, then every change as written) and the game's state after each change.
 */
function loggedGame(players: mangoku.PlayerCount, seed: number) {
  const clock = { now: 1_000_000 };
  const { session, game } = newSession(players, clock);
  const rng = seededRng(seed);
  const deal = session.start(options(players), 1, seededRng(seed + 1));
  const changes: string[] = [];
  /** The state after each change; null inside a batch (several default answers at once). */
  const states: (string | null)[] = [];
  const note = (written: string[]) =>
    written.forEach((change, i) => changes.push(change) && states.push(i === written.length - 1 ? JSON.stringify(game()) : null));
  const timed = { prompts: 0, deals: 0, hidden: 0 };
  while (session.phase !== 'over') {
    const seat = session.automatedSeat(() => 'random');
    const prompt = game().step.kind === 'answer';
    if (seat >= 0 && !(prompt && rng.int(4) === 0)) {
      clock.now += 100;
      expect(session.playFor(seat, 'random', rng)).toBeNull();
      note([session.lastMove()]);
      continue;
    }
    // Nothing to do but wait: the clock runs to the next deadline.
    clock.now = Math.max(clock.now, session.nextDeadline());
    expect(clock.now).toBeLessThan(Infinity);
    const kind = game().step.kind;
    const reveals = game().reveals.length;
    const written = session.expire(clock.now);
    expect(written.length).toBeGreaterThan(0);
    if (kind === 'answer') timed.prompts++;
    if (kind === 'deal') timed.deals++;
    if (game().reveals.length < reveals) timed.hidden++;
    note(written);
  }
  return { deal, changes, states, timed };
}

describe('Mangoku through the generic session', () => {
  it('replays its log exactly, from any point, with no random generator: moves, chance, default answers, deals and hidden reveals', () => {
    const timed = { prompts: 0, deals: 0, hidden: 0 };
    for (const [players, seed] of [
      [3, 1],
      [4, 2],
      [5, 3],
      [6, 4],
      [2, 5],
      [6, 6],
    ] as const) {
      const logged = loggedGame(players, seed);
      for (const key of Object.keys(timed) as (keyof typeof timed)[]) timed[key] += logged.timed[key];
      for (let k = 1; k <= logged.changes.length; k += 1 + (k % 7)) {
        if (logged.states[k - 1] === null) continue;
        const { session, game } = newSession(players, { now: 5_000_000 });
        session.restore(logged.deal, logged.changes.slice(0, k));
        expect(JSON.stringify(game())).toBe(logged.states[k - 1]);
      }
      const { session, game } = newSession(players, { now: 5_000_000 });
      session.restore(logged.deal, logged.changes);
      expect(mangoku.verifyRecord(mangoku.exportRecord(game()))).toMatchObject({ ok: true });
    }
    // The games went through every kind of timed change.
    expect(timed.prompts).toBeGreaterThan(0);
    expect(timed.deals).toBeGreaterThan(0);
    expect(timed.hidden).toBeGreaterThan(0);
  });

  it('resumes from a snapshot taken at any point, and the changes since, exactly as from its deal: the game, the state every client sees, the record', () => {
    for (const [players, seed] of [
      [3, 31],
      [6, 32],
      [2, 33],
    ] as const) {
      const logged = loggedGame(players, seed);
      for (let k = 0; k < logged.changes.length; k += 1 + (k % 5)) {
        if (k > 0 && logged.states[k - 1] === null) continue;
        const at = newSession(players, { now: 5_000_000 });
        at.session.restore(logged.deal, logged.changes.slice(0, k));
        const snapshot = at.session.snapshot();
        const end = Math.min(logged.changes.length, k + 1 + (k % 9));
        if (logged.states[end - 1] === null) continue;
        const fromDeal = newSession(players, { now: 5_000_000 });
        fromDeal.session.restore(logged.deal, logged.changes.slice(0, end));
        const resumed = newSession(players, { now: 5_000_000 });
        resumed.session.resume(JSON.parse(snapshot), logged.changes.slice(k, end));
        expect(JSON.stringify(resumed.game())).toBe(logged.states[end - 1]);
        expect(resumed.state.toJSON()).toEqual(fromDeal.state.toJSON());
        expect(resumed.session.lastMove()).toBe(fromDeal.session.lastMove());
        expect(resumed.session.nextDeadline()).toBe(fromDeal.session.nextDeadline());
      }
      const whole = newSession(players, { now: 5_000_000 });
      whole.session.resume({ state: JSON.parse(logged.states.at(-1)!), last: null, log: [] }, []);
      expect(mangoku.verifyRecord(whole.session.record() as mangoku.GameRecord)).toMatchObject({ ok: true });
    }
    expect(() => newSession(3, { now: 0 }).session.resume({ state: { hands: 'no' } }, [])).toThrow(/not a Mangoku snapshot/);
  });

  it('gives a restored prompt its full time from the restart, and deals a due campaign at once', () => {
    const logged = loggedGame(4, 11);
    const stepAfter = (s: string | null) => (s ? (JSON.parse(s) as mangoku.GameState).step.kind : null);
    const promptAt = logged.states.findIndex((s) => stepAfter(s) === 'answer');
    const dealAt = logged.states.findIndex((s) => stepAfter(s) === 'deal');
    expect(promptAt).toBeGreaterThanOrEqual(0);
    expect(dealAt).toBeGreaterThanOrEqual(0);
    const clock = { now: 9_000_000 };
    const waiting = newSession(4, clock);
    waiting.session.restore(logged.deal, logged.changes.slice(0, promptAt + 1));
    expect(waiting.session.nextDeadline()).toBe(9_000_000 + 10_000);
    expect(waiting.state.promptEndsAt).toBe(9_000_000 + 10_000);
    expect(waiting.session.expire(9_000_000 + 9_999)).toEqual([]);
    expect(waiting.session.expire(9_000_000 + 10_000).length).toBeGreaterThan(0);
    expect(waiting.game().step.kind).not.toBe('answer');

    const dealing = newSession(4, clock);
    dealing.session.restore(logged.deal, logged.changes.slice(0, dealAt + 1));
    expect(dealing.game().step.kind).toBe('deal');
    expect(dealing.session.nextDeadline()).toBe(clock.now);
    expect(dealing.session.expire(clock.now).map((c) => Object.keys(JSON.parse(c) as object))).toEqual([['deal']]);
    expect(dealing.game().step.kind).toBe('play');
  });

  it('postpones a prompt by the time the room stood still waiting for its storage, and shows the new deadline', () => {
    const logged = loggedGame(4, 11);
    const promptAt = logged.states.findIndex((s) => (s ? (JSON.parse(s) as mangoku.GameState).step.kind : null) === 'answer');
    const clock = { now: 9_000_000 };
    const { session, state, game } = newSession(4, clock);
    session.restore(logged.deal, logged.changes.slice(0, promptAt + 1));
    // 4 s of the prompt's 10 went by, then the room waited 30 s: 6 s are left after the wait.
    session.postpone(9_004_000, 9_034_000);
    expect(state.promptEndsAt).toBe(9_040_000);
    expect(session.nextDeadline()).toBeGreaterThanOrEqual(9_034_000);
    session.expire(9_039_999);
    expect(game().step.kind).toBe('answer');
    session.expire(9_040_000);
    expect(game().step.kind).not.toBe('answer');
  });

  it('refuses a log that does not replay, naming the change', () => {
    const logged = loggedGame(3, 21);
    const tampered = logged.changes.slice(0, 5);
    tampered[3] = JSON.stringify({ move: { type: 'answer', seat: 0, answer: 'pay' }, chance: [] });
    expect(() => newSession(3, { now: 0 }).session.restore(logged.deal, tampered)).toThrow(/change 4 of the game does not replay/);
  });

  it('moves only bots, never a person, even one with a single answer open, and owes nobody a move during a prompt', () => {
    const clock = { now: 0 };
    const { session, game } = newSession(3, clock);
    session.start(options(3), 1, seededRng(3));
    const rng = seededRng(4);
    for (let i = 0; i < 200 && session.phase !== 'over'; i++) {
      // With people in every seat the server moves nobody, whatever they may do.
      expect(session.automatedSeat(() => null)).toBe(-1);
      if (game().step.kind === 'answer') {
        expect(session.seatsToAct()).toEqual([]);
      } else if (game().step.kind !== 'deal') {
        expect(session.seatsToAct()).toEqual(mangoku.seatsToAct(game()));
      }
      const seat = session.automatedSeat(() => 'random');
      if (seat < 0) session.expire((clock.now = session.nextDeadline()));
      else session.playFor(seat, 'random', rng);
    }
    expect(() => session.playFor(0, null, rng)).toThrow(/person/);
  });
});
