/**
 * A late spectator looking back through a Mangoku game: nothing is sent for it. The spectator
 * rebuilds every earlier moment between turns from the log it already holds (spectatorStateAt);
 * here a real spectator arrives mid-game, every frame it receives is decoded and checked for
 * hidden information, and each moment it can rebuild is the engine's own spectator view of that
 * moment (the finished game's record, replayed), but for a Shrine Maiden's reveal, which it leaves out.
 */
import { mangoku } from '@samurai/shared';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';
import { checkMangokuFrames } from './test-support/leak-check';

jest.setTimeout(90_000);

const server = useTestServer();

const withoutReveals = (view: mangoku.GameView) => ({ ...view, reveals: [] });

test.each([2, 5] as const)(
  '%i players: a spectator arriving mid-game receives nothing hidden, and can rebuild every earlier moment between turns exactly',
  async (players) => {
    const host = await MangokuClient.create(server.url, { name: 'Hiro', options: { players, botLevel: 'random', botDelayMs: 0, promptSeconds: 60 } });
    for (let i = 1; i < players; i++) await host.must('addBot', {});
    await host.must('start');
    for (let attempt = 1; ; attempt++) {
      host.autoPlay('random');
      await host.waitFor((s) => s.log.length > 25 || s.phase === 'over', 30_000, 'mid-game');
      host.stopAutoPlay();
      // The game waits for Hiro from here (a play or an answer he has not sent), so it is still on
      // when the late spectator arrives.
      await host.waitFor((s) => s.phase === 'over' || host.owesUnsentMove(), 10_000, 'Hiro to be asked');
      if (host.state.phase === 'play') break;
      // A game over too soon to look back through: a rematch.
      expect(attempt).toBeLessThan(5);
      await host.rematch();
      await host.waitFor((s) => s.phase === 'play' && s.game === attempt + 1, 5000, 'the rematch');
    }
    const late = await MangokuClient.join(server.url, host.code, { role: 'spectator' });
    // What the late spectator holds at this moment: the only input of its looking back.
    const held = JSON.parse(JSON.stringify(late.state)) as mangoku.ClientRoomState;
    for (const seat of held.seats as unknown as Record<string, unknown>[])
      for (const secret of ['hand', 'answer', 'taken', 'shown']) expect(seat[secret]).toBeUndefined();
    expect(held.phase).toBe('play');

    host.autoPlay('random');
    await host.waitFor((s) => s.phase === 'over' && s.result !== '', 60_000, 'the end');
    await late.waitFor((s) => s.phase === 'over' && s.result !== '', 5000, 'the spectator sees the end');
    const report = checkMangokuFrames(late, [host.seatToken]);
    expect(report.leaks).toEqual([]);
    expect(report.framesWithOwnHand).toBe(0);
    expect(report.showings.size).toBe(0);

    // The truth: the record's replay through a spectator's eyes, with the log the room wrote at each step.
    const record = await (await fetch(`${server.url}/api/rooms/${host.code}/record`)).json();
    const opened = mangoku.openReplay(record);
    if (!opened.ok) throw new Error(opened.message);
    const { replay } = opened;
    const fixtureLog = new mangoku.FixtureLog();
    const lengths = replay.steps.map((step) => fixtureLog.update(step.state).length);
    expect(fixtureLog.entries).toEqual(Array.from(late.state.log));
    const points = mangoku.scrubPoints(held.log).filter((n) => n < held.log.length);
    expect(points.length).toBeGreaterThan(5);
    for (const n of points) {
      const k = lengths.indexOf(n);
      expect(k).toBeGreaterThanOrEqual(0);
      const rebuilt = mangoku.viewFromRoomState(mangoku.spectatorStateAt(held, n), 'spectator')!.view;
      expect(withoutReveals(rebuilt)).toStrictEqual(withoutReveals(mangoku.viewAt(replay, k, 'spectator')));
      // A seat never holds anything of its own in a rebuilt state.
      for (const seat of Array.from(mangoku.spectatorStateAt(held, n).seats)) expect(seat.hand).toBeUndefined();
    }
    await Promise.all([host, late].map((c) => c.leave()));
  },
);
