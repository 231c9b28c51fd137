/** A bot thread (BotPool): thinks one task at a time and posts the move, or why there is none. */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { think, ThinkTask } from './think';

parentPort!.on('message', (task: ThinkTask) => {
  try {
    parentPort!.postMessage({ move: think(task, () => performance.now()) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
