/**
 * The image and the compose file, checked here since no Docker engine runs where the project is
 * developed and tested (docs/operations.md's Docker section says what else was run by hand): the process
 * that gets docker stop's SIGTERM is the server itself, as `npm run serve` runs it, under an init.
 */
import fs from 'node:fs';
import path from 'node:path';
import { productionNodeOptions } from '../bench/bench-server-control';

const REPO = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(REPO, file), 'utf8');
/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const instructions = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const named = (keyword: string) => instructions.filter((line) => line.split(/\s+/)[0].toUpperCase() === keyword);

test('two stages on a slim Node 24: a build, then one that copies the production dependencies only', () => {
  const base = /^ARG NODE_IMAGE=(\S+)$/.exec(named('ARG').find((line) => line.startsWith('ARG NODE_IMAGE='))!)![1];
  expect(base).toMatch(/^node:24(\.\d+)*-[a-z]+-slim$/);
  expect(named('FROM')).toEqual(['FROM ${NODE_IMAGE} AS build', 'FROM ${NODE_IMAGE}']);
  const last = instructions.slice(instructions.indexOf('FROM ${NODE_IMAGE}'));
  expect(last.filter((line) => /^COPY --from=build \S*node_modules/.test(line))).toEqual([]);
  expect(last).toContain('COPY --from=build /production_modules node_modules');
  expect(instructions.some((line) => /npm ci --omit=dev/.test(line) && line.includes('mv node_modules /production_modules'))).toBe(true);
});

test('the command is node with `npm run serve`’s options and entry, in exec form: no npm or shell to swallow SIGTERM', () => {
  expect(named('ENTRYPOINT')).toEqual([]);
  const commands = named('CMD');
  expect(commands).toHaveLength(1);
  const command = JSON.parse(commands[0].slice('CMD'.length)) as string[];
  const serve = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.serve;
  const entry = serve.split(/\s+/).at(-1)!;
  expect(command).toEqual(['node', ...productionNodeOptions(), entry]);
  expect(serve).toMatch(/^NODE_ENV=production node /);
  expect(instructions.find((line) => line.startsWith('ENV ') && line.includes('NODE_ENV=production'))).toBeDefined();
});

test('the game processes run under an init, with time to let their rooms go', () => {
  const compose = read('docker-compose.yml');
  const game = compose.slice(compose.indexOf('x-game: &game'), compose.indexOf('\nservices:'));
  expect(game).toMatch(/\n {2}init: true\n/);
  expect(game).toMatch(/\n {2}stop_grace_period: \d+s\n/);
  expect(compose).toContain('./deploy/nginx.conf.template:/etc/nginx/templates/default.conf.template:ro');
});

test('.dockerignore keeps secrets, data and every installed or built tree out of the build', () => {
  const ignored = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const entry of ['.env', '**/node_modules', 'build', 'client/dist', 'coverage', 'data', '.git', 'records', 'artifacts']) {
    expect(ignored).toContain(entry);
  }
});
