import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLOSE_RESTARTING, RoomError, verifyRecord } from '@samurai/shared';
import { configureLog, logLevel } from '../../log';
import { bootTestServer } from '../../test-support/boot';
import { SamuraiClient } from './test-support/SamuraiClient';
import { checkFrames } from './test-support/leak-check';
import { openStore } from '../../store/open-store';
import type { RunningServer } from '../../start-server';

jest.setTimeout(90_000);

/**
 * A server stopped (as a deploy stops it) and started again on the same data: the room comes
 * back with the same code, seats, tokens and game, and its people carry on where they were.
 */
describe('a restart on the same data', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-restart-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const boot = async (): Promise<RunningServer> => bootTestServer({ store: await openStore({ dataDir }) });

  test('a game in progress survives it; a stopping server refuses new rooms; tokens are kept only as hashes, never logged', async () => {
    // Everything the server logs, at its most talkative, is read for tokens at the end.
    const level = logLevel();
    configureLog({ level: 'info' });
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      jest
        .spyOn(console, level)
        .mockImplementation(
          (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? a.stack : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')),
        ),
    );
    const first = await boot();
    const ann = await SamuraiClient.create(first.url, { name: 'Ann', options: { players: 3, botLevel: 'random' } });
    const bob = await SamuraiClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
    await ann.must('addBot', {});
    await ann.must('start');
    const watcher = await SamuraiClient.join(first.url, ann.code, { role: 'spectator' });
    ann.autoPlay();
    bob.autoPlay();
    await watcher.waitFor((s) => s.phase === 'play' && s.log.length > 12, 30_000, 'a game under way');
    ann.stopAutoPlay();
    bob.stopAutoPlay();
    await Promise.all([ann.sync(), bob.sync(), watcher.sync()]);
    const seen = { log: Array.from(watcher.state.log), annHand: ann.state.seats[ann.seat as number].hand, phase: watcher.state.phase };
    const tokens = [ann.seatToken, bob.seatToken];

    const stopping = first.close();
    // From its first moment, a stopping server makes no new room: a clear "restarting" answer
    // (or, once it has stopped listening, no answer at all).
    const late = await SamuraiClient.refusal(first.url, null, { name: 'Late' });
    await stopping;
    expect(late).not.toBeNull();
    if (late!.error !== null) expect(late).toMatchObject({ code: 503, error: RoomError.Restarting });
    else expect(late!.message).toMatch(/ECONNREFUSED|socket hang up|fetch failed/);
    for (const c of [ann, bob, watcher]) expect(await c.closed()).toBe(CLOSE_RESTARTING);

    // Nothing in the database holds a seat token in clear: not its events, not any byte of its files.
    for (const file of fs.readdirSync(dataDir)) {
      const bytes = fs.readFileSync(path.join(dataDir, file));
      for (const token of tokens) expect(bytes.includes(Buffer.from(token!))).toBe(false);
    }
    const store = await openStore({ dataDir });
    const [room] = await store.liveRooms();
    expect(room.code).toBe(ann.code);
    const written = JSON.stringify(room.events);
    for (const token of tokens) expect(written).not.toContain(token);
    await store.shutdown();

    const second = await boot();
    try {
      expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
      // A refused join that carries a real token is logged (one line): the token must not be in it.
      expect(await SamuraiClient.refusal(second.url, ann.code, { seatToken: tokens[0], role: 'player' })).toMatchObject({ error: RoomError.Malformed });
      const ann2 = await SamuraiClient.join(second.url, ann.code, { seatToken: tokens[0] });
      const bob2 = await SamuraiClient.join(second.url, ann.code, { seatToken: tokens[1] });
      const watcher2 = await SamuraiClient.join(second.url, ann.code, { role: 'spectator' });
      // Exactly where they were: the log every client saw, in order, and Ann's own hand.
      expect(Array.from(watcher2.state.log)).toEqual(seen.log);
      expect(watcher2.state.phase).toBe(seen.phase);
      expect(ann2.state.seats[ann2.seat as number].hand).toBe(seen.annHand);
      expect(ann2.seat).toBe(ann.seat);
      expect(Array.from(watcher2.state.seats, (s) => s.name)).toEqual(['Ann', 'Bob', 'Hana']);

      ann2.autoPlay();
      bob2.autoPlay();
      await watcher2.waitFor((s) => s.phase === 'over', 60_000, 'the end of the game');
      const record = await (await fetch(`${second.url}/api/rooms/${ann.code}/record`)).json();
      expect(verifyRecord(record)).toMatchObject({ ok: true });
      // A restored game keeps its secrets: hands, draws and 3-player tallies reach only their owners.
      for (const c of [ann2, bob2])
        expect(
          checkFrames(
            c,
            tokens.filter((t) => t !== c.seatToken),
          ).leaks,
        ).toEqual([]);
      expect(checkFrames(watcher2, tokens).leaks).toEqual([]);
      await Promise.all([ann2.leave(), bob2.leave(), watcher2.leave()]);
    } finally {
      await second.close();
      for (const spy of spies) spy.mockRestore();
      configureLog({ level });
    }
    expect(logged.some((line) => line.includes(`refused a connection`))).toBe(true);
    for (const token of tokens) expect(logged.join('\n')).not.toContain(token);
  });

  test('a room whose log does not replay is quarantined with one log line; the server starts and restores the others', async () => {
    const store = await openStore({ dataDir });
    const good = (await store.liveRooms()).length;
    const table = {
      options: { players: 2, botLevel: 'random', seatOrder: 'fixed', botDelayMs: 0, captureTiming: 'end-of-turn', startingHands: 'chosen', setup: 'players' },
      seating: { seats: [null, null], hostId: '', nextId: 1 },
      removals: [],
      gameNumber: 1,
    };
    await store.append('BROKEN', 'samurai', [
      { seq: 1, kind: 'table', data: JSON.stringify(table) },
      { seq: 2, kind: 'start', data: JSON.stringify({ gameNumber: 1, deal: '{"not":"a deal"}' }) },
    ]);
    await store.shutdown();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const server = await boot();
      expect(server.restored).toEqual({ rooms: good, quarantined: 1 });
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0][0])).toContain('room BROKEN: its log does not replay');
      await server.close();
    } finally {
      logged.mockRestore();
    }
    const reopened = await openStore({ dataDir });
    expect((await reopened.liveRooms()).map((r) => r.code)).not.toContain('BROKEN');
    await reopened.shutdown();
  });
});
