import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { RoomEvent } from './game-store';
import { SqliteStore } from './SqliteStore';
import { STORED_GAME } from '../test-support/stored-game';

jest.setTimeout(120_000);

const ROOMS = ['AAAAAA', 'BBBBBB', 'CCCCCC'];

/** What is done to the store, and to the model of what it should hold. */
type Op =
  | { op: 'append'; room: number; events: number; startsLog: boolean }
  | { op: 'drop'; room: number; back: number }
  | { op: 'close'; room: number }
  | { op: 'retry'; room: number }
  | { op: 'taken'; room: number }
  | { op: 'settle' }
  | { op: 'reopen' };

const room = fc.integer({ min: 0, max: ROOMS.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ op: fc.constant('append' as const), room, events: fc.integer({ min: 1, max: 4 }), startsLog: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), room, back: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('close' as const), room }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('retry' as const), room }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('taken' as const), room }) },
  { weight: 3, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'reopen' as const }) },
);

/** A room as the model has it: its events (the log as it should read) and its last append. */
interface ModelRoom {
  events: RoomEvent[];
  lastSeq: number;
  lastAppend: RoomEvent[];
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The rooms' events as another connection reads them through the view `events`. */
function viewed(file: string): Record<string, number[]> {
  const db = new Database(file, { readonly: true });
  try {
    const byRoom: Record<string, number[]> = {};
    for (const { code, seq } of db.prepare('SELECT code, seq FROM events ORDER BY code, seq').all() as { code: string; seq: number }[])
      (byRoom[code] ??= []).push(seq);
    return byRoom;
  } finally {
    db.close();
  }
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('appends, drops, closes, retries and reopens read back as written, whichever part of the log is compacted', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 7 }), async (ops, chunk) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-event-log-'));
      tempDirs.push(dir);
      const file = path.join(dir, `samurai-${run++}.db`);
      const open = () => new SqliteStore(file, { compaction: { afterRows: 1, rows: chunk }, checkpointThread: false });
      let store = open();
      const model = new Map<string, ModelRoom>();
      let data = 0;
      try {
        for (const step of ops) {
          const code = 'room' in step ? ROOMS[step.room] : '';
          const live = model.get(code);
          if (step.op === 'append') {
            const first = (live?.lastSeq ?? 0) + 1;
            const events = Array.from({ length: step.events }, (_, i) => ({ seq: first + i, kind: 'move', data: `{"d":${data++}}` }));
            const startsLog = step.startsLog && first > 1;
            await store.append(code, STORED_GAME, events, undefined, startsLog ? { dropBefore: first } : undefined);
            const kept = live && !startsLog ? live.events : [];
            model.set(code, { events: [...kept, ...events], lastSeq: first + step.events - 1, lastAppend: events });
          } else if (step.op === 'drop' && live) {
            const before = Math.max(1, live.lastSeq + 1 - step.back);
            store.dropBefore(code, before);
            live.events = live.events.filter((e) => e.seq >= before);
          } else if (step.op === 'close' && live) {
            store.closeRoom(code);
            model.delete(code);
          } else if (step.op === 'retry' && live) {
            // A retry is written already while its events are all there; one a drop cut into is
            // refused; one dropped with everything after it is written again (its seqs are free).
            const retry = (async () => store.append(code, STORED_GAME, live.lastAppend))();
            if (live.lastAppend.every((e) => live.events.some((kept) => kept.seq === e.seq))) await retry;
            else if (live.events.length > 0) await expect(retry).rejects.toThrow(/taken/);
            else {
              await retry;
              live.events = [...live.lastAppend];
            }
          } else if (step.op === 'taken' && live && live.events.length > 0) {
            const seq = live.events[live.events.length - 1].seq;
            await expect((async () => store.append(code, STORED_GAME, [{ seq, kind: 'move', data: '"other"' }]))()).rejects.toThrow(/taken/);
          } else if (step.op === 'settle') {
            for (let i = 0; i < 5; i++) await settle();
          } else if (step.op === 'reopen') {
            await store.shutdown();
            store = open();
          }
        }
        const expected = [...model].map(([code, r]) => ({ code, gameType: STORED_GAME, events: r.events })).sort((a, b) => a.code.localeCompare(b.code));
        expect(await store.liveRooms()).toEqual(expected);
        for (const { code, events } of expected) expect((await store.liveRoom(code))?.events).toEqual(events);
        const seqs = Object.fromEntries(expected.filter((r) => r.events.length > 0).map((r) => [r.code, r.events.map((e) => e.seq)]));
        expect(viewed(file)).toEqual(seqs);
        // Every room goes on from its last seq, and refuses it again, after a reopen too.
        for (const reopened of [false, true]) {
          if (reopened) {
            await store.shutdown();
            store = open();
          }
          for (const [code, r] of model) {
            const last = r.events[r.events.length - 1]?.seq;
            if (last) await expect((async () => store.append(code, STORED_GAME, [{ seq: last, kind: 'move', data: '"again"' }]))()).rejects.toThrow(/taken/);
          }
        }
        for (const [code, r] of model) await store.append(code, STORED_GAME, [{ seq: r.lastSeq + 1, kind: 'move', data: '"next"' }]);
      } finally {
        await store.shutdown();
      }
    }),
    { numRuns: 40 },
  );
});

