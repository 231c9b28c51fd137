/** One jest run for the whole repository: a project per workspace, TypeScript through ts-jest. */
const project = (name, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Type checking is `npm run typecheck`; here each file is only transpiled (isolatedModules).
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: `<rootDir>/tsconfig.json` }] },
  ...extra,
});

module.exports = {
  projects: [
    project('shared'),
    project('server'),
    // Every language is loaded on demand, English too: the client's tests load it first.
    project('client', { setupFilesAfterEnv: ['<rootDir>/src/i18n/english-in-tests.ts'] }),
    // The command-line tools, run as a user runs them.
    project('tools', { testMatch: ['<rootDir>/**/*.test.ts'] }),
  ],
};
