import { applyMoveInPlace } from './apply';
import { seatsToAct } from './simulate';
import { randomBot } from './bots/random-bot';
import { viewFor } from './projection';
import { decodeLogEntry, startEvents, encodeLogEntry, updateLog } from './protocol/game-log';
import { exportRecord } from './record';
import { logAt, openReplay, replayRecord, stepOfLogEntry, turnStep, viewAt } from './replay';
import { cloneState, createGame, GameState, Move } from './state';
import { seriesConfig } from './test-helpers';
import { seededRng } from '../../random';

type Json = any;

/** A seeded bot game as a room plays it: every position after a move, with the room's public log then. */
function liveGame(i: number) {
  const state = createGame(seriesConfig(i), seededRng(i));
  const botRng = seededRng(7_000_003 + i);
  let log = startEvents(state).map(encodeLogEntry);
  const after: { move: Move | null; state: GameState; log: number[] }[] = [{ move: null, state: cloneState(state), log }];
  while (state.phase !== 'over') {
    const seat = seatsToAct(state)[0];
    const move = randomBot.chooseMove(state, seat, botRng);
    const before = cloneState(state);
    if (applyMoveInPlace(state, move)) throw new Error('the bot chose an illegal move');
    log = log.slice();
    updateLog(log, before, move, state);
    after.push({ move, state: cloneState(state), log });
  }
  return { state, after };
}

/** What a position shows anyone: everything but the option the record does not keep (how hands were dealt). */
function position(state: GameState) {
  const { options, startHands, startStacks, pendingPieces, handChosen, ...rest } = state;
  return JSON.parse(JSON.stringify({ ...rest, captureTiming: options.captureTiming, hexOwner: Array.from(rest.hexOwner), hexTile: Array.from(rest.hexTile) }));
}

describe('the Samurai replay', () => {
  // 2, 3 and 4 players; every option mix (chosen and dealt hands, placed and dealt setups, both timings).
  const games = Array.from({ length: 24 }, (_, i) => i);

  it.each(games)('game %i: every step is the live position after the same move, with the same public log', (i) => {
    const live = liveGame(i);
    const opened = openReplay(JSON.parse(JSON.stringify(exportRecord(live.state))));
    if (!opened.ok) throw new Error(opened.message);
    const { replay } = opened;
    // The hands' choosing is not replayed: the replay starts where the last hand was fixed.
    const fixed = live.after.findIndex((a) => a.state.phase !== 'hands');
    const moves = live.after.slice(fixed);
    expect(replay.steps).toHaveLength(moves.length);
    moves.forEach((m, k) => {
      expect(position(replay.steps[k].state)).toEqual(position(m.state));
      const publicLog = m.log.map(decodeLogEntry).filter((e) => e.kind !== 'hand');
      expect(logAt(replay, k)).toEqual(publicLog);
    });
    expect(replay.steps[replay.steps.length - 1].state.result).toEqual(live.state.result);
    expect(replay.turnStarts).toHaveLength(live.state.turns.length);
  });

  it('shows each perspective what it saw: a seat its own hand, a spectator none, everything all of them', () => {
    const { replay } = openReplay(exportRecord(liveGame(2).state)) as Extract<ReturnType<typeof openReplay>, { ok: true }>;
    expect(replay.record.players).toBe(4);
    const mid = replay.turnStarts[5];
    const state = replay.steps[mid].state;
    expect(viewAt(replay, mid, 1)).toEqual(viewFor(state, 1));
    expect(viewAt(replay, mid, 1).hands.map((h) => h !== null)).toEqual([false, true, false, false]);
    expect(viewAt(replay, mid, 'spectator').hands.every((h) => h === null)).toBe(true);
    // 4 players: the others' tallies are behind their screens until the end.
    expect(viewAt(replay, mid, 1).captured.map((c) => c !== null)).toEqual([false, true, false, false]);
    const all = viewAt(replay, mid, 'everything');
    expect(all.hands).toEqual(state.hands);
    expect(all.captured).toEqual(state.captured);
    // At the end every tally is public.
    expect(viewAt(replay, replay.steps.length - 1, 'spectator').captured.every((c) => c !== null)).toBe(true);
  });

  it('steps by turn and jumps to the step a log line appeared at', () => {
    const { replay } = openReplay(exportRecord(liveGame(1).state)) as Extract<ReturnType<typeof openReplay>, { ok: true }>;
    const last = replay.steps.length - 1;
    // Forward by turn visits every turn's start, then the end; back by turn comes the same way home.
    const forward: number[] = [];
    for (let s = 0; s < last;) forward.push((s = turnStep(replay, s, 1)));
    expect(forward).toEqual([...replay.turnStarts.filter((t) => t > 0), last]);
    const back: number[] = [];
    for (let s = last; s > 0;) back.push((s = turnStep(replay, s, -1)));
    expect(back).toEqual([...replay.turnStarts].reverse().concat(replay.turnStarts[0] > 0 ? [0] : []));
    // Turn t starts at the end of turn t-1.
    replay.turnStarts.slice(1).forEach((start, t) => expect(replay.steps[start].state.turns).toHaveLength(t + 1));
    // Each entry of the log appears at exactly the step the bisection finds.
    replay.log.forEach((_, e) => {
      const step = stepOfLogEntry(replay, e);
      expect(replay.steps[step].logLength).toBeGreaterThan(e);
      if (step > 0) expect(replay.steps[step - 1].logLength).toBeLessThanOrEqual(e);
    });
  });

  it('refuses a tampered record, naming its turn, play and rule, before anything is shown', () => {
    const record: Json = JSON.parse(JSON.stringify(exportRecord(liveGame(0).state)));
    const turn = record.turns.findIndex((t: Json) => t.plays.length > 1);
    record.turns[turn].plays[1] = { ...record.turns[turn].plays[0] };
    const opened = openReplay(record);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.turn).toBe(turn);
    expect(opened.play).toBe(1);
    expect(opened.message).toContain(opened.rule);
    expect(opened.rule).toMatch(/^(play|hand|move)\//);
    expect(openReplay({ format: 'samurai-record/1' })).toMatchObject({ ok: false, rule: 'record/shape' });
  });

  it('throws on a record that does not replay rather than showing a wrong game', () => {
    const record: Json = JSON.parse(JSON.stringify(exportRecord(liveGame(0).state)));
    record.turns[0].seat = 1;
    expect(() => replayRecord(record)).toThrow(/refused/);
    expect(() => viewAt(replayRecord(exportRecord(liveGame(0).state)), 0.5, 0)).toThrow(/whole number/);
  });
});
