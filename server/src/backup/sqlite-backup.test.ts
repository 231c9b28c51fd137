import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bootTestServer } from '../test-support/boot';
import { TableClient } from '../test-support/TableClient';
import { typescriptChild } from '../test-support/typescript-child';
import { openStore } from '../store/open-store';
import { BACKUP_PREFIX, backupFileName, backupSqlite } from './sqlite-backup';

jest.setTimeout(120_000);

const run = promisify(execFile);
const MAIN = path.join(__dirname, 'backup-main.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run backup`, as the command runs it (TypeScript here, compiled there). */
function backupCommand(env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = typescriptChild();
  return run(process.execPath, [...child.execArgv, MAIN, ...args], { env: { ...child.env, DATABASE_URL: '', ...env }, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const eventsOf = async (dataDir: string) => {
  const store = await openStore({ dataDir });
  try {
    const rooms = await store.liveRooms();
    expect(rooms).toHaveLength(1);
    return rooms[0];
  } finally {
    await store.shutdown();
  }
};

test('a backup taken while a game is played is a moment of its log, and restores: the room comes back and replays', async () => {
  const dataDir = tempDir();
  // The bot takes a moment per move, so that the game is still being played while the copy is
  // taken; no snapshot drops early events, so the whole log can be compared.
  const server = await bootTestServer({ store: await openStore({ dataDir }), botDelayMs: 25, snapshotEveryMoves: 100_000 });
  let backup: string;
  try {
    const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2, botLevel: 'random' } });
    await ann.must('addBot', {});
    await ann.must('start');
    ann.autoPlay();
    let changes = 0;
    await ann.waitFor((s) => s.phase !== 'lobby' && ++changes > 12, 30_000, 'a game under way');
    // The copy is taken by another process while Ann and the bot go on moving.
    const result = await backupCommand({ DATA_DIR: dataDir });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    backup = result.stdout.trim();
    expect(path.dirname(backup)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(backup)).toMatch(new RegExp(`^${BACKUP_PREFIX}\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.db$`));
    await ann.waitFor((s) => s.phase === 'over', 60_000, 'the game to end');
    ann.stopAutoPlay();
  } finally {
    await server.close();
  }
  expect(fs.readdirSync(path.dirname(backup)).filter((f) => f !== path.basename(backup))).toEqual([]);

  // The restore recipe: the server stopped, the backup becomes samurai.db of a data directory without a WAL of another file.
  const restoredDir = tempDir();
  fs.copyFileSync(backup, path.join(restoredDir, 'samurai.db'));
  // Every event committed up to one moment, exactly as the whole game then went on to keep them: nothing torn, nothing missed.
  const [room, played] = [await eventsOf(restoredDir), await eventsOf(dataDir)];
  expect(room.code).toBe(played.code);
  expect(room.events.length).toBeGreaterThan(6);
  expect(room.events).toEqual(played.events.slice(0, room.events.length));
  const second = await bootTestServer({ store: await openStore({ dataDir: restoredDir }) });
  try {
    expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
    const watcher = await TableClient.join(second.url, room.code, { role: 'spectator' });
    expect(watcher.state.phase).not.toBe('lobby');
    expect(watcher.view).not.toBeNull();
    await watcher.leave();
  } finally {
    await second.close();
  }
});

test('each backup is a new dated file; an existing one is never overwritten', async () => {
  const dataDir = tempDir();
  const store = await openStore({ dataDir });
  await store.shutdown();
  const at = new Date('2026-11-28T14:30:05.123Z');
  expect(BACKUP_PREFIX).toBe('samurai-');
  expect(backupFileName(at)).toBe(`${BACKUP_PREFIX}2026-11-28T14-30-05Z.db`);
  const first = backupSqlite(path.join(dataDir, 'samurai.db'), path.join(dataDir, 'copies'), at);
  const size = fs.statSync(first).size;
  expect(() => backupSqlite(path.join(dataDir, 'samurai.db'), path.join(dataDir, 'copies'), at)).toThrow(/exists already/);
  expect(fs.statSync(first).size).toBe(size);
  const later = backupSqlite(path.join(dataDir, 'samurai.db'), path.join(dataDir, 'copies'), new Date(at.getTime() + 1000));
  expect(fs.readdirSync(path.join(dataDir, 'copies')).sort()).toEqual([path.basename(first), path.basename(later)]);
});

test('the command refuses, saying why and writing nothing, without a database or with Postgres configured', async () => {
  const empty = tempDir();
  const missing = await backupCommand({ DATA_DIR: empty });
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/^backup failed: there is no database at /);
  expect(missing.stderr).toContain(path.join(empty, 'samurai.db'));
  const postgres = await backupCommand({ DATA_DIR: empty, DATABASE_URL: 'postgres://samurai@localhost/samurai' });
  expect(postgres.code).toBe(1);
  expect(postgres.stderr).toMatch(/pg_dump/);
  expect(fs.readdirSync(empty)).toEqual([]);
});
