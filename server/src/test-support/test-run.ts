/**
 * Which of the two test commands this jest run belongs to (docs/testing.md): `npm test`, which
 * needs Node alone, or `npm run test:services`, the tests that need a service from Debian
 * (PostgreSQL, Redis, nginx) or real server processes to kill, freeze or replace. jest.config.js
 * names the files of the second kind; a file that holds tests of both kinds is in both runs and
 * declares each of its tests in one of them only, through `inUnitRun` and `inServiceRun`.
 */
// Set for the service projects' files by service-run-setup.ts, whether or not jest runs the others too.
export const SERVICE_RUN = process.env.SAMURAI_TEST_RUN === 'services';

const nothing = () => undefined;

/** `describe` or `test` as given in `npm test`; in `npm run test:services`, one that declares nothing. */
export const inUnitRun = <Declare>(declare: Declare): Declare => (SERVICE_RUN ? (nothing as Declare) : declare);

/** `describe` or `test` as given in `npm run test:services`; in `npm test`, one that declares nothing. */
export const inServiceRun = <Declare>(declare: Declare): Declare => (SERVICE_RUN ? declare : (nothing as Declare));
