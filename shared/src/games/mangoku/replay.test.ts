import { seededRng } from '../../random';
import { applyMoveInPlace } from './apply';
import { greedyBot } from './bots/greedy-bot';
import { randomBot } from './bots/random-bot';
import { applyChanceInPlace, awaitsChance, settle } from './chance';
import { seatsToAct } from './legal';
import { viewFor } from './projection';
import { exportRecord } from './record';
import { lastStepOfCampaign, openReplay, Replay, stepOfTurn, turnStep, viewAt } from './replay';
import { createGame } from './setup';
import { cloneState, GameState } from './state';
import { seriesPlayers } from './test-helpers';

type Json = any;

/** A seeded bot game as a room plays it: the position after every move and every chance outcome, each its own change. */
function liveGame(i: number): { state: GameState; positions: GameState[] } {
  const gameRng = seededRng(i);
  const state = createGame({ players: seriesPlayers(i) }, gameRng);
  const botRng = seededRng(3_000_017 + i);
  const bots = i % 2 ? greedyBot : randomBot;
  // createGame deals the first campaign.
  const positions: GameState[] = [cloneState(state)];
  while (state.step.kind !== 'over') {
    if (awaitsChance(state)) {
      // One outcome at a time, as a room sends them (a draw-off's end before the next deal).
      for (const chance of settle(cloneState(state), gameRng)) {
        if (applyChanceInPlace(state, chance)) throw new Error('a chance outcome did not apply');
        positions.push(cloneState(state));
      }
      continue;
    } else {
      const seat = seatsToAct(state)[0];
      if (applyMoveInPlace(state, bots.chooseMove(state, seat, botRng))) throw new Error('the bot chose an illegal move');
    }
    positions.push(cloneState(state));
  }
  return { state, positions };
}

/** A view with the reveals left out (a room hides them on a clock; the replay at the next turn). */
const publicPart = (state: GameState, viewer: number | 'spectator') => JSON.parse(JSON.stringify({ ...viewFor(state, viewer), reveals: [] }));

function replayOf(state: GameState): Replay {
  const opened = openReplay(JSON.parse(JSON.stringify(exportRecord(state))));
  if (!opened.ok) throw new Error(opened.message);
  return opened.replay;
}

describe('the Mangoku replay', () => {
  it.each(Array.from({ length: 10 }, (_, i) => i))('game %i (2 to 6 players): every step is the live position after the same move or deal', (i) => {
    const live = liveGame(i);
    const replay = replayOf(live.state);
    const positions = live.positions;
    expect(replay.steps).toHaveLength(positions.length);
    replay.steps.forEach((step, k) => {
      for (const viewer of [0, 'spectator'] as const) expect(publicPart(step.state, viewer)).toEqual(publicPart(positions[k], viewer));
    });
    expect(replay.steps[replay.steps.length - 1].state.result).toEqual(live.state.result);
  });

  it('shows each perspective what it saw, and everything to "everything"', () => {
    const replay = replayOf(liveGame(3).state);
    const k = replay.turnStarts[4];
    const state = replay.steps[k].state;
    expect(viewAt(replay, k, 2)).toEqual(viewFor(state, 2));
    expect(viewAt(replay, k, 'spectator').hands.every((h) => h === null)).toBe(true);
    expect(viewAt(replay, k, 'everything').hands).toEqual(state.hands);
  });

  it('hides a Shrine Maiden’s reveal once the next turn begins', () => {
    for (let i = 0; i < 60; i++) {
      const replay = replayOf(liveGame(i).state);
      const at = replay.steps.findIndex((s) => s.state.reveals.length > 0);
      if (at < 0) continue;
      const next = replay.turnStarts.find((t) => t >= at);
      if (next === undefined) continue;
      const revealed = replay.steps[at].state.reveals[0];
      const later = replay.steps[next + 1].state.reveals;
      expect(later.some((r) => r.id === revealed.id && r.campaign === revealed.campaign)).toBe(false);
      return;
    }
    throw new Error('no game of 60 had a reveal');
  });

  it('steps by turn, finds a turn’s play and a campaign’s end', () => {
    const replay = replayOf(liveGame(5).state);
    const last = replay.steps.length - 1;
    const forward: number[] = [];
    for (let s = 0; s < last;) forward.push((s = turnStep(replay, s, 1)));
    expect(forward).toEqual([...replay.turnStarts.filter((t) => t > 0), last]);
    for (const start of replay.turnStarts) expect(replay.steps[start + 1].kind).toBe('play');
    const play = stepOfTurn(replay, 0, 1)!;
    expect(replay.steps[play]).toMatchObject({ kind: 'play', campaign: 0, turn: 1 });
    expect(stepOfTurn(replay, 0, 9999)).toBeNull();
    const end = lastStepOfCampaign(replay, 0)!;
    expect(replay.steps[end].campaign).toBe(0);
    expect(replay.steps[end + 1]?.campaign ?? 1).toBe(1);
  });

  it('refuses a tampered record naming campaign, turn and rule, and keeps nothing of it', () => {
    const record: Json = JSON.parse(JSON.stringify(exportRecord(liveGame(0).state)));
    record.campaigns[0].turns[2].seat = (record.campaigns[0].turns[2].seat + 1) % record.players;
    const opened = openReplay(record);
    expect(opened).toMatchObject({ ok: false, campaign: 0, turn: 2, rule: 'record/seat_order' });
    expect(openReplay({ format: 'mangoku-record/1' })).toMatchObject({ ok: false, rule: 'record/shape' });
  });
});
