import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { typescriptChild } from '../test-support/typescript-child';
import { ConfigurationError, ENVIRONMENT_VARIABLES, readEnvironment } from './environment';

const REPO = path.join(__dirname, '..', '..', '..');

/** The problems the schema finds in `env`, one line each ([] when it accepts it). */
function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    readEnvironment(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
}

describe('the environment', () => {
  it('has a default for every setting that needs one; an empty value counts as unset', () => {
    const env = readEnvironment({ PORT: '', LOG_LEVEL: '' });
    expect(env).toMatchObject({
      PORT: 2567,
      LOG_LEVEL: 'info',
      DATA_DIR: 'data',
      RECORD_TTL_DAYS: 30,
      BOT_DELAY_MS: 600,
      EMPTY_ROOM_TTL_MS: 600_000,
      TRUST_PROXY: 0,
      ALLOWED_ORIGINS: [],
      INTERNAL_ADDRESSES: [],
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MAX_ROOMS).toBeUndefined();
  });

  it('reads each setting as what it means', () => {
    const env = readEnvironment({
      PORT: '8080',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      ALLOWED_ORIGINS: 'http://localhost:5173',
      INTERNAL_ADDRESSES: 'loopback',
      REDIS_URL: 'redis://redis:6379',
      PUBLIC_ADDRESS: 'games.example.org/a',
      DATABASE_URL: 'postgresql://u:p@db/games',
      MAX_ROOMS: '500',
      REFUSAL_DELAY_MS: '0',
      LOG_FORMAT: 'pretty',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: ['loopback', '10.0.0.0/8'],
      ALLOWED_ORIGINS: ['http://localhost:5173'],
      INTERNAL_ADDRESSES: ['loopback'],
      PUBLIC_ADDRESS: 'games.example.org/a',
      MAX_ROOMS: 500,
      REFUSAL_DELAY_MS: 0,
      LOG_FORMAT: 'pretty',
    });
    expect(readEnvironment({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it.each([
    [{ PORT: 'http' }, /^PORT must be a whole number from 0 to 65535 \(it is "http"\)$/],
    [{ PORT: '65536' }, /^PORT must be a whole number from 0 to 65535/],
    [{ BOT_DELAY_MS: '-1' }, /^BOT_DELAY_MS must be a whole number ≥ 0 \(it is "-1"\)$/],
    [{ CONNECTIONS_PER_ADDRESS: '1e3' }, /^CONNECTIONS_PER_ADDRESS must be a whole number ≥ 0/],
    [{ MAX_ROOMS: '0' }, /^MAX_ROOMS must be a whole number ≥ 1/],
    [{ RECORD_TTL_DAYS: '1.5' }, /^RECORD_TTL_DAYS must be a whole number ≥ 1/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of error, warn, info, debug \(it is "verbose"\)$/],
    [{ LOG_FORMAT: 'text' }, /^LOG_FORMAT must be one of json, pretty/],
    [{ TRUST_PROXY: 'my-proxy' }, /^TRUST_PROXY must be a hop count, or addresses, subnets .*: invalid IP address: my-proxy/],
    [{ INTERNAL_ADDRESSES: '10.0.0.0/33' }, /^INTERNAL_ADDRESSES must be addresses, subnets/],
    [{ ALLOWED_ORIGINS: 'localhost:5173' }, /^ALLOWED_ORIGINS must be origins \(scheme:\/\/host\[:port\]\), comma-separated/],
    [{ PUBLIC_ADDRESS: 'http://games.example.org' }, /^PUBLIC_ADDRESS must be host:port, or host\/path/],
    [{ REDIS_URL: 'redis://redis:6379' }, /^PUBLIC_ADDRESS must be set with REDIS_URL/],
    [{ REDIS_URL: 'localhost:6379', PUBLIC_ADDRESS: 'localhost:2567' }, /^REDIS_URL must be a URL starting redis:\/\/ or rediss:\/\/ \(its value not shown\)$/],
  ])('refuses %j, naming the variable and what it accepts', (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('names every wrong variable at once, and never repeats a URL that may hold a password', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'mysql://games:hunter2@db/games', SOCKETS_PER_ADDRESS: 'lots' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'DATABASE_URL', 'SOCKETS_PER_ADDRESS']);
    expect(problems[1]).toBe('DATABASE_URL must be a URL starting postgres:// or postgresql:// (its value not shown)');
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('is documented in one table of docs/configuration.md and in .env.example, variable for variable, and .env.example is valid', () => {
    const doc = fs.readFileSync(path.join(REPO, 'docs', 'configuration.md'), 'utf8');
    const table = doc.slice(0, doc.indexOf('## Metrics'));
    const documented = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(ENVIRONMENT_VARIABLES);
    const example = fs.readFileSync(path.join(REPO, '.env.example'), 'utf8');
    const entries = [...example.matchAll(/^([A-Z_]+)=(.*)$/gm)];
    expect(entries.map((m) => m[1])).toEqual(ENVIRONMENT_VARIABLES);
    expect(problemsOf(Object.fromEntries(entries.map((m) => [m[1], m[2]])))).toEqual([]);
  });

  it('is read in one place: no server source but main.ts and the backup command reads process.env', () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(file);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
      });
    const readers = sources(path.join(REPO, 'server', 'src'))
      .filter((file) => /process\.env\b/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO, file));
    expect(readers.sort()).toEqual(['server/src/backup/backup-main.ts', 'server/src/main.ts']);
  });
});

describe('a server started with a wrong value', () => {
  jest.setTimeout(60_000);

  it('exits with code 1 and a line naming each wrong variable, having opened nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-config-'));
    try {
      const child = typescriptChild();
      const env = {
        ...child.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        NODE_ENV: 'production',
        LOG_FORMAT: '',
        PORT: '80 80',
        TRUST_PROXY: 'nginx',
      };
      const outcome = await promisify(execFile)(process.execPath, [...child.execArgv, path.join(__dirname, '..', 'main.ts')], { env, timeout: 50_000 }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(outcome.code).toBe(1);
      const messages = outcome.stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: string; msg: string });
      expect(messages).toEqual(
        [
          { level: 'error', msg: expect.stringMatching(/^configuration: PORT must be a whole number from 0 to 65535 \(it is "80 80"\)$/) },
          { level: 'error', msg: expect.stringMatching(/^configuration: TRUST_PROXY must be a hop count, or addresses/) },
          { level: 'error', msg: 'the server does not start: the configuration is not valid (docs/configuration.md lists every variable)' },
        ].map((expected) => expect.objectContaining(expected)),
      );
      // Nothing was opened: no database made.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
