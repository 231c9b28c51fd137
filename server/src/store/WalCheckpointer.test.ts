import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from './SqliteStore';
import { CHECKPOINT_EVERY_MS, DEFAULT_CHECKPOINT_PAGES, WalCheckpointer } from './WalCheckpointer';
import { STORED_GAME } from '../test-support/stored-game';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-wal-'));
  dirs.push(dir);
  return path.join(dir, 'samurai.db');
}

/** Some 3,000 pages of WAL (each append its own commit), more than SQLite's default 1,000-page checkpoint, far under the backstop. */
function fill(store: SqliteStore): void {
  const data = 'x'.repeat(3_000);
  for (let room = 0; room < 30; room++) {
    const code = `R${String(room).padStart(5, '0')}`;
    // Without group commit an append is synchronous (it answers no promise): a failure throws here.
    for (let seq = 1; seq <= 100; seq++) void store.append(code, STORED_GAME, [{ seq, kind: 'move', data }]);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 4 * CHECKPOINT_EVERY_MS));
const size = (file: string) => fs.statSync(file).size;

describe('WAL checkpoints on a thread of their own', () => {
  test('the main connection leaves checkpoints to the thread, which folds the WAL into the database file', async () => {
    const file = freshFile();
    const store = new SqliteStore(file);
    try {
      // The main connection neither checkpoints nor syncs while the thread does...
      expect(store.autoCheckpointPages()).toBe(0);
      expect(store.synchronousLevel()).toBe(0);
      const before = size(file);
      fill(store);
      // ...so what reaches the database file, the thread put there.
      await settle();
      expect(size(file)).toBeGreaterThan(before + 8_000_000);
      // Every event is there to read back.
      expect((await store.liveRoom('R00029'))?.events).toHaveLength(100);
    } finally {
      await store.shutdown();
    }
    // Shut down, the main connection is the last: the WAL is folded in and removed.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  test('without the thread, nothing is checkpointed until the default 1,000 pages (the contrast the thread removes)', async () => {
    const file = freshFile();
    const store = new SqliteStore(file, { checkpointThread: false });
    try {
      expect(store.autoCheckpointPages()).toBe(DEFAULT_CHECKPOINT_PAGES);
      expect(store.synchronousLevel()).toBe(1); // NORMAL
      const before = size(file);
      fill(store);
      // SQLite's default automatic checkpoint ran on this thread, inside appends.
      expect(size(file)).toBeGreaterThan(before + 2_000_000);
    } finally {
      await store.shutdown();
    }
  });

  test('a thread that stops checkpointing is given up on: the main connection checkpoints and syncs again', async () => {
    const file = freshFile();
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    const told: boolean[] = [];
    // A thread that would checkpoint only once a minute, given up on after 300 ms without one.
    const checkpointer = new WalCheckpointer(file, (alive) => told.push(alive), { everyMs: 60_000, stuckAfterMs: 300 });
    try {
      expect(told).toEqual([true]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(told).toEqual([true, false]);
    } finally {
      checkpointer.close();
      db.close();
    }
  });

  test('a store whose commits are synced (FULL) keeps them synced while the thread checkpoints', async () => {
    const store = new SqliteStore(freshFile(), { synchronous: 'FULL' });
    try {
      expect(store.autoCheckpointPages()).toBe(0);
      expect(store.synchronousLevel()).toBe(2);
    } finally {
      await store.shutdown();
    }
  });
});
