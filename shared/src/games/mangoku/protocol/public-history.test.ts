import { PlayerCount } from '../cards';
import { GameView } from '../projection';
import { exportRecord } from '../record';
import { openReplay, Replay, viewAt } from '../replay';
import { GameState } from '../state';
import { historyLog, publicPositionAt, scrubPoints, spectatorStateAt, spectatorViewAt } from './public-history';
import { FixtureLog, roomLikeGame, roomStateFor } from './room-fixture';
import { viewFromRoomState } from './view-from-room-state';

/** The log a room had written at each step of a replay, grown step by step as a room's mirror grows it. */
function logsOf(replay: Replay): string[][] {
  const log = new FixtureLog();
  return replay.steps.map((step) => log.update(step.state).slice());
}

function replayOf(game: GameState): Replay {
  const opened = openReplay(JSON.parse(JSON.stringify(exportRecord(game))));
  if (!opened.ok) throw new Error(opened.message);
  return opened.replay;
}

/** A view without the reveals: looking back leaves them out (the log keeps only who showed a hand). */
const withoutReveals = (view: GameView) => ({ ...view, reveals: [] });

const GAMES = Array.from({ length: 30 }, (_, i) => [([2, 3, 4, 5, 6] as const)[i % 5], 900 + i] as const);

describe('a late spectator looking back through a Mangoku game', () => {
  const seen = { points: 0, betweenCampaigns: 0, afterReveal: 0, eliminated: 0, lastTurns: 0, kabuki: 0, taken: 0, ninja: 0 };

  it.each(GAMES)(
    '%i players, seed %i: the position at every log length between turns is the engine’s spectator view then (from its replay)',
    (players, seed) => {
      const game = roomLikeGame(players as PlayerCount, seed, { bots: seed % 2 ? ['greedy', 'random', 'greedy', 'random', 'greedy', 'random'] : undefined });
      const replay = replayOf(game);
      // The spectator joins at some moment of the game (mid-turn, often): its state then is all it has.
      const join = Math.floor(replay.steps.length * (0.5 + (seed % 5) / 10));
      const logs = logsOf(replay);
      const now = roomStateFor(replay.steps[join].state, 'spectator', logs[join]);
      // A view's campaigns give back the room's log, line for line, at every step.
      logs.forEach((log, k) => expect(historyLog(viewAt(replay, k, 'spectator').campaigns)).toEqual(log));
      // The whole log is the live state (perhaps mid-turn), not a look back.
      const points = scrubPoints(now.log).filter((n) => n < now.log.length);
      expect(points.length).toBeGreaterThan(1);
      // For each point, the first step of the replay whose log is that long: the moment the room sent it.
      const firstAt = new Map<number, number>();
      for (let k = 0; k <= join; k++) {
        const length = logs[k].length;
        if (!firstAt.has(length)) firstAt.set(length, k);
      }
      for (const n of points) {
        const k = firstAt.get(n);
        expect({ n, reached: k !== undefined }).toEqual({ n, reached: true });
        const truth = viewAt(replay, k!, 'spectator');
        const rebuilt = viewFromRoomState(spectatorStateAt(now, n), 'spectator')!.view;
        expect(withoutReveals(rebuilt)).toStrictEqual(withoutReveals(truth));
        expect(rebuilt.reveals).toEqual([]);
        // The same from the view alone (what a browser's model holds): its campaigns give the log.
        expect(spectatorViewAt(viewFromRoomState(now, 'spectator')!.view, n)).toStrictEqual(rebuilt);
        seen.points++;
        if (truth.step.kind === 'deal') seen.betweenCampaigns++;
        if (truth.reveals.length) seen.afterReveal++;
        if (truth.lastTurn) seen.lastTurns++;
        const last = truth.campaigns[truth.campaigns.length - 1];
        const play = last.turns[last.turns.length - 1]?.play;
        if (truth.step.kind === 'play' && truth.inCampaign.includes(false)) seen.eliminated++;
        if (play?.card === 'kabuki' && play.took) seen.kabuki++;
        if ((play?.card === 'teamaster' || play?.card === 'nobleman') && play.took) seen.taken++;
        if (last.events.some((e) => e.type === 'discarded')) seen.ninja++;
      }
    },
  );

  it('went through the positions that are hard to count: every situation above came up', () => {
    expect(seen.points).toBeGreaterThan(300);
    for (const [what, count] of Object.entries(seen)) expect({ what, some: count > 0 }).toEqual({ what, some: true });
  });

  it('holds no hand, answer, taken card or showing at any point, even from a player’s state, and refuses a moment that is not between turns', () => {
    const game = roomLikeGame(4, 31, {});
    const logs = logsOf(replayOf(game));
    const log = logs[logs.length - 1];
    const player = roomStateFor(game, 2, log);
    expect(Array.from(player.seats)[2].hand).toBeDefined();
    const points = scrubPoints(log);
    for (const n of points.slice(0, -1)) {
      const at = spectatorStateAt(player, n);
      for (const seat of Array.from(at.seats)) for (const secret of ['hand', 'answer', 'taken', 'shown']) expect(secret in seat).toBe(false);
      expect([at.reveals, at.taken, at.promptEndsAt, at.result]).toEqual(['', '', 0, '']);
      expect(at.log).toEqual(log.slice(0, n));
    }
    expect(spectatorStateAt(player, log.length)).toBe(player);
    const view = viewFromRoomState(player, 2)!.view;
    for (const n of points.slice(0, -1)) {
      const at = spectatorViewAt(view, n);
      expect([at.viewer, at.hands, at.answers, at.taken, at.shown, at.reveals]).toEqual(['spectator', [null, null, null, null], [], null, [], []]);
    }
    const midTurn = log.findIndex((e, i) => e.startsWith('e') && log[i + 1]?.startsWith('e'));
    expect(midTurn).toBeGreaterThan(0);
    expect(() => spectatorStateAt(player, midTurn + 1)).toThrow(/not a log length between turns/);
    expect(() => spectatorViewAt(view, midTurn + 1)).toThrow(/not a log length between turns/);
    expect(() => spectatorStateAt(player, 0)).toThrow(/not a log length between turns/);
    expect(() => spectatorStateAt(player, log.length + 1)).toThrow(/not a log length between turns/);
  });

  it('names the entry when a log breaks the rules (a turn out of order), rather than show a wrong position', () => {
    expect(() => publicPositionAt(3, 0, ['c 0', 't1 peasant'], 2)).toThrow(/does not follow the rules: a turn of seat 1 while 0 is to play/);
    expect(() => publicPositionAt(3, 0, ['c 0', 'e0 coins 1 0 1', 't0 peasant'], 3)).toThrow(/events left over/);
  });

  it('starts where the log starts: the first point is the first deal', () => {
    const logs = logsOf(replayOf(roomLikeGame(2, 5, {})));
    const log = logs[logs.length - 1];
    expect(scrubPoints(log)[0]).toBe(1);
    expect(scrubPoints([])).toEqual([]);
  });
});
