import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CHAT_KEPT_LINES, CHAT_MAX_LENGTH, chatLinesOf } from '@samurai/shared';
import { bootTestServer } from './test-support/boot';
import { GAMES } from './games/registry';
import { contractOf, TableClient } from './test-support/TableClient';
import { openStore } from './store/open-store';
import type { RunningServer } from './start-server';
import { DEFAULT_TABLE_LIMITS, roomLogBound } from './table/room-config';

jest.setTimeout(120_000);

/** The bytes of a room's stored events (their data), as the store holds them now. */
function storedBytes(dataDir: string, code: string): number {
  const db = new Database(path.join(dataDir, 'samurai.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT COALESCE(SUM(length(CAST(data AS BLOB))), 0) AS bytes, COUNT(*) AS events FROM events WHERE code = ?').get(code) as {
      bytes: number;
    };
    return row.bytes;
  } finally {
    db.close();
  }
}

/** The longest line there is, in bytes: 200 four-byte characters, numbered so each differs. */
const longest = (i: number) => `${i} ${'😀'.repeat(CHAT_MAX_LENGTH - 1 - String(i).length)}`;

describe("a room's stored log", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-log-bound-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const boot = async (options: object = {}): Promise<RunningServer> => bootTestServer({ store: await openStore({ dataDir }), ...options });

  test(`stays under its bound however long a lobby chats and renames (${roomLogBound(DEFAULT_TABLE_LIMITS) / 1024} KB), and restores to the same room`, async () => {
    const bound = roomLogBound(DEFAULT_TABLE_LIMITS);
    const first = await boot();
    let second: RunningServer | null = null;
    try {
      const ann = await TableClient.create(first.url, { name: 'Ann', options: { players: 4 } });
      const bob = await TableClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
      const watchers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => TableClient.join(first.url, ann.code, { role: 'spectator', name: `Watcher ${i}` })),
      );
      const code = ann.code;
      const speakers = [ann, bob, ...watchers];
      let most = 0;
      let written = 0;
      // Everyone says the longest lines there are, and Bob keeps changing his name (each a new table event).
      for (let i = 0; i < 640; i++) {
        await speakers[i % speakers.length].must('chat', { text: longest(i) });
        written += Buffer.byteLength(longest(i));
        if (i % 8 === 0) await bob.must('profile', { name: i % 16 === 0 ? 'Bobby' : 'Bob' });
        if (i % 40 === 0) most = Math.max(most, storedBytes(dataDir, code));
      }
      await ann.sync();
      most = Math.max(most, storedBytes(dataDir, code));
      // Far more was said than the bound, and what is kept stays under it.
      expect(written).toBeGreaterThan(2 * bound);
      expect(most).toBeLessThanOrEqual(bound);
      const before = {
        chat: chatLinesOf(ann.state.chat).map((l) => ({ n: l.n, name: l.name, body: l.body })),
        seats: Array.from(ann.state.seats, (s) => ({ kind: s.kind, name: s.name, colour: s.colour })),
        options: JSON.parse(JSON.stringify(ann.state.options)),
      };
      expect(before.chat).toHaveLength(CHAT_KEPT_LINES);
      await first.close();

      second = await boot();
      expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
      const watcher = await TableClient.join(second.url, code, { role: 'spectator' });
      expect(chatLinesOf(watcher.state.chat).map((l) => ({ n: l.n, name: l.name, body: l.body }))).toEqual(before.chat);
      expect(Array.from(watcher.state.seats, (s) => ({ kind: s.kind, name: s.name, colour: s.colour }))).toEqual(before.seats);
      expect(JSON.parse(JSON.stringify(watcher.state.options))).toEqual(before.options);
      const annAgain = await TableClient.join(second.url, code, { seatToken: ann.seatToken! });
      await annAgain.must('chat', { text: 'still here' });
      await watcher.waitFor((s) => chatLinesOf(s.chat).at(-1)?.n === before.chat.at(-1)!.n + 1, 5000, 'the next line, numbered on');
      await Promise.all([watcher.leave(), annAgain.leave()]);
    } finally {
      await (second ?? first).close();
    }
  });

  test.each(GAMES.map((game) => game.name))('a %s game snapshots too: chat and moves keep its log short, and a restart lands where it was', async (game) => {
    const first = await boot({ snapshotEveryMoves: 6 });
    let second: RunningServer | null = null;
    try {
      const ann = await TableClient.create(first.url, { name: 'Ann', options: { players: 3, botLevel: 'random' } }, game);
      const bob = await TableClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
      await ann.must('addBot', {});
      await ann.must('start');
      const eve = await TableClient.join(first.url, ann.code, { role: 'spectator', name: 'Eve' });
      const code = ann.code;
      ann.autoPlay();
      bob.autoPlay();
      let changes = 0;
      await eve.waitFor((s) => ++changes > 12 || s.phase === 'over', 30_000, 'a game under way');
      ann.stopAutoPlay();
      bob.stopAutoPlay();
      // A long chat while nobody moves: the game's log starts afresh from a snapshot of it.
      for (let i = 0; i < 300; i++) await eve.must('chat', { text: longest(i) });
      await Promise.all([ann, bob, eve].map((c) => c.sync()));
      expect(storedBytes(dataDir, code)).toBeLessThanOrEqual(roomLogBound(DEFAULT_TABLE_LIMITS));
      const before = {
        ann: ann.view,
        bob: bob.view,
        eve: eve.view,
        chat: Array.from(chatLinesOf(eve.state.chat), (l) => l.n),
      };
      await first.close();

      const store = await openStore({ dataDir });
      const [room] = await store.liveRooms();
      await store.shutdown();
      expect(room.events[0].kind).toBe('table');
      expect(room.events[1].kind).toBe('snapshot');
      expect(room.events.filter((e) => e.kind === 'start')).toEqual([]);

      second = await boot({ snapshotEveryMoves: 6 });
      expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
      const ann2 = await TableClient.join(second.url, code, { seatToken: ann.seatToken });
      const bob2 = await TableClient.join(second.url, code, { seatToken: bob.seatToken });
      const eve2 = await TableClient.join(second.url, code, { role: 'spectator' });
      expect(eve2.view).toStrictEqual(before.eve);
      expect(Array.from(chatLinesOf(eve2.state.chat), (l) => l.n)).toEqual(before.chat);
      expect(ann2.view).toStrictEqual(before.ann);
      expect(bob2.view).toStrictEqual(before.bob);
      ann2.autoPlay();
      bob2.autoPlay();
      await eve2.waitFor((s) => s.phase === 'over', 90_000, 'the end of the game');
      const record: unknown = await (await fetch(`${second.url}/api/rooms/${code}/record`)).json();
      expect(contractOf(game).verifyRecord(record)).toMatchObject({ ok: true });
      await Promise.all([ann2, bob2, eve2].map((c) => c.leave()));
    } finally {
      await (second ?? first).close();
    }
  });
});
