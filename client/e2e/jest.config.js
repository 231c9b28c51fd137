/**
 * Browser tests: the real server and the built client, driven in Debian's Chromium through
 * playwright-core. `npm run test:browser` builds the client first.
 */
module.exports = {
  rootDir: __dirname,
  displayName: 'browser',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: `${__dirname}/../tsconfig.json` }] },
  testTimeout: 240_000,
  maxWorkers: 1,
};
