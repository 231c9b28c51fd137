import { fork } from 'node:child_process';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FencedError, GameStore, Lease, RefusedWriteError, RoomEvent, StoredGame } from './game-store';
import { openStore } from './open-store';
import { PostgresStore } from './PostgresStore';
import { SqliteStore } from './SqliteStore';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from '../test-support/postgres';
import { inServiceRun, inUnitRun, SERVICE_RUN } from '../test-support/test-run';
import { typescriptChild } from '../test-support/typescript-child';
import { STORED_GAME, STORED_RECORD_FORMAT } from '../test-support/stored-game';

jest.setTimeout(90_000);
/** How long the kill -9 test's appending child may take to make its appends. */
const STUCK_MS = 60_000;

/** A fresh, empty store of one kind, and how to open it again on the same data. */
interface Opened {
  store: GameStore;
  reopen(): Promise<GameStore>;
  /** The arguments that open the same store in another process (append-until-killed.ts). */
  args: [string, string];
}

interface Backend {
  /** The store's kind. */
  readonly name: string;
  readonly fresh: () => Promise<Opened>;
}

const move = (seq: number, data = `{"m":${seq}}`): RoomEvent => ({ seq, kind: 'move', data });
const game = (code: string, gameNumber: number, finishedAt: number): StoredGame => ({
  code,
  gameType: STORED_GAME,
  gameNumber,
  finishedAt,
  summary: JSON.stringify({ winners: ['Ann'] }),
});
/**
 * Whether it throws (a synchronous store) or rejects (an asynchronous one), it refuses, with a
 * message. Not `toThrow()`: jest loads a native addon once per worker process, so better-sqlite3's
 * errors are built in the realm of the first test file of that worker that opened a database,
 * and are not `instanceof Error` in a later file's realm.
 */
const refused = (write: () => void | Promise<void>) => expect((async () => write())()).rejects.toHaveProperty('message', expect.stringMatching(/./));
const fenced = (write: () => void | Promise<void>) => expect((async () => write())()).rejects.toBeInstanceOf(FencedError);
const eventsOf = async (store: GameStore, code: string) => (await store.liveRooms()).find((r) => r.code === code)?.events;

/** How long the child appends, at most, once it has said `enough` appends: a slow disk still gets a test. */
const APPENDING_MS = 5_000;

/**
 * Starts a process appending to room KILLED as fast as it can, SIGKILLs it once it has said
 * `atLeast` appends returned (or `enough` of them and APPENDING_MS have passed since its first: a
 * CI disk under load may sync a few dozen times a second), and answers the last seq it said.
 */
function appendUntilKilled(args: [string, string], atLeast: number, enough: number): Promise<number> {
  const child = fork(path.join(__dirname, '..', 'test-support', 'append-until-killed.ts'), args, {
    ...typescriptChild(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let said = 0;
    let pending = '';
    let errors = '';
    let firstSaidAt = 0;
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) said = Math.max(said, Number(line));
      if (said > 0 && firstSaidAt === 0) firstSaidAt = Date.now();
      const done = said >= atLeast || (said >= enough && Date.now() - firstSaidAt >= APPENDING_MS);
      // Killed mid-stream: appends keep coming while the signal is on its way.
      if (done && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    // Generous: on a loaded machine most of it goes to the child's start (tsx compiling the store).
    const stuck = setTimeout(() => child.kill('SIGKILL'), STUCK_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(stuck);
      if (signal === 'SIGKILL' && said >= enough) resolve(said);
      else if (signal === 'SIGKILL') reject(new Error(`the appending process said only ${said} appends in ${STUCK_MS / 1000} s: ${errors}`));
      else reject(new Error(`the appending process ended by itself (${code}): ${errors}`));
    });
  });
}

