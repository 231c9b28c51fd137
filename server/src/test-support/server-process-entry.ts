/**
 * The child of server-process.ts. It loads the server's modules first (tsx compiling them is
 * most of a start's time, which a deploy of compiled code does not pay), tells its parent, and on
 * the word runs main.ts, the production entry, with the environment it is given then. A restart
 * after a kill then costs what the server's own start costs: opening the store, restoring rooms.
 */
import '../start-server';
import '../store/open-store';

process.once('message', (message: { env: Record<string, string> }) => {
  Object.assign(process.env, message.env);
  // Loaded only now, once the environment it reads at load time is set (an import would load it first).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../main');
});
process.send!({ loaded: true });
