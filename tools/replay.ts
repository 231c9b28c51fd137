/**
 * Verifies game records: `npm run -s replay -- FILE…`, Samurai and Mangoku mixed. Each record's
 * game is read from its `format` (samurai-record/1 or mangoku-record/1). One JSON line per file,
 * with `ok` and the recomputed result, or the first illegal step (Samurai: turn and play;
 * Mangoku: campaign, turn and play) with its rule and message. Exit status 1 when any record is
 * invalid (2 when no file is given).
 */
import { readFileSync } from 'node:fs';
import { mangoku, verifyRecord } from '@samurai/shared';
import { GameName, readArgs, usageError } from './cli';

const USAGE = 'npm run -s replay -- FILE…';
const { positionals: files } = readArgs({}, USAGE, true);
if (files.length === 0) usageError('name at least one record file', USAGE);

const FORMATS: Readonly<Record<string, GameName>> = { 'samurai-record/1': 'samurai', [mangoku.RECORD_FORMAT]: 'mangoku' };

/** The line printed for one record (`file` aside). */
function check(json: unknown): { ok: boolean } & Record<string, unknown> {
  const format = json && typeof json === 'object' ? (json as { format?: unknown }).format : undefined;
  const game = typeof format === 'string' && Object.hasOwn(FORMATS, format) ? FORMATS[format] : null;
  if (game === 'mangoku') {
    const checked = mangoku.verifyRecord(json);
    if (checked.ok) {
      const { record } = checked;
      return { game, ok: true, campaigns: record.campaigns.length, turns: record.campaigns.reduce((n, c) => n + c.turns.length, 0), result: record.result };
    }
    const { campaign, turn, play, rule, message } = checked;
    return { game, ok: false, campaign, turn, play, rule, message };
  }
  if (game === null) {
    const known = Object.keys(FORMATS).join(' or ');
    return { game, ok: false, turn: null, play: null, rule: 'record/shape', message: `format: ${JSON.stringify(format ?? null)} is not a record format this tool knows (${known})` };
  }
  const checked = verifyRecord(json);
  return checked.ok
    ? { game, ok: true, turns: checked.record.turns.length, result: checked.record.result }
    : { game, ok: false, turn: checked.turn, play: checked.play, rule: checked.rule, message: checked.message };
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
