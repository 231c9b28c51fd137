import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** How long the event loop was held up (a move waiting behind other work), and by GC, since the last ask. */
export interface LoopStats {
  readonly delayP99Ms: number;
  readonly delayMaxMs: number;
  readonly gcMaxMs: number;
  readonly gcTotalMs: number;
}

/** Watches this process's event loop and collector from now on; each call of the result reports and starts again. */
export function watchLoop(): () => LoopStats {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  let gcPauses: number[] = [];
  new PerformanceObserver((list) => gcPauses.push(...list.getEntries().map((e) => e.duration))).observe({ entryTypes: ['gc'] });
  return () => {
    const stats = {
      delayP99Ms: loopDelay.percentile(99) / 1e6,
      delayMaxMs: loopDelay.max / 1e6,
      gcMaxMs: Math.max(0, ...gcPauses),
      gcTotalMs: gcPauses.reduce((sum, d) => sum + d, 0),
    };
    loopDelay.reset();
    gcPauses = [];
    return stats;
  };
}
