/**
 * One jest config for the whole repository: a project per workspace, TypeScript through ts-jest,
 * and two projects more for the service tests: those that need a service from Debian (PostgreSQL,
 * Redis, nginx) or real server processes to kill, freeze or replace. SAMURAI_TEST_RUN picks them:
 * `unit` the workspaces' projects, which need Node alone (`npm test`), `services` the other two
 * (`npm run test:services`); unset, all of them, so that `npx jest FILE` finds any file.
 */
const os = require('node:os');

const RUNS = ['unit', 'services'];
const run = process.env.SAMURAI_TEST_RUN;
if (run !== undefined && !RUNS.includes(run)) throw new Error(`SAMURAI_TEST_RUN must be one of ${RUNS.join(', ')}, or unset for both`);

/**
 * The service tests' files, by workspace. `only`: every test of the file is a service test. `also`:
 * the file holds both kinds, is in both runs, and declares each test in one of them
 * (server/src/test-support/test-run.ts).
 */
const SERVICE_TESTS = {
  server: {
    only: [
      'src/crash.test.ts',
      'src/storage-faults.test.ts',
      'src/cluster/cluster.test.ts',
      'src/cluster/redis-outage.test.ts',
      'src/http/nginx-template.test.ts',
      'src/http/behind-nginx.test.ts',
    ],
    also: [
      'src/store/store-contract.test.ts',
      'src/store/migrations.test.ts',
      'src/http/health.test.ts',
      'src/cluster/GuardedRedisDriver.test.ts',
      'src/cluster/redis-failures.test.ts',
      'src/cluster/code-directories.test.ts',
    ],
  },
  client: { only: ['src/table/Connection.test.ts'], also: [] },
};

const escapeRegExp = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const project = (name, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(SERVICE_TESTS[name]?.only ?? []).map((file) => `<rootDir>/${escapeRegExp(file)}$`)],
  // Type checking is `npm run typecheck`; here each file is only transpiled (isolatedModules).
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: `<rootDir>/tsconfig.json` }] },
  ...extra,
});

const services = (workspace, extra = {}) =>
  project(workspace, {
    displayName: `${workspace}-services`,
    testMatch: [...SERVICE_TESTS[workspace].only, ...SERVICE_TESTS[workspace].also].map((file) => `<rootDir>/${file}`),
    testPathIgnorePatterns: ['/node_modules/'],
    setupFiles: ['<rootDir>/../server/src/test-support/service-run-setup.ts'],
    ...extra,
  });

// Every language is loaded on demand, English too: the client's tests load it first.
const english = { setupFilesAfterEnv: ['<rootDir>/src/i18n/english-in-tests.ts'] };

module.exports = {
  // Jest's default is one worker fewer than the cores: one on a 2-core machine, where the tests
  // would leave the second core idle. Many wait on sockets and timers: in one worker, the suite's
  // CPU time was 40% of its wall time.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  projects: [
    ...(run === 'services'
      ? []
      : [
          project('shared'),
          project('server'),
          project('client', english),
          // The command-line tools, run in process as a user runs them (tools/run-tool.ts).
          project('tools', { testMatch: ['<rootDir>/**/*.test.ts'] }),
        ]),
    ...(run === 'unit' ? [] : [services('server'), services('client', english)]),
  ],
};
