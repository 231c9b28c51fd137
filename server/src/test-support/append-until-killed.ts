/**
 * A child process for the store tests' kill -9: opens a store (argv: `sqlite <file>`,
 * `sqlite-group-commit <file>` or `postgres <url>`) and appends room KILLED's events one at a time, writing each seq to stdout
 * once its append has returned or resolved (stdout to a pipe is synchronous on Linux), until it
 * is killed.
 */
import type { GameStore } from '../store/game-store';
import { PostgresStore } from '../store/PostgresStore';
import { SqliteStore } from '../store/SqliteStore';
import { STORED_GAME } from './stored-game';

// Should the test process go first, this one goes too.
process.on('disconnect', () => process.exit(1));

async function main(): Promise<void> {
  const [kind, target] = process.argv.slice(2);
  const store: GameStore = kind === 'postgres' ? await PostgresStore.open(target) : new SqliteStore(target, { groupCommit: kind === 'sqlite-group-commit' });
  for (let seq = 1; ; seq++) {
    await store.append('KILLED', STORED_GAME, [{ seq, kind: seq === 1 ? 'table' : 'move', data: JSON.stringify({ seq }) }]);
    process.stdout.write(`${seq}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
