/**
 * The thread SqliteThreadStore runs its SqliteStore in: it opens the file, answers each call
 * in the order the calls came, and writes the appends that arrive together in one transaction
 * (SqliteStore's group commit, on this thread's event loop).
 */
import { parentPort } from 'node:worker_threads';
import { SqliteStore } from './SqliteStore';
import { OpenMessage, serializeStoreError, StoreCall, StoreReply, ThreadAppend } from './sqlite-thread-protocol';

const port = parentPort!;

let store: SqliteStore | null = null;

/** The first message says which file to open (the thread may have been started ahead: prepareStoreThread). */
function open({ file, options }: OpenMessage): void {
  try {
    store = new SqliteStore(file, { ...options, groupCommit: true });
    port.postMessage({ opened: true });
  } catch (error) {
    port.postMessage({ failed: serializeStoreError(error) });
    process.exit(0);
  }
}

/** A turn's appends: each refused or written on its own (an answer per append, in order). */
async function appendAll(appends: readonly ThreadAppend[]): Promise<(StoreReply['error'] | null)[]> {
  const outcomes = await Promise.allSettled(appends.map((a) => store!.append(a.code, a.gameType, a.events, a.lease)));
  return outcomes.map((o) => (o.status === 'fulfilled' ? null : serializeStoreError(o.reason)));
}

/** The answer to the last call: answers go back in the order of the calls (a shutdown's after every append's). */
let answered: Promise<void> = Promise.resolve();

port.on('message', (message: OpenMessage | StoreCall) => {
  if (!store) return open(message as OpenMessage);
  const call = message as StoreCall;
  let result: unknown;
  try {
    // Made at once, in the order the calls came: that is the order SqliteStore writes in.
    result =
      call.method === 'appendAll'
        ? appendAll(call.args[0] as ThreadAppend[])
        : (store[call.method] as (...args: unknown[]) => unknown).apply(store, call.args as unknown[]);
  } catch (error) {
    result = Promise.reject(error);
  }
  const settled = Promise.resolve(result);
  // Handled below once the answers before it are out; marked handled now, so a refusal that
  // comes first is not taken for an unhandled rejection (which would end the thread).
  settled.catch(() => undefined);
  answered = answered
    .then(() => settled)
    .then(
      (value) => port.postMessage({ id: call.id, value } satisfies StoreReply),
      (error: unknown) => port.postMessage({ id: call.id, error: serializeStoreError(error) } satisfies StoreReply),
    );
});

// Loaded: the thread waits for the file to open.
port.postMessage({ loaded: true });
