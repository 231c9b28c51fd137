import { log } from '../log';

/** What ioredis 5 rejects a call with when Redis cannot be reached or does not answer in time. */
const UNREACHABLE = [/^Connection is closed\.$/, /^Stream isn't writeable/, /^Command timed out$/];
/** ioredis's own error classes for a call's failure (Redis answered with an error; retries ran out). */
const FAILURE_NAMES = ['MaxRetriesPerRequestError', 'ReplyError'];

/**
 * Whether `reason` is a Redis call's failure, as ioredis reports it: Redis unreachable or too slow,
 * or its answer an error. Not a TypeError thrown in a callback, nor an error that merely says the
 * same words: those of unreachability count only when made inside ioredis.
 */
export function isRedisCallFailure(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  if (FAILURE_NAMES.includes(reason.name)) return true;
  return UNREACHABLE.some((pattern) => pattern.test(reason.message)) && /[\\/]node_modules[\\/]ioredis[\\/]/.test(reason.stack ?? '');
}

/**
 * The process's answer to a promise rejected with nobody to handle it (`process.on('unhandledRejection')`).
 *
 * A Redis call's failure is logged, as an error, and the process goes on. Every call this server
 * and Colyseus make is guarded (GuardedRedisDriver, GuardedPresence, RedisCodeDirectory): one that
 * gets here comes from a path nobody guarded yet (a new Colyseus version's, say). Ending the process
 * for it would end every room on it, for a call whose failure changes nothing in the process: Redis
 * holds only what processes publish about themselves, and this process publishes all of it again
 * once Redis answers (RedisLink).
 *
 * Anything else is a bug whose consequences nobody knows: it ends the process, as Node does by
 * default (rethrown here, it becomes an uncaught exception: logged with its stack, exit code 1);
 * the rooms come back from the store when the process is started again. Uncaught exceptions are
 * left to Node for the same reason, Redis's included: ioredis throws only on misuse.
 */
export function onUnhandledRejection(reason: unknown): void {
  if (isRedisCallFailure(reason)) {
    log.error('a Redis call failed and nothing handled its failure (a path to guard: please report it); the process goes on', reason);
    return;
  }
  throw reason;
}
