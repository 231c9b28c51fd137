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
    project('client'),
    // The command-line tools, run as a user runs them.
    project('tools', { testMatch: ['<rootDir>/**/*.test.ts'] }),
  ],
};
