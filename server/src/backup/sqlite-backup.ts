import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** The project's name, which every backup's file name starts with. */
export const BACKUP_PREFIX = 'samurai-';

/** The backup of a moment: the prefix, then the UTC time, 2026-11-28T14-30-05Z.db (sortable, no colons). */
export function backupFileName(now: Date): string {
  return `${BACKUP_PREFIX}${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.db`;
}

/**
 * Copies the SQLite database `databaseFile` into `directory` as a dated file and answers its path.
 * `VACUUM INTO` writes one transaction's consistent view of the database (the WAL's committed
 * pages included) as a new, compact file, while the server goes on reading and writing: in WAL
 * mode a reader blocks no writer. The copy is written under a temporary name, checked, then
 * renamed, so a backup file that exists is whole.
 */
export function backupSqlite(databaseFile: string, directory: string, now = new Date()): string {
  if (!fs.existsSync(databaseFile)) throw new Error(`there is no database at ${databaseFile} (is DATA_DIR right?)`);
  fs.mkdirSync(directory, { recursive: true });
  const target = path.join(directory, backupFileName(now));
  if (fs.existsSync(target)) throw new Error(`${target} exists already`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const source = new Database(databaseFile, { fileMustExist: true });
  try {
    // The server may hold the write lock for a moment (a turn's commit): wait for it, not fail.
    source.pragma('busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  const copy = new Database(partial, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  fs.renameSync(partial, target);
  return target;
}