test('a compacted log keeps one pack per room and chunk, and drops the packs a later drop or close covers', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-event-log-'));
  tempDirs.push(dir);
  const file = path.join(dir, 'samurai.db');
  const store = new SqliteStore(file, { compaction: { afterRows: 1_000, rows: 1_000 }, checkpointThread: false });
  const move = (seq: number): RoomEvent => ({ seq, kind: 'move', data: `{"m":${seq}}` });
  const tables = () => {
    const db = new Database(file, { readonly: true });
    try {
      return {
        log: db.prepare('SELECT count(*) FROM event_log').pluck().get(),
        packs: db.prepare('SELECT code, first_seq, last_seq FROM event_packs ORDER BY code, first_seq').raw(true).all(),
      };
    } finally {
      db.close();
    }
  };
  try {
    for (let seq = 1; seq <= 5; seq++) {
      await store.append('AAAAAA', STORED_GAME, [move(seq)]);
      await store.append('BBBBBB', STORED_GAME, [move(seq)]);
    }
    await store.append('CCCCCC', STORED_GAME, [move(1)]);
    // A new game in A (its moves before 4 dropped), B closed: dead rows are not packed.
    await store.append('AAAAAA', STORED_GAME, [move(6)], undefined, { dropBefore: 4 });
    store.closeRoom('BBBBBB');
    expect(tables().log).toBe(14);
    (store as unknown as { compactChunk(): void }).compactChunk();
    expect(tables()).toEqual({
      log: 0,
      packs: [
        ['AAAAAA', 4, 6],
        ['CCCCCC', 1, 1],
      ],
    });
    // A drop that came on its own cuts a pack; a close removes a room's packs.
    store.dropBefore('AAAAAA', 5);
    store.closeRoom('CCCCCC');
    (store as unknown as { compactChunk(): void }).compactChunk();
    expect(tables()).toEqual({ log: 0, packs: [['AAAAAA', 5, 6]] });
    expect((await store.liveRoom('AAAAAA'))!.events).toEqual([move(5), move(6)]);
  } finally {
    await store.shutdown();
  }
});

test('appends that never let the event loop turn still compact the log: it stays bounded', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-event-log-'));
  tempDirs.push(dir);
  const file = path.join(dir, 'samurai.db');
  const store = new SqliteStore(file, { compaction: { afterRows: 100, rows: 50 }, checkpointThread: false });
  const move = (seq: number): RoomEvent => ({ seq, kind: 'move', data: `{"m":${seq}}` });
  try {
    // One synchronous run: the compaction put off until after the turn's I/O never comes.
    for (let seq = 1; seq <= 100; seq++) for (const code of ROOMS) void store.append(code, STORED_GAME, [move(seq)]);
    const db = new Database(file, { readonly: true });
    const logRows = db.prepare('SELECT count(*) FROM event_log').pluck().get() as number;
    db.close();
    expect(logRows).toBeLessThanOrEqual(200);
    expect(await store.liveRooms()).toEqual(ROOMS.map((code) => ({ code, gameType: STORED_GAME, events: Array.from({ length: 100 }, (_, i) => move(i + 1)) })));
  } finally {
    await store.shutdown();
  }
});

describe.each(['as written', 'after a reopen', 'compacted, after a reopen'])(
  'a seq dropped with every later one is free again, one kept is taken (%s)',
  (when) => {
    test('so', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-event-log-'));
      tempDirs.push(dir);
      const file = path.join(dir, 'samurai.db');
      const open = () => new SqliteStore(file, { compaction: { afterRows: 1_000, rows: 1_000 }, checkpointThread: false });
      let store = open();
      const move = (seq: number, data = `{"m":${seq}}`): RoomEvent => ({ seq, kind: 'move', data });
      const compact = () => (store as unknown as { compactChunk(): void }).compactChunk();
      try {
        for (const code of ['AAAAAA', 'BBBBBB']) {
          await store.append(
            code,
            STORED_GAME,
            [1, 2, 3].map((seq) => move(seq)),
          );
          // Part of each log is packed already.
          compact();
          await store.append(code, STORED_GAME, [move(4)]);
        }
        store.dropBefore('AAAAAA', 5);
        store.dropBefore('BBBBBB', 4);
        if (when !== 'as written') {
          if (when.startsWith('compacted')) compact();
          await store.shutdown();
          store = open();
        }
        await store.append('AAAAAA', STORED_GAME, [move(4, '"anew"')]);
        await expect((async () => store.append('BBBBBB', STORED_GAME, [move(4, '"anew"')]))()).rejects.toThrow(/taken/);
        expect((await store.liveRooms()).map((r) => r.events)).toEqual([[move(4, '"anew"')], [move(4)]]);
      } finally {
        await store.shutdown();
      }
    });
  },
);
