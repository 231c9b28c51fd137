import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootTestServer } from './test-support/boot';
import { GAMES } from './games/registry';
import { contractOf, TableClient } from './test-support/TableClient';
import { openStore } from './store/open-store';
import type { RunningServer } from './start-server';

jest.setTimeout(90_000);

const EVERY = 4;

/**
 * A long game is written whole every few moves and its earlier events forgotten: a restart then
 * starts from the snapshot and replays only the moves since, and lands exactly where it was.
 */
test.each(GAMES.map((game) => game.name))('a %s game restored from its snapshot and the moves since is the game that was played', async (game) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-snapshot-'));
  const boot = async (): Promise<RunningServer> => bootTestServer({ store: await openStore({ dataDir }), snapshotEveryMoves: EVERY });
  const first = await boot();
  let firstClosed = false;
  let second: RunningServer | null = null;
  try {
    const ann = await TableClient.create(first.url, { name: 'Ann', options: { players: 3, botLevel: 'random', clock: 'bank-5m-5s' } }, game);
    const bob = await TableClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
    await ann.must('addBot', {});
    await ann.must('chat', { text: 'before the game' });
    await ann.must('start');
    const watcher = await TableClient.join(first.url, ann.code, { role: 'spectator' });
    ann.autoPlay();
    bob.autoPlay();
    await watcher.waitForMoves(3 * EVERY, 30_000, 'a game well under way');
    expect(watcher.state.phase).not.toBe('over');
    ann.stopAutoPlay();
    bob.stopAutoPlay();
    await Promise.all([ann.sync(), bob.sync(), watcher.sync()]);
    // A newcomer's first state holds every clock as of its arrival (later patches leave out what a browser counts itself).
    const newcomer = await TableClient.join(first.url, ann.code, { role: 'spectator' });
    const seenAt = Date.now();
    const seen = {
      game: watcher.view,
      players: [ann, bob].map((c) => c.view),
      clocks: Array.from(newcomer.state.seats, (seat) => seat.clockLeft),
      running: newcomer.state.clockRunning,
    };
    await first.close();
    firstClosed = true;

    // The store holds the table, the latest snapshot (no deal), the chat, and fewer moves than a snapshot's worth.
    const store = await openStore({ dataDir });
    const [room] = await store.liveRooms();
    await store.shutdown();
    const kinds = room.events.map((e) => e.kind);
    expect(kinds).not.toContain('start');
    expect(kinds.filter((k) => k === 'snapshot')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'move').length).toBeLessThan(EVERY);
    expect(kinds.slice(0, 3)).toEqual(['table', 'snapshot', 'chat']);
    expect(room.events.find((e) => e.kind === 'chat')!.data).toContain('before the game');

    second = await boot();
    expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
    const ann2 = await TableClient.join(second.url, ann.code, { seatToken: ann.seatToken });
    const bob2 = await TableClient.join(second.url, ann.code, { seatToken: bob.seatToken });
    const watcher2 = await TableClient.join(second.url, ann.code, { role: 'spectator' });
    expect(watcher2.view).toEqual(seen.game);
    expect([ann2, bob2].map((c) => c.view)).toEqual(seen.players);
    // Every clock as it stood when the server stopped: the running one has gone on until then at most
    // (the time between the stop and the restart is nobody's).
    const since = Date.now() - seenAt;
    expect(watcher2.state.clockRunning).toBe(seen.running);
    Array.from(watcher2.state.seats, (seat, i) => {
      // (In tenths of a second.)
      const running = (seen.running & (1 << i)) !== 0;
      expect(seat.clockLeft).toBeLessThanOrEqual(seen.clocks[i] + 1);
      expect(seat.clockLeft).toBeGreaterThanOrEqual(running ? seen.clocks[i] - Math.ceil(since / 100) - 1 : seen.clocks[i] - 1);
    });
    expect(Array.from(ann2.state.chat ?? [])).toHaveLength(1);

    ann2.autoPlay();
    bob2.autoPlay();
    await watcher2.waitFor((s) => s.phase === 'over', 60_000, 'the end of the game');
    // The record holds the whole game from its deal, the moves before the snapshots included.
    const record = await (await fetch(`${second.url}/api/rooms/${ann.code}/record`)).json();
    expect(contractOf(game).verifyRecord(record)).toMatchObject({ ok: true });
    await Promise.all([ann2.leave(), bob2.leave(), watcher2.leave()]);
  } finally {
    if (!firstClosed) await first.close();
    await second?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
