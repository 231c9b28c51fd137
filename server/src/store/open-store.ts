import fs from 'node:fs';
import path from 'node:path';
import type { GameStore } from './game-store';
import { PostgresStore } from './PostgresStore';
import { SqliteStore, SqliteStoreOptions } from './SqliteStore';

export interface OpenStoreOptions {
  /** DATABASE_URL: a Postgres connection string. Unset or empty: the embedded SQLite file. */
  readonly databaseUrl?: string;
  /** DATA_DIR: the SQLite file is `${dataDir}/samurai.db` (the directory is created). */
  readonly dataDir: string;
  /** SQLite only: 'FULL' to survive power loss too, at an fsync per append (see SqliteStoreOptions). */
  readonly synchronous?: SqliteStoreOptions['synchronous'];
}

/** The store the server keeps its rooms in, its schema migrated to this version. */
export async function openStore(options: OpenStoreOptions): Promise<GameStore> {
  if (options.databaseUrl) return PostgresStore.open(options.databaseUrl);
  fs.mkdirSync(options.dataDir, { recursive: true });
  return new SqliteStore(path.join(options.dataDir, 'samurai.db'), { synchronous: options.synchronous, groupCommit: true });
}
