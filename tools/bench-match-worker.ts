/** A thread of a bench match (bench-match.ts): plays its share of the games and posts each result. */
import { parentPort, workerData } from 'node:worker_threads';
import { MatchOptions, playShare } from './bench-match';

const { options, first, step } = workerData as { options: MatchOptions; first: number; step: number };
playShare(options, first, step, (result) => parentPort!.postMessage(result));