/** Every case, against one backend: the same contract for SQLite and Postgres. */
function contract(backend: Backend): void {
  let opened: Opened;
  const stores: GameStore[] = [];
  const fresh = async () => {
    opened = await backend.fresh();
    stores.push(opened.store);
    return opened.store;
  };
  const reopen = async () => {
    const store = await opened.reopen();
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.shutdown();
  });

  test('appends come back in seq order, room by room, with the game type', async () => {
    const store = await fresh();
    expect(store.kind).toBe(backend.name);
    await store.append('AAAAAA', STORED_GAME, [
      { seq: 1, kind: 'table', data: '{"t":1}' },
      { seq: 2, kind: 'start', data: '{"deal":"é✓"}' },
    ]);
    await store.append('BBBBBB', 'other', [{ seq: 1, kind: 'table', data: '{}' }]);
    await store.append('AAAAAA', STORED_GAME, [move(3)]);
    await store.append('AAAAAA', STORED_GAME, [move(4), move(5)]);
    const rooms = await store.liveRooms();
    expect(rooms.map((r) => r.code).sort()).toEqual(['AAAAAA', 'BBBBBB']);
    const a = rooms.find((r) => r.code === 'AAAAAA')!;
    expect(a.gameType).toBe(STORED_GAME);
    expect(a.events).toEqual([{ seq: 1, kind: 'table', data: '{"t":1}' }, { seq: 2, kind: 'start', data: '{"deal":"é✓"}' }, move(3), move(4), move(5)]);
    expect(rooms.find((r) => r.code === 'BBBBBB')!.gameType).toBe('other');
  });

  test('a seq already used is refused, and the log is left as it was', async () => {
    const store = await fresh();
    await store.append('AAAAAA', STORED_GAME, [move(1), move(2)]);
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(2, '"again"')]));
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(3), move(3)]));
    expect(await eventsOf(store, 'AAAAAA')).toEqual([move(1), move(2)]);
    // Another room may use the same numbers.
    await store.append('BBBBBB', STORED_GAME, [move(1), move(2)]);
    expect(await eventsOf(store, 'BBBBBB')).toEqual([move(1), move(2)]);
  });

  test('an append that fails leaves nothing of itself', async () => {
    const store = await fresh();
    await store.append('AAAAAA', STORED_GAME, [move(1), move(2), move(3)]);
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(4), move(5), move(3)]));
    expect(await eventsOf(store, 'AAAAAA')).toEqual([move(1), move(2), move(3)]);
    // A new room whose first append fails is not created at all.
    await refused(() => store.append('CCCCCC', STORED_GAME, [move(1), move(1)]));
    expect(await eventsOf(store, 'CCCCCC')).toBeUndefined();
    await store.append('AAAAAA', STORED_GAME, [move(4), move(5)]);
    expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  test('a room comes to life with its first events (seq 1); later events need it live', async () => {
    const store = await fresh();
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(2), move(3)]));
    expect(await store.liveRooms()).toEqual([]);
    await store.append('AAAAAA', STORED_GAME, [move(1)]);
    await store.append('AAAAAA', STORED_GAME, [move(2), move(3)]);
    expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  test('a seq must be a positive integer', async () => {
    const store = await fresh();
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(0)]));
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(1.5)]));
    expect(await store.liveRooms()).toEqual([]);
  });

  test('dropBefore forgets the events before a seq, and only those', async () => {
    const store = await fresh();
    await store.append(
      'AAAAAA',
      STORED_GAME,
      [1, 2, 3, 4, 5].map((s) => move(s)),
    );
    await store.append('BBBBBB', STORED_GAME, [move(1), move(2)]);
    await store.dropBefore('AAAAAA', 4);
    expect(await eventsOf(store, 'AAAAAA')).toEqual([move(4), move(5)]);
    expect(await eventsOf(store, 'BBBBBB')).toEqual([move(1), move(2)]);
    await store.append('AAAAAA', STORED_GAME, [move(6)]);
    expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([4, 5, 6]);
  });

  test('finished games: saved, listed oldest first, their records found by number or as the latest', async () => {
    const store = await fresh();
    const record1 = JSON.stringify({ format: STORED_RECORD_FORMAT, turns: Array.from({ length: 200 }, (_, i) => `0 play buddha${i % 4}@14,${i}`) }, null, 1);
    const record2 = `{"format":"${STORED_RECORD_FORMAT}","names":["Ann","Bø","武士"]}`;
    await store.append('AAAAAA', STORED_GAME, [move(1)]);
    await store.saveGame(game('AAAAAA', 1, 1_700_000_000_000), record1);
    await store.saveGame(game('AAAAAA', 2, 1_700_000_100_000), record2);
    await store.saveGame(game('BBBBBB', 1, 1_700_000_050_000), '{}');
    expect(await store.games('AAAAAA')).toEqual([game('AAAAAA', 1, 1_700_000_000_000), game('AAAAAA', 2, 1_700_000_100_000)]);
    expect(await store.record('AAAAAA')).toEqual({ game: game('AAAAAA', 2, 1_700_000_100_000), record: record2 });
    expect(await store.record('AAAAAA', 1)).toEqual({ game: game('AAAAAA', 1, 1_700_000_000_000), record: record1 });
    expect(await store.record('AAAAAA', 3)).toBeNull();
    expect(await store.record('ZZZZZZ')).toBeNull();
    expect(await store.games('ZZZZZZ')).toEqual([]);
    // A room's game numbers are unique.
    await refused(() => store.saveGame(game('AAAAAA', 2, 1_700_000_200_000), '{"other":true}'));
    expect((await store.record('AAAAAA'))!.record).toBe(record2);
  });

  test('pruneGames deletes the records finished before a time and says how many', async () => {
    const store = await fresh();
    await store.saveGame(game('AAAAAA', 1, 1_000), '{"n":1}');
    await store.saveGame(game('AAAAAA', 2, 3_000), '{"n":2}');
    await store.saveGame(game('BBBBBB', 1, 2_000), '{"n":3}');
    expect(await store.pruneGames(2_500)).toBe(2);
    expect(await store.games('AAAAAA')).toEqual([game('AAAAAA', 2, 3_000)]);
    expect(await store.games('BBBBBB')).toEqual([]);
    expect(await store.record('BBBBBB')).toBeNull();
    expect(await store.pruneGames(2_500)).toBe(0);
  });

  test('closeRoom: the room and its events go; its records stay', async () => {
    const store = await fresh();
    await store.append('AAAAAA', STORED_GAME, [move(1), move(2)]);
    await store.append('BBBBBB', STORED_GAME, [move(1)]);
    await store.saveGame(game('AAAAAA', 1, 1_000), '{"kept":true}');
    await store.closeRoom('AAAAAA');
    expect((await store.liveRooms()).map((r) => r.code)).toEqual(['BBBBBB']);
    expect((await store.record('AAAAAA'))!.record).toBe('{"kept":true}');
    // A closed room's log takes no more events…
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(3)]));
    // …but should its code come round again, the new room starts from seq 1 with nothing old.
    await store.append('AAAAAA', STORED_GAME, [{ seq: 1, kind: 'table', data: '{"new":true}' }]);
    expect(await eventsOf(store, 'AAAAAA')).toEqual([{ seq: 1, kind: 'table', data: '{"new":true}' }]);
    const reopened = await reopen();
    expect((await reopened.liveRooms()).map((r) => r.code).sort()).toEqual(['AAAAAA', 'BBBBBB']);
  });

  test('closing a room leaves no event of it behind, even after a reopen', async () => {
    const store = await fresh();
    await store.append(
      'AAAAAA',
      STORED_GAME,
      [1, 2, 3].map((s) => move(s)),
    );
    await store.closeRoom('AAAAAA');
    await store.shutdown();
    const reopened = await reopen();
    expect(await reopened.liveRooms()).toEqual([]);
    await reopened.append('AAAAAA', STORED_GAME, [move(1, '"fresh"')]);
    expect(await eventsOf(reopened, 'AAAAAA')).toEqual([move(1, '"fresh"')]);
  });

  test('a quarantined room is not live, takes no events, and keeps them for a person to read', async () => {
    const store = await fresh();
    await store.append('AAAAAA', STORED_GAME, [move(1), move(2)]);
    await store.append('BBBBBB', STORED_GAME, [move(1)]);
    await store.quarantine('AAAAAA', 'move 2 does not replay: play/occupied');
    expect((await store.liveRooms()).map((r) => r.code)).toEqual(['BBBBBB']);
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(3)]));
    await refused(() => store.append('AAAAAA', STORED_GAME, [move(1)]));
    await store.closeRoom('AAAAAA');
    const reopened = await reopen();
    expect((await reopened.liveRooms()).map((r) => r.code)).toEqual(['BBBBBB']);
  });

  test('everything written is there after the store is closed and opened again', async () => {
    const store = await fresh();
    const events = [{ seq: 1, kind: 'table', data: '{"seats":[]}' }, { seq: 2, kind: 'start', data: 'x'.repeat(2_000) }, ...[3, 4, 5].map((s) => move(s))];
    await store.append('AAAAAA', STORED_GAME, events.slice(0, 2));
    await store.append('AAAAAA', STORED_GAME, events.slice(2));
    await store.append('BBBBBB', STORED_GAME, [move(1)]);
    await store.dropBefore('BBBBBB', 1);
    await store.saveGame(game('CCCCCC', 1, 5_000), '{"r":1}');
    await store.shutdown();
    const reopened = await reopen();
    const rooms = await reopened.liveRooms();
    expect(rooms.find((r) => r.code === 'AAAAAA')).toEqual({ code: 'AAAAAA', gameType: STORED_GAME, events });
    expect(rooms.find((r) => r.code === 'BBBBBB')!.events).toEqual([move(1)]);
    expect((await reopened.record('CCCCCC'))!.record).toBe('{"r":1}');
    // And the log goes on where it stopped.
    await reopened.append('AAAAAA', STORED_GAME, [move(6)]);
    await refused(() => reopened.append('AAAAAA', STORED_GAME, [move(5, '"other"')]));
  });

  test('an append tried again after it was written (its answer lost) succeeds and writes nothing more', async () => {
    const store = await fresh();
    const lease: Lease = { owner: 'A', fence: 'fence-a', expiresAt: 10_000 };
    const first = [{ seq: 1, kind: 'table', data: '{"t":1}' }, move(2)];
    await store.append('AAAAAA', STORED_GAME, first, lease);
    await store.append('AAAAAA', STORED_GAME, [move(3), move(4)], lease);
    // The same appends again: the room's first one and a later one, with what they carried.
    await store.append('AAAAAA', STORED_GAME, first, lease);
    await store.append('AAAAAA', STORED_GAME, [move(3), move(4)], lease, { finished: { game: game('AAAAAA', 1, 1_000), record: '{"r":1}' } });
    expect(await eventsOf(store, 'AAAAAA')).toEqual([...first, move(3), move(4)]);
    expect(await store.games('AAAAAA')).toEqual([]);
    // Not the same events: a seq taken by others, or only part of the append written, is refused for good.
    for (const events of [[move(4, '"other"')], [move(3), move(4, '"other"')], [move(4), move(5)], [move(4), move(4)]]) {
      await expect((async () => store.append('AAAAAA', STORED_GAME, events, lease))()).rejects.toBeInstanceOf(RefusedWriteError);
    }
    expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  test("what an append carries (its game's record, the drop of earlier events) is kept with it, or refused with it", async () => {
    const store = await fresh();
    await store.append(
      'AAAAAA',
      STORED_GAME,
      [1, 2, 3].map((s) => move(s)),
    );
    const record = JSON.stringify({ format: STORED_RECORD_FORMAT, turns: ['a', 'b'] });
    await store.append('AAAAAA', STORED_GAME, [move(4)], undefined, { finished: { game: game('AAAAAA', 1, 2_000), record } });
    expect(await store.record('AAAAAA', 1)).toEqual({ game: game('AAAAAA', 1, 2_000), record });
    await store.append('AAAAAA', STORED_GAME, [{ seq: 5, kind: 'start', data: '{"deal":2}' }, move(6)], undefined, { dropBefore: 5 });
    expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([5, 6]);
    // A game number kept already refuses the whole append: its moves are not written without their record.
    await expect(
      (async () => store.append('AAAAAA', STORED_GAME, [move(7)], undefined, { dropBefore: 6, finished: { game: game('AAAAAA', 1, 3_000), record: '{}' } }))(),
    ).rejects.toBeInstanceOf(RefusedWriteError);
    expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([5, 6]);
    expect((await store.record('AAAAAA', 1))!.record).toBe(record);
    // A room that is not live takes neither events nor a record.
    await store.closeRoom('AAAAAA');
    await expect(
      (async () => store.append('AAAAAA', STORED_GAME, [move(7)], undefined, { finished: { game: game('AAAAAA', 2, 3_000), record: '{}' } }))(),
    ).rejects.toBeInstanceOf(RefusedWriteError);
    expect(await store.record('AAAAAA', 2)).toBeNull();
  });

  describe('owner leases and fences', () => {
    const lease = (owner: string, fence: string, expiresAt: number): Lease => ({ owner, fence, expiresAt });

    test('a room takes its first lease with its first events; later writes must carry its fence', async () => {
      const store = await fresh();
      const a = lease('A', 'fence-a', 10_000);
      await store.append('AAAAAA', STORED_GAME, [move(1)], a);
      await store.append('AAAAAA', STORED_GAME, [move(2)], a);
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(3)], lease('A', 'stale', 10_000)));
      // Without a lease no fence is checked (a store one process writes alone).
      await store.append('AAAAAA', STORED_GAME, [move(3)]);
      expect((await eventsOf(store, 'AAAAAA'))!.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(await store.renewLeases('A', ['AAAAAA'], 20_000)).toEqual(['AAAAAA']);
    });

    test('a claim changes the fence: the old owner can neither write, drop nor close any more', async () => {
      const store = await fresh();
      const a = lease('A', 'fence-a', 1_000);
      await store.append('AAAAAA', STORED_GAME, [move(1), move(2)], a);
      expect(await store.claimRoom('AAAAAA', lease('B', 'fence-b', 9_000))).toBe(true);
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(3)], a));
      await fenced(() => store.dropBefore('AAAAAA', 2, a.fence));
      await store.closeRoom('AAAAAA', a.fence);
      // Nothing of the old owner's went in; the room is live, whole, and the new owner's.
      expect(await store.liveRoom('AAAAAA')).toEqual({ code: 'AAAAAA', gameType: STORED_GAME, events: [move(1), move(2)] });
      expect(await store.renewLeases('A', ['AAAAAA'], 20_000)).toEqual([]);
      expect(await store.renewLeases('B', ['AAAAAA'], 20_000)).toEqual(['AAAAAA']);
      await store.append('AAAAAA', STORED_GAME, [move(3)], lease('B', 'fence-b', 20_000));
      await store.dropBefore('AAAAAA', 2, 'fence-b');
      expect((await store.liveRoom('AAAAAA'))!.events.map((e) => e.seq)).toEqual([2, 3]);
      await store.closeRoom('AAAAAA', 'fence-b');
      expect(await store.liveRoom('AAAAAA')).toBeNull();
      expect(await store.claimRoom('AAAAAA', lease('C', 'fence-c', 9_000))).toBe(false);
    });

    test("a claim or close, this process's or another's, is seen at the next write, however often the room wrote before", async () => {
      const store = await fresh();
      const a = lease('A', 'fence-a', 1_000);
      for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD']) {
        await store.append(code, STORED_GAME, [move(1)], a);
        await store.append(code, STORED_GAME, [move(2)], a);
      }
      expect(await store.claimRoom('CCCCCC', lease('C', 'fence-c', 9_000))).toBe(true);
      await fenced(() => store.append('CCCCCC', STORED_GAME, [move(3)], a));
      await store.closeRoom('DDDDDD');
      await expect((async () => store.append('DDDDDD', STORED_GAME, [move(3)], a))()).rejects.toThrow(/closed/);
      const other = await reopen();
      expect(await other.claimRoom('AAAAAA', lease('B', 'fence-b', 9_000))).toBe(true);
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(3)], a));
      await other.closeRoom('BBBBBB');
      await expect((async () => store.append('BBBBBB', STORED_GAME, [move(3)], a))()).rejects.toThrow(/closed/);
      // The new owner writes on; nothing of the old one's went in.
      await other.append('AAAAAA', STORED_GAME, [move(3)], lease('B', 'fence-b', 9_000));
      expect((await other.liveRoom('AAAAAA'))!.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    });

    test('claiming many rooms at once gives each its own lease; a room not live is left alone', async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)], lease('A', 'fence-a', 1_000));
      await store.append('BBBBBB', STORED_GAME, [move(1)], lease('A', 'fence-a2', 1_000));
      await store.append('CCCCCC', STORED_GAME, [move(1)]);
      await store.closeRoom('CCCCCC');
      await store.claimRooms([
        { code: 'AAAAAA', lease: lease('B', 'fence-b', 9_000) },
        { code: 'BBBBBB', lease: lease('C', 'fence-c', 9_000) },
        { code: 'CCCCCC', lease: lease('B', 'fence-b', 9_000) },
      ]);
      // The old fences are refused; each room is its new owner's alone.
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(2)], lease('A', 'fence-a', 1_000)));
      await fenced(() => store.append('BBBBBB', STORED_GAME, [move(2)], lease('C', 'fence-b', 9_000)));
      await store.append('BBBBBB', STORED_GAME, [move(2)], lease('C', 'fence-c', 9_000));
      expect(await store.renewLeases('B', ['AAAAAA', 'BBBBBB', 'CCCCCC'], 20_000)).toEqual(['AAAAAA']);
      expect(await store.liveRoom('CCCCCC')).toBeNull();
      await store.claimRooms([]);
    });

    test('an expired lease is claimed by exactly one of two processes claiming it at once', async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)], lease('A', 'fence-a', 1_000));
      // Not expired yet at 500: nobody may take it.
      expect(await store.claimRoom('AAAAAA', lease('B', 'fence-b', 9_000), 500)).toBe(false);
      const claims = await Promise.all([
        store.claimRoom('AAAAAA', lease('B', 'fence-b', 9_000), 2_000),
        store.claimRoom('AAAAAA', lease('C', 'fence-c', 9_000), 2_000),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims[0] ? 'B' : 'C';
      expect(await store.renewLeases(winner, ['AAAAAA'], 10_000)).toEqual(['AAAAAA']);
    });

    test("expiredRooms lists the live rooms whose lease ran out; releaseLeases lets an owner's rooms go at once", async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)], lease('A', 'fa', 1_000));
      await store.append('BBBBBB', STORED_GAME, [move(1)], lease('A', 'fb', 5_000));
      await store.append('CCCCCC', STORED_GAME, [move(1)], lease('B', 'fc', 5_000));
      await store.append('DDDDDD', STORED_GAME, [move(1)], lease('A', 'fd', 500));
      await store.closeRoom('DDDDDD', 'fd');
      expect((await store.expiredRooms(2_000)).sort()).toEqual(['AAAAAA']);
      await store.releaseLeases('A');
      expect((await store.expiredRooms(2_000)).sort()).toEqual(['AAAAAA', 'BBBBBB']);
      expect(await store.renewLeases('B', ['AAAAAA', 'CCCCCC'], 6_000)).toEqual(['CCCCCC']);
      // Only the rooms named are renewed: one an owner does not name runs out.
      expect(await store.renewLeases('A', ['BBBBBB'], 9_000)).toEqual(['BBBBBB']);
      expect((await store.expiredRooms(2_000)).sort()).toEqual(['AAAAAA']);
      expect(await store.renewLeases('A', [], 9_000)).toEqual([]);
      expect(await store.liveRoom('DDDDDD')).toBeNull();
    });
  });

  describe('Web Push', () => {
    const sub = (code: string, tokenHash: string, endpoint: string, language = 'en') => ({
      code,
      tokenHash,
      endpoint,
      p256dh: `key-${endpoint}`,
      auth: 'secret',
      language,
    });

    test('the first VAPID keys kept are the keys from then on, across a reopening', async () => {
      const store = await fresh();
      const first = await store.push.vapidKeys({ publicKey: 'pub-1', privateKey: 'priv-1' });
      expect(first).toEqual({ publicKey: 'pub-1', privateKey: 'priv-1' });
      expect(await store.push.vapidKeys({ publicKey: 'pub-2', privateKey: 'priv-2' })).toEqual(first);
      const again = await reopen();
      expect(await again.push.vapidKeys({ publicKey: 'pub-3', privateKey: 'priv-3' })).toEqual(first);
    });

    test('a seat holds at most maxPerSeat endpoints; the same endpoint again replaces its keys and language', async () => {
      const store = await fresh();
      expect(await store.push.subscribe(sub('AAAAAA', 'seat-1', 'https://p/1'), 2, 1)).toBe(true);
      expect(await store.push.subscribe(sub('AAAAAA', 'seat-1', 'https://p/2'), 2, 2)).toBe(true);
      expect(await store.push.subscribe(sub('AAAAAA', 'seat-1', 'https://p/3'), 2, 3)).toBe(false);
      expect(await store.push.subscribe({ ...sub('AAAAAA', 'seat-1', 'https://p/1', 'fr'), auth: 'new' }, 2, 4)).toBe(true);
      // Another seat of the room, and the same seat hash in another room, are counted apart.
      expect(await store.push.subscribe(sub('AAAAAA', 'seat-2', 'https://p/3'), 2, 5)).toBe(true);
      expect(await store.push.subscribe(sub('BBBBBB', 'seat-1', 'https://p/3'), 2, 6)).toBe(true);
      expect(await store.push.subscriptions('AAAAAA', 'seat-1')).toEqual([
        { ...sub('AAAAAA', 'seat-1', 'https://p/1', 'fr'), auth: 'new' },
        sub('AAAAAA', 'seat-1', 'https://p/2'),
      ]);
      await store.push.unsubscribe('AAAAAA', 'seat-1', 'https://p/2');
      expect((await store.push.subscriptions('AAAAAA', 'seat-1')).map((s) => s.endpoint)).toEqual(['https://p/1']);
      // The push service said the endpoint is gone: it goes from every seat that had it.
      expect(await store.push.forgetEndpoint('https://p/3')).toBe(2);
      expect(await store.push.subscriptions('AAAAAA', 'seat-2')).toEqual([]);
      expect(await store.push.subscriptions('BBBBBB', 'seat-1')).toEqual([]);
    });

    test('a turn is claimed once per seat; the next turn is claimed again', async () => {
      const store = await fresh();
      expect(await store.push.claimTurn('AAAAAA', 'seat-1', 'turn-1')).toBe(true);
      expect(await store.push.claimTurn('AAAAAA', 'seat-1', 'turn-1')).toBe(false);
      expect(await store.push.claimTurn('AAAAAA', 'seat-2', 'turn-1')).toBe(true);
      expect(await store.push.claimTurn('AAAAAA', 'seat-1', 'turn-2')).toBe(true);
      const again = await reopen();
      expect(await again.push.claimTurn('AAAAAA', 'seat-1', 'turn-2')).toBe(false);
    });

    test("a room's subscriptions and turns go once it is no longer live", async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)]);
      await store.append('BBBBBB', STORED_GAME, [move(1)]);
      await store.push.subscribe(sub('AAAAAA', 'seat-1', 'https://p/1'), 3);
      await store.push.subscribe(sub('BBBBBB', 'seat-1', 'https://p/1'), 3);
      await store.push.subscribe(sub('CCCCCC', 'seat-1', 'https://p/1'), 3);
      await store.push.claimTurn('BBBBBB', 'seat-1', 'turn-1');
      await store.closeRoom('BBBBBB');
      expect(await store.push.prune()).toBe(2);
      expect(await store.push.subscriptions('AAAAAA', 'seat-1')).toHaveLength(1);
      expect(await store.push.subscriptions('BBBBBB', 'seat-1')).toEqual([]);
      expect(await store.push.claimTurn('BBBBBB', 'seat-1', 'turn-1')).toBe(true);
    });
  });

  describe('unloaded tables', () => {
    const lease = (owner: string, fence: string, expiresAt: number): Lease => ({ owner, fence, expiresAt });
    const unloaded = (at: number, wakeAt: number | null, lastMoveAt = at - 100) => ({ at, wakeAt, lastMoveAt });

    test('an unloaded room is live but held by nobody: not restored at start, not expired, not renewed, and its old fence is refused', async () => {
      const store = await fresh();
      const a = lease('A', 'fence-a', 1_000);
      await store.append('AAAAAA', STORED_GAME, [move(1), move(2)], a);
      await store.append('BBBBBB', STORED_GAME, [move(1)], lease('A', 'fence-b', 1_000));
      // Another fence may not unload it; its own may, once.
      expect(await store.unloadRoom('AAAAAA', unloaded(5_000, 9_000), 'stale')).toBe(false);
      expect(await store.unloadRoom('AAAAAA', unloaded(5_000, 9_000), a.fence)).toBe(true);
      expect(await store.unloadRoom('AAAAAA', unloaded(6_000, 9_000), a.fence)).toBe(false);
      expect((await store.liveRooms()).map((r) => r.code)).toEqual(['BBBBBB']);
      expect(await store.expiredRooms(2_000)).toEqual(['BBBBBB']);
      expect(await store.renewLeases('A', ['AAAAAA', 'BBBBBB'], 20_000)).toEqual(['BBBBBB']);
      expect(await store.claimRoom('AAAAAA', lease('B', 'fence-x', 9_000), 2_000)).toBe(false);
      expect(await store.claimRoom('AAAAAA', lease('B', 'fence-x', 9_000))).toBe(false);
      await store.claimRooms([{ code: 'AAAAAA', lease: lease('B', 'fence-x', 9_000) }]);
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(3)], a));
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(3)], lease('B', 'fence-x', 9_000)));
      // Still live, whole, and its code taken.
      expect(await store.liveRoom('AAAAAA')).toEqual({ code: 'AAAAAA', gameType: STORED_GAME, events: [move(1), move(2)] });
      expect(await store.codeStatus('AAAAAA')).toBe('unloaded');
      expect(await store.countUnloaded()).toBe(1);
      // Its first events again (a new room drawing its code) are refused: it is not closed.
      await refused(() => store.append('AAAAAA', STORED_GAME, [move(1, '"new room"')], lease('C', 'fence-c', 9_000)));
      // Closed, it is no longer counted among the unloaded (what /metrics shows).
      await store.closeRoom('AAAAAA');
      expect(await store.countUnloaded()).toBe(0);
    });

    test('claiming an unloaded room loads it under the new lease and answers how it was unloaded; exactly one of two claimers wins', async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)], lease('A', 'fence-a', 1_000));
      expect(await store.claimUnloaded('AAAAAA', lease('B', 'fence-b', 9_000))).toBeNull();
      expect(await store.unloadRoom('AAAAAA', unloaded(5_000, null, 4_200), 'fence-a')).toBe(true);
      const claims = await Promise.all([
        store.claimUnloaded('AAAAAA', lease('B', 'fence-b', 9_000)),
        store.claimUnloaded('AAAAAA', lease('C', 'fence-c', 9_000)),
      ]);
      expect(claims.filter((c) => c !== null)).toEqual([{ at: 5_000, wakeAt: null, lastMoveAt: 4_200 }]);
      const winner = claims[0] ? lease('B', 'fence-b', 9_000) : lease('C', 'fence-c', 9_000);
      // Loaded again: the winner writes, renews and may unload it again; the loser cannot write.
      await store.append('AAAAAA', STORED_GAME, [move(2)], winner);
      await fenced(() => store.append('AAAAAA', STORED_GAME, [move(3)], claims[0] ? lease('C', 'fence-c', 9_000) : lease('B', 'fence-b', 9_000)));
      expect(await store.renewLeases(winner.owner, ['AAAAAA'], 20_000)).toEqual(['AAAAAA']);
      expect((await store.liveRooms()).map((r) => r.code)).toEqual(['AAAAAA']);
      expect(await store.unloadRoom('AAAAAA', unloaded(7_000, 8_000), winner.fence)).toBe(true);
      expect(await store.claimUnloaded('AAAAAA', lease('D', 'fence-d', 9_000))).toEqual({ at: 7_000, wakeAt: 8_000, lastMoveAt: 6_900 });
      expect((await store.liveRoom('AAAAAA'))!.events.map((e) => e.seq)).toEqual([1, 2]);
    });

    test("an unloaded room's summary is read without claiming it, only while it is unloaded; unloaded again without one, it keeps the last", async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)], lease('A', 'fence-a', 1_000));
      expect(await store.unloadedSummary('AAAAAA')).toBeNull();
      expect(await store.unloadRoom('AAAAAA', { ...unloaded(5_000, 9_000), summary: '{"toAct":[1]}' }, 'fence-a')).toBe(true);
      expect(await store.unloadedSummary('AAAAAA')).toBe('{"toAct":[1]}');
      expect(await store.codeStatus('AAAAAA')).toBe('unloaded');
      expect(await store.unloadedSummary('BBBBBB')).toBeNull();
      // Claimed (loaded), its summary is the table's to give.
      expect(await store.claimUnloaded('AAAAAA', lease('B', 'fence-b', 9_000))).not.toBeNull();
      expect(await store.unloadedSummary('AAAAAA')).toBeNull();
      expect(await store.unloadRoom('AAAAAA', unloaded(7_000, 9_000), 'fence-b')).toBe(true);
      expect(await store.unloadedSummary('AAAAAA')).toBe('{"toAct":[1]}');
      await store.closeRoom('AAAAAA');
      expect(await store.unloadedSummary('AAAAAA')).toBeNull();
    });

    test('dueRooms lists the unloaded rooms whose wake time has come, the most overdue first', async () => {
      const store = await fresh();
      for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD', 'EEEEEE']) await store.append(code, STORED_GAME, [move(1)], lease('A', `f-${code}`, 1_000));
      await store.unloadRoom('AAAAAA', unloaded(100, 3_000), 'f-AAAAAA');
      await store.unloadRoom('BBBBBB', unloaded(100, 1_000), 'f-BBBBBB');
      await store.unloadRoom('CCCCCC', unloaded(100, null), 'f-CCCCCC');
      await store.unloadRoom('DDDDDD', unloaded(100, 9_000), 'f-DDDDDD');
      // EEEEEE stays loaded.
      expect(await store.dueRooms(3_000, 10)).toEqual(['BBBBBB', 'AAAAAA']);
      expect(await store.dueRooms(3_000, 1)).toEqual(['BBBBBB']);
      expect(await store.dueRooms(999, 10)).toEqual([]);
      await store.claimUnloaded('BBBBBB', lease('B', 'fence-b', 9_000));
      expect(await store.dueRooms(10_000, 10)).toEqual(['AAAAAA', 'DDDDDD']);
    });

    test('closeStaleRooms closes the unloaded rooms whose last move is older than the retention; their records stay, their codes come round again', async () => {
      const store = await fresh();
      for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC']) await store.append(code, STORED_GAME, [move(1), move(2)], lease('A', `f-${code}`, 1_000));
      await store.saveGame(game('AAAAAA', 1, 500), '{"r":1}');
      await store.unloadRoom('AAAAAA', unloaded(5_000, null, 1_000), 'f-AAAAAA');
      await store.unloadRoom('BBBBBB', unloaded(5_000, null, 4_000), 'f-BBBBBB');
      // CCCCCC is loaded: however old, it is somebody's now, and not closed here.
      expect(await store.closeStaleRooms(3_000)).toEqual(['AAAAAA']);
      expect(await store.liveRoom('AAAAAA')).toBeNull();
      expect(await store.codeStatus('AAAAAA')).toBeNull();
      expect(await store.claimUnloaded('AAAAAA', lease('B', 'fence-b', 9_000))).toBeNull();
      expect(await store.record('AAAAAA')).toMatchObject({ record: '{"r":1}' });
      expect(await store.dueRooms(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
      // The code, free again, starts a new room: loaded, with nothing of the old one.
      await store.append('AAAAAA', STORED_GAME, [move(1, '"new"')], lease('C', 'fence-c', 9_000));
      expect((await store.liveRoom('AAAAAA'))!.events).toEqual([move(1, '"new"')]);
      expect((await store.liveRooms()).map((r) => r.code).sort()).toEqual(['AAAAAA', 'CCCCCC']);
      expect((await store.closeStaleRooms(10_000)).sort()).toEqual(['BBBBBB']);
    });

    test('codeStatus: live rooms, loaded or not, and quarantined ones; nothing for closed ones and unknown codes', async () => {
      const store = await fresh();
      await store.append('AAAAAA', STORED_GAME, [move(1)]);
      await store.append('BBBBBB', STORED_GAME, [move(1)]);
      await store.append('CCCCCC', STORED_GAME, [move(1)]);
      await store.closeRoom('BBBBBB');
      await store.quarantine('CCCCCC', 'does not replay');
      expect(await Promise.all(['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD'].map((c) => store.codeStatus(c)))).toEqual(['loaded', null, 'quarantined', null]);
      // Unloaded without a lease (a store one process writes alone), then closed: free.
      expect(await store.unloadRoom('AAAAAA', unloaded(100, null))).toBe(true);
      expect(await store.codeStatus('AAAAAA')).toBe('unloaded');
      expect(await store.claimUnloaded('AAAAAA', lease('A', 'fence-a', 9_000))).not.toBeNull();
      expect(await store.codeStatus('AAAAAA')).toBe('loaded');
      await store.closeRoom('AAAAAA');
      expect(await store.codeStatus('AAAAAA')).toBeNull();
    });
  });

  test('every append that returned survives a kill -9 of the process that made it', async () => {
    const store = await fresh();
    await store.shutdown();
    const said = await appendUntilKilled(opened.args, 300, 20);
    const reopened = await reopen();
    const seqs = (await eventsOf(reopened, 'KILLED'))!.map((e) => e.seq);
    // All it said were written, and perhaps one more whose seq it had no time to say.
    expect(seqs.length).toBeGreaterThanOrEqual(said);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    await reopened.append('KILLED', STORED_GAME, [move(seqs.length + 1)]);
  });

  test('many rooms appending at once each keep their own order', async () => {
    const store = await fresh();
    const codes = Array.from({ length: 20 }, (_, i) => `R${String(i).padStart(5, '0')}`);
    for (let seq = 1; seq <= 10; seq++) await Promise.all(codes.map((code) => store.append(code, STORED_GAME, [move(seq)])));
    const rooms = await store.liveRooms();
    expect(rooms).toHaveLength(20);
    for (const room of rooms) expect(room.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test('ping answers while the store is open, and not after shutdown', async () => {
    const store = await fresh();
    expect(await store.ping()).toBe(true);
    await store.shutdown();
    expect(await store.ping()).toBe(false);
    await store.shutdown(); // twice is harmless
  });
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-store-'));
  tempDirs.push(dir);
  return dir;
};

inUnitRun(describe)('SqliteStore', () => {
  contract({
    name: 'sqlite',
    fresh: async () => {
      const file = path.join(tempDir(), 'samurai.db');
      return { store: new SqliteStore(file), reopen: async () => new SqliteStore(file), args: ['sqlite', file] };
    },
  });

  test('openStore makes DATA_DIR and a WAL-mode samurai.db in it', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const store = await openStore({ dataDir });
    try {
      expect(store.kind).toBe('sqlite');
      await store.append('AAAAAA', STORED_GAME, [move(1)]);
      expect(fs.existsSync(path.join(dataDir, 'samurai.db'))).toBe(true);
      // The WAL is where commits go first; it is folded into the file at shutdown.
      expect(fs.existsSync(path.join(dataDir, 'samurai.db-wal'))).toBe(true);
    } finally {
      await store.shutdown();
    }
    const db = new Database(path.join(dataDir, 'samurai.db'), { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });
});

inUnitRun(describe)('SqliteStore with group commit (as the server opens it)', () => {
  const open = (file: string) => new SqliteStore(file, { groupCommit: true });
  contract({
    name: 'sqlite',
    fresh: async () => {
      const file = path.join(tempDir(), 'samurai.db');
      return { store: open(file), reopen: async () => open(file), args: ['sqlite-group-commit', file] };
    },
  });

  /** What another connection to the file sees: the events committed so far, by room. */
  const committed = (file: string): Record<string, number[]> => {
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT code, seq FROM events ORDER BY code, seq').all() as { code: string; seq: number }[];
      const byRoom: Record<string, number[]> = {};
      for (const { code, seq } of rows) (byRoom[code] ??= []).push(seq);
      return byRoom;
    } finally {
      db.close();
    }
  };
  let store: SqliteStore | null = null;
  afterEach(async () => {
    await store?.shutdown();
    store = null;
  });

  test("a turn's appends are written together once the turn's work is done, and each resolves only then", async () => {
    const file = path.join(tempDir(), 'samurai.db');
    store = open(file);
    const a = store.append('AAAAAA', STORED_GAME, [move(1)]);
    const b = store.append('BBBBBB', STORED_GAME, [move(1), move(2)]);
    const a2 = store.append('AAAAAA', STORED_GAME, [move(2)]);
    expect(a).toBeInstanceOf(Promise);
    // Nothing is in the file yet: no room may show these events.
    expect(committed(file)).toEqual({});
    let settled = false;
    void Promise.all([a, b, a2]).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await Promise.all([a, b, a2]);
    expect(committed(file)).toEqual({ AAAAAA: [1, 2], BBBBBB: [1, 2] });
  });

  test("a refused append leaves the others of its turn written, and refuses its room's later appends of that turn", async () => {
    const file = path.join(tempDir(), 'samurai.db');
    store = open(file);
    await store.append('AAAAAA', STORED_GAME, [move(1)]);
    const outcomes = await Promise.allSettled([
      store.append('AAAAAA', STORED_GAME, [move(1, '"again"')]),
      store.append('BBBBBB', STORED_GAME, [move(1)]),
      store.append('AAAAAA', STORED_GAME, [move(2)]),
      store.append('BBBBBB', STORED_GAME, [move(2)]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(committed(file)).toEqual({ AAAAAA: [1], BBBBBB: [1, 2] });
  });

  test('appendThen answers each append once it is written (or refused), in the order of the appends', async () => {
    const file = path.join(tempDir(), 'samurai.db');
    store = open(file);
    await store.append('AAAAAA', STORED_GAME, [move(1)]);
    const answers: string[] = [];
    const answered = new Promise<void>((resolve) => {
      const answer =
        (name: string, last = false) =>
        (error?: unknown) => {
          // Whoever is told an append is written finds it in the file.
          answers.push(`${name} ${error === undefined ? 'written' : 'refused'} ${JSON.stringify(committed(file))}`);
          if (last) resolve();
        };
      store!.appendThen('BBBBBB', STORED_GAME, [move(1)], undefined, answer('B1'));
      store!.appendThen('AAAAAA', STORED_GAME, [move(1, '"again"')], undefined, answer('A1 again'));
      store!.appendThen('BBBBBB', STORED_GAME, [move(2), move(3)], undefined, answer('B2-3'));
      store!.appendThen('CCCCCC', STORED_GAME, [move(2)], undefined, answer('C2', true));
    });
    expect(committed(file)).toEqual({ AAAAAA: [1] });
    await answered;
    const after = JSON.stringify({ AAAAAA: [1], BBBBBB: [1, 2, 3] });
    expect(answers).toEqual([`B1 written ${after}`, `A1 again refused ${after}`, `B2-3 written ${after}`, `C2 refused ${after}`]);
    // A bad seq is refused at once, and a closed store refuses every append.
    let bad: unknown;
    store.appendThen('AAAAAA', STORED_GAME, [move(0)], undefined, (error) => (bad = error));
    expect(bad).toBeInstanceOf(Error);
    await store.shutdown();
    let closed: unknown;
    store.appendThen('AAAAAA', STORED_GAME, [move(2)], undefined, (error) => (closed = error));
    expect(closed).toBeInstanceOf(Error);
    store = null;
  });

  test('every other call writes the queued appends first: the order of calls is the order of writes', async () => {
    const file = path.join(tempDir(), 'samurai.db');
    store = open(file);
    await store.append('AAAAAA', STORED_GAME, [move(1), move(2)]);
    // A drop right after an append of its room (a snapshot) goes in that append's commit.
    const appended = store.append('AAAAAA', STORED_GAME, [move(3)]);
    store.dropBefore('AAAAAA', 3);
    expect(committed(file)).toEqual({ AAAAAA: [1, 2] });
    await appended;
    expect(committed(file)).toEqual({ AAAAAA: [3] });
    // Any other call, or a drop with nothing of its room queued, writes what is queued first.
    void store.append('CCCCCC', STORED_GAME, [move(1), move(2)]);
    store.dropBefore('DDDDDD', 1);
    expect(committed(file)).toEqual({ AAAAAA: [3], CCCCCC: [1, 2] });
    void store.append('BBBBBB', STORED_GAME, [move(1)]);
    store.closeRoom('BBBBBB');
    expect(await store.liveRoom('BBBBBB')).toBeNull();
  });

  test('shutdown writes what is queued; later appends are refused', async () => {
    const file = path.join(tempDir(), 'samurai.db');
    const closing = open(file);
    const appended = closing.append('AAAAAA', STORED_GAME, [move(1)]);
    await closing.shutdown();
    await appended;
    expect(committed(file)).toEqual({ AAAAAA: [1] });
    await refused(() => closing.append('AAAAAA', STORED_GAME, [move(2)]));
  });
});

inUnitRun(describe)('SqliteStore with group commit, its event log compacted all the time', () => {
  // A chunk of three rows after every write: drops, closes and a room's events fall on both sides
  // of every boundary, and reads find them in packs and in the log alike.
  const open = (file: string) => new SqliteStore(file, { groupCommit: true, compaction: { afterRows: 1, rows: 3 } });
  contract({
    name: 'sqlite',
    fresh: async () => {
      const file = path.join(tempDir(), 'samurai.db');
      return { store: open(file), reopen: async () => open(file), args: ['sqlite-group-commit', file] };
    },
  });
});

const postgresBin = findPostgresBinaries();
if (SERVICE_RUN && !postgresBin) warnPostgresMissing('PostgresStore contract tests');

inServiceRun(postgresBin ? describe : describe.skip)('PostgresStore', () => {
  let cluster: TestPostgres;
  beforeAll(async () => {
    cluster = await startTestPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  contract({
    name: 'postgres',
    fresh: async () => {
      const url = await cluster.newDatabase();
      return { store: await PostgresStore.open(url), reopen: () => PostgresStore.open(url), args: ['postgres', url] };
    },
  });

  test('openStore connects to DATABASE_URL when it is set', async () => {
    const store = await openStore({ databaseUrl: await cluster.newDatabase(), dataDir: path.join(tempDir(), 'unused') });
    try {
      expect(store.kind).toBe('postgres');
      expect(await store.ping()).toBe(true);
    } finally {
      await store.shutdown();
    }
  });
});

// CI installs PostgreSQL (.ci/run): there, its absence is a failure, not a skip.
if (SERVICE_RUN && !postgresBin && process.env.CI) {
  test('PostgreSQL is installed (CI must run the Postgres tests)', () => {
    expect(postgresBin).not.toBeNull();
  });
}
