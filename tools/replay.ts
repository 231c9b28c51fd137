/**
 * Verifies game records: `npm run -s replay -- FILE…`. One JSON line per file, with `ok` and the
 * recomputed result, or the first illegal step (turn, play, rule, message). Exit status 1 when
 * any record is invalid (2 when no file is given).
 */
import { readFileSync } from 'node:fs';
import { verifyRecord } from '@samurai/shared';
import { readArgs, usageError } from './cli';

const USAGE = 'npm run -s replay -- FILE…';
const { positionals: files } = readArgs({}, USAGE, true);
if (files.length === 0) usageError('name at least one record file', USAGE);

let invalid = 0;
for (const file of files) {
  let line: object;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    json = undefined;
    line = { file, ok: false, turn: null, play: null, rule: 'record/unreadable', message: (e as Error).message };
  }
  if (json !== undefined) {
    const check = verifyRecord(json);
    line = check.ok
      ? { file, ok: true, turns: check.record.turns.length, result: check.record.result }
      : { file, ok: false, turn: check.turn, play: check.play, rule: check.rule, message: check.message };
  }
  if (!(line! as { ok: boolean }).ok) invalid++;
  process.stdout.write(`${JSON.stringify(line!)}\n`);
}
process.exitCode = invalid > 0 ? 1 : 0;
