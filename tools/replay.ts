/**
 * Verifies game records: `npm run -s replay -- FILE…`, any games' mixed. Each record's game is
 * read from its `format` (each game's, games/registry.ts), and it is verified by the game's
 * contract (its `verifyRecord`). One JSON line per file, with `ok` and
 * the recomputed result, or the first illegal step with its rule and message (as the game words
 * it). Exit status 1 when any record is invalid (2 when no file is given).
 */
import { readFileSync } from 'node:fs';
import { readArgs, usageError } from './cli';
import { TOOL_GAMES } from './games/registry';

const USAGE = 'npm run -s replay -- FILE…';
const { positionals: files } = readArgs({}, USAGE, true);
if (files.length === 0) usageError('name at least one record file', USAGE);

/** The line printed for one record (`file` aside). */
function check(json: unknown): { ok: boolean } & Record<string, unknown> {
  const format = json && typeof json === 'object' ? (json as { format?: unknown }).format : undefined;
  const game = TOOL_GAMES.find((g) => g.replay.format === format);
  if (game) return { game: game.contract.name, ...game.replay.line(game.contract.verifyRecord(json)) };
  const known = TOOL_GAMES.map((g) => g.replay.format).join(' or ');
  return {
    game: null,
    ok: false,
    turn: null,
    play: null,
    rule: 'record/shape',
    message: `format: ${JSON.stringify(format ?? null)} is not a record format this tool knows (${known})`,
  };
}

let invalid = 0;
for (const file of files) {
  let line: { ok: boolean } & Record<string, unknown>;
  try {
    line = check(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    if (!(e instanceof SyntaxError) && (e as NodeJS.ErrnoException).code === undefined) throw e;
    line = { game: null, ok: false, turn: null, play: null, rule: 'record/unreadable', message: (e as Error).message };
  }
  if (!line.ok) invalid++;
  process.stdout.write(`${JSON.stringify({ file, ...line })}\n`);
}
process.exitCode = invalid > 0 ? 1 : 0;
