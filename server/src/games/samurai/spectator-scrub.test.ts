/**
 * A late spectator scrubbing back (Samurai): nothing is sent for it. The spectator rebuilds every
 * earlier position from the room state it already holds (spectatorStateAt); here a real spectator
 * arrives mid-game, every frame it receives is decoded and checked for hidden information, and
 * each position it can rebuild is the engine's own spectator projection of that moment (the
 * finished game's record, replayed).
 */
import { ClientRoomState, decodeLogEntry, firstScrubbable, openReplay, spectatorStateAt, tableFromRoomState, viewAt } from '@samurai/shared';
import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';
import { checkFrames } from './test-support/leak-check';

jest.setTimeout(60_000);

const server = useTestServer();

/** What a spectator's screen shows of a position, as the engine's Table fields. */
function shown(state: ClientRoomState) {
  const table = tableFromRoomState(state, 'spectator');
  return {
    phase: table.phase,
    seat: table.seat,
    hexOwner: Array.from(table.hexOwner),
    hexTile: Array.from(table.hexTile),
    pieces: table.pieces,
    supply: table.supply,
    aside: table.aside,
    captured: table.captured,
    hands: table.hands,
    turns: table.turns,
    counts: Array.from(state.seats, (s) => [s.handCount, s.stackCount]),
  };
}

test.each([2, 4] as const)(
  '%i players: a spectator arriving mid-game receives nothing hidden, and can rebuild every earlier position exactly',
  async (players) => {
    const host = await SamuraiClient.create(server.url, { name: 'Hiro', options: { players, botLevel: 'random' } });
    for (let i = 1; i < players; i++) host.send('addBot', {});
    await host.waitFor((s) => Array.from(s.seats).every((seat) => seat.kind !== 'open'), 5000, 'seats filled');
    host.send('start');
    host.autoPlay('random');
    await host.waitFor((s) => s.log.length > 40, 30_000, 'mid-game');
    const late = await SamuraiClient.join(server.url, host.code, { role: 'spectator' });
    await late.waitFor((s) => s.log.length > 40, 5000, 'the late spectator’s state');
    host.stopAutoPlay();
    // What the late spectator holds at this moment: the only input of its scrubbing.
    const held = JSON.parse(JSON.stringify(late.state)) as ClientRoomState;
    for (const seat of held.seats as unknown as Record<string, unknown>[])
      for (const secret of ['hand', 'ownCaptured', 'drawn']) expect(seat[secret]).toBeUndefined();

    host.autoPlay('random');
    await host.waitFor((s) => s.phase === 'over', 60_000, 'the end');
    await late.waitFor((s) => s.phase === 'over' && s.result !== undefined, 5000, 'the spectator sees the end');
    const report = checkFrames(late, [host.seatToken]);
    expect(report.leaks).toEqual([]);
    expect(report.framesWithOwnHand).toBe(0);

    // The truth: the record's replay, through a spectator's eyes. Its log leaves out the hands chosen.
    const record = await (await fetch(`${server.url}/api/rooms/${host.code}/record`)).json();
    const opened = openReplay(record);
    if (!opened.ok) throw new Error(opened.message);
    const handEntries = Array.from(held.log).filter((e) => decodeLogEntry(e).kind === 'hand').length;
    let checked = 0;
    opened.replay.steps.forEach((step, k) => {
      const length = step.logLength + handEntries;
      if (length < firstScrubbable(held.log) || length >= held.log.length) return;
      const rebuilt = shown(spectatorStateAt(held, length));
      const view = viewAt(opened.replay, k, 'spectator');
      expect(rebuilt).toEqual({
        phase: view.phase,
        seat: view.seat,
        hexOwner: Array.from(view.hexOwner),
        hexTile: Array.from(view.hexTile),
        pieces: view.pieces,
        supply: view.supply,
        aside: view.aside,
        captured: view.captured,
        hands: view.hands,
        turns: view.turns,
        counts: view.handCounts.map((n, s) => [n, view.stackCounts[s]]),
      });
      checked++;
    });
    expect(checked).toBeGreaterThan(20);
    await Promise.all([host, late].map((c) => c.leave()));
  },
);
