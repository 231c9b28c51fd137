/**
 * `npm run backup` (after a build; in the image: `node build/src/backup/backup-main.js`): copies the
 * embedded SQLite database, DATA_DIR/samurai.db, into DATA_DIR/backups (or the directory given as
 * the first argument), named by the UTC time (backupFileName), safely while the server runs. docs/operations.md says how
 * to restore one. With DATABASE_URL (Postgres) it refuses: pg_dump backs up Postgres.
 */
import path from 'node:path';
import { environmentVariables, readEnvironment } from '../config/environment';
import { backupSqlite } from './sqlite-backup';

function main(): void {
  const env = readEnvironment(process.env, environmentVariables.pick({ DATA_DIR: true, DATABASE_URL: true }));
  if (env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: the rooms are in Postgres, which pg_dump backs up (see docs/operations.md); this command copies the embedded SQLite database',
    );
  }
  const dataDir = env.DATA_DIR;
  const directory = process.argv[2] ?? path.join(dataDir, 'backups');
  const written = backupSqlite(path.join(dataDir, 'samurai.db'), directory);
  console.log(written);
}

try {
  main();
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
