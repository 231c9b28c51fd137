import { performance } from 'node:perf_hooks';
import type { GameStore } from '../src/store/game-store';

/** How long the store's appends took since the last ask, in µs. */
export interface AppendStats {
  readonly appends: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
}

/**
 * The store as the server uses it, each append timed as the room waits for it (a synchronous
 * store's append is the room's write; an asynchronous one's, until its promise settles or its
 * appendThen answers). The durations go into one preallocated array.
 */
export function timeAppends(store: GameStore): { store: GameStore; stats(): AppendStats } {
  const durations = new Float64Array(1 << 20);
  let count = 0;
  const note = (started: number) => {
    if (count < durations.length) durations[count++] = (performance.now() - started) * 1000;
  };
  const append = store.append.bind(store);
  store.append = (...args) => {
    const started = performance.now();
    const result = append(...args);
    if (result) return result.finally(() => note(started));
    note(started);
    return result;
  };
  const appendThen = store.appendThen?.bind(store);
  if (appendThen) {
    store.appendThen = (code, gameType, events, lease, done, extras) => {
      const started = performance.now();
      appendThen(
        code,
        gameType,
        events,
        lease,
        (error) => {
          note(started);
          done(error);
        },
        extras,
      );
    };
  }
  return {
    store,
    stats: () => {
      const sorted = durations.slice(0, count).sort();
      const at = (p: number) => (count === 0 ? NaN : sorted[Math.min(count - 1, Math.floor(p * count))]);
      const stats = { appends: count, p50Us: at(0.5), p99Us: at(0.99), maxUs: count === 0 ? NaN : sorted[count - 1] };
      count = 0;
      return stats;
    },
  };
}
