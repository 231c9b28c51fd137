/**
 * Which tracked files outside the games' folders name a game: the figure that says whether adding
 * a game is a folder per side plus a registry line (`npm run -s game-names` lists them).
 *
 * The games are the folders of shared/src/games. A game's own places, not counted: its folder on
 * each side (shared|server|client/src/games/<game>/), its tools (tools/games/<game>/), its browser
 * tests (client/e2e/<game>/), and the documents (docs/, Markdown, LICENSE). A file names a game
 * when a game's name appears in it, in any case, once the project's own name is taken out: the
 * project may share its name with a game (package.json's name up to its first dash), and that
 * name is the project's in the npm scope @<name>/…, the package itself, <NAME>_* variables,
 * <name>_* metrics, <name>.db, the browser's <name>.<key> storage keys (language, seatToken,
 * profile, alerts, watching, over, lookups, yourGames, and a draft's <name>.<draft>.<room>), <name>:…
 * Redis keys, <name>-…- prefixes of temporary folders and backups, <name>-ci caches, and the
 * database and its user.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

const PACKAGE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;
/** The project's own name: read here, so that this file names no game. */
const PROJECT = PACKAGE.split('-')[0];

/** The project's own name where it is not a game's (see above). */
const PROJECT_NAME = [
  String.raw`@${PROJECT}\/`,
  PACKAGE,
  String.raw`\b${PROJECT.toUpperCase()}_\w+`,
  String.raw`\b${PROJECT}_\w+`,
  String.raw`${PROJECT}\.(db|language|seatToken|profile|alerts|watching|over|lookups|yourGames)\b`,
  String.raw`\b${PROJECT}\.(\$\{|<)`,
  String.raw`\b${PROJECT}\.hand\.[A-Z0-9]+\b`,
  String.raw`\b${PROJECT}:`,
  String.raw`\b${PROJECT}(-[a-z]+)*-(?=['"\`$])`,
  String.raw`${PROJECT}-ci\b`,
  String.raw`postgres:\/\/${PROJECT}@[\w.:]+\/${PROJECT}\b`,
  String.raw`\bPOSTGRES_\w+: ${PROJECT}\b`,
  String.raw`'-U', '${PROJECT}'`,
  String.raw`\bUSER = '${PROJECT}'`,
].map((source) => new RegExp(source, 'g'));

export const gameNames = (): string[] =>
  readdirSync(join(ROOT, 'shared/src/games'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Whether `file` (relative to the repository) is one of a game's own places, or a document. */
export function isGamesOwn(file: string, games: readonly string[]): boolean {
  const [top, second, third, fourth] = file.split('/');
  if (top === 'docs' || file.endsWith('.md') || file === 'LICENSE') return true;
  if (
    ['shared', 'server', 'client'].includes(top) &&
    second === 'src' &&
    third === 'games' &&
    fourth !== undefined &&
    games.includes(fourth) &&
    file.split('/').length > 4
  )
    return true;
  if (top === 'tools' && second === 'games' && games.includes(third) && fourth !== undefined) return true;
  return top === 'client' && second === 'e2e' && games.includes(third) && fourth !== undefined;
}

/** Whether `text` names one of `games` (the project's own name aside). */
export function namesAGame(text: string, games: readonly string[]): boolean {
  const plain = PROJECT_NAME.reduce((t, name) => t.replace(name, ''), text);
  return new RegExp(games.join('|'), 'i').test(plain);
}

/** The tracked files outside the games' own places that name a game, sorted. */
export function filesNamingAGame(): string[] {
  const games = gameNames();
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((f) => f !== '');
  return tracked.filter((file) => !isGamesOwn(file, games) && namesAGame(readTracked(file), games)).sort();
}

/** A tracked file's text ('' when the work tree lacks it, as a deletion not yet committed). */
function readTracked(file: string): string {
  try {
    return readFileSync(join(ROOT, file), 'utf8');
  } catch {
    return '';
  }
}

if (require.main === module || process.argv[1]?.endsWith('game-names.ts')) {
  const files = filesNamingAGame();
  process.stdout.write(`${JSON.stringify({ count: files.length, files })}\n`);
}
