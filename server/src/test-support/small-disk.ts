import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A full disk, for real: SQLite's data directory on a small tmpfs, filled to the last byte and
 * freed again. The tmpfs lives in a mount namespace of its own (`unshare -rm`: no root needed),
 * held either by the server process itself (server-process.ts's `ownTmpfs`: it goes with the
 * process) or by a process that only holds it (`startSmallDisk`: server processes enter it, so
 * the data outlives a kill -9 and the next process finds it).
 */

/**
 * Runs a few lines of JavaScript on the data directory `dir` as the server sees it (argv:
 * better-sqlite3, the directory, `args`): here (`pid` null), or inside the mount namespace of
 * process `pid` (SQLite, given /proc/<pid>/root/…, would resolve it to the directory outside).
 * It blocks this process: an in-process server writes nothing meanwhile. Answers what it printed.
 */
export function runOnData(pid: number | null, dir: string, code: string, ...args: string[]): string {
  const node = [process.execPath, '-e', code, '--', require.resolve('better-sqlite3'), dir, ...args];
  return pid === null
    ? execFileSync(node[0], node.slice(1), { encoding: 'utf8' })
    : execFileSync('nsenter', ['-t', String(pid), '-U', '-m', '--preserve-credentials', ...node], { encoding: 'utf8' });
}

const PRELUDE = "const Database = require(process.argv[1]); const fs = require('fs'); const path = require('path'); const dir = process.argv[2];";

/**
 * The WAL folded into the database file and emptied, then the disk filled to the last byte (in
 * one go: the server has nothing to write in between). Else SQLite writes on in the WAL's old
 * room for a while after the disk is full, and only some writes fail.
 */
export const FILL_UP = `${PRELUDE}
  const db = new Database(path.join(dir, 'samurai.db'), { fileMustExist: true });
  const [{ busy }] = db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  if (busy) throw new Error('the WAL could not be emptied');
  const fd = fs.openSync(path.join(dir, 'filler'), 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try { for (;;) fs.writeSync(fd, chunk); } catch (error) {
    if (error.code !== 'ENOSPC') throw error;
    try { for (;;) fs.writeSync(fd, chunk, 0, 512); } catch { /* full, to the byte */ }
  }
  fs.closeSync(fd);`;

/** The filler of FILL_UP removed: room again. */
export const FREE = `${PRELUDE} fs.rmSync(path.join(dir, 'filler'), { force: true });`;

/** Prints the seqs of room argv[3]'s stored log, in order, as JSON. */
export const LOG_SEQS = `${PRELUDE}
  const db = new Database(path.join(dir, 'samurai.db'), { readonly: true, fileMustExist: true });
  console.log(JSON.stringify(db.prepare('SELECT seq FROM events WHERE code = ? ORDER BY seq').pluck().all(process.argv[3])));
  db.close();`;

export interface SmallDisk {
  /** The tmpfs's mount point, the same path inside the namespace as the empty directory outside. */
  readonly dir: string;
  /** The process holding the namespace: give it to server processes (`namespaceOf`) and to runOnData. */
  readonly holder: number;
  /** Fills it to the last byte (FILL_UP). */
  fill(): void;
  /** Frees it again (FREE). */
  free(): void;
  /** Ends the holder (the tmpfs and everything on it go) and removes the directory. */
  stop(): Promise<void>;
}

/** A tmpfs of `size` (`16m`) in a mount namespace held by a process of its own, until `stop()`. */
export async function startSmallDisk(size: string): Promise<SmallDisk> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-small-disk-'));
  // unshare and sh exec into one another: the holder's pid is the child's.
  const child: ChildProcess = spawn(
    'unshare',
    ['-rm', '--', 'sh', '-c', 'mount -t tmpfs -o "size=$0" tmpfs "$1" && echo mounted && exec sleep infinity', size, dir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const removeAll = () => child.kill('SIGKILL');
  process.once('exit', removeAll);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('mounted')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`no tmpfs of ${size} (unshare -rm, then mount): exit ${code}\n${output}`)));
  });
  const holder = child.pid!;
  return {
    dir,
    holder,
    fill: () => void runOnData(holder, dir, FILL_UP),
    free: () => void runOnData(holder, dir, FREE),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      }
      process.removeListener('exit', removeAll);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
