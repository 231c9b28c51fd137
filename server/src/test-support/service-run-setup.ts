/** Set up first in jest.config.js's service projects, so that test-run.ts knows the run. */
process.env.SAMURAI_TEST_RUN = 'services';

export {};
