/**
 * The server's log: one line per event, and never more than the budget allows, so a client
 * that provokes errors cannot fill the disk or slow every room down by writing. Lines over
 * the budget are counted and reported in one line once writing is allowed again.
 */
export interface Log {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

type Level = keyof Log;

export interface LogBudget {
  /** Lines written at once before the budget bites. */
  readonly burst: number;
  readonly perSecond: number;
}

export const DEFAULT_LOG_BUDGET: LogBudget = { burst: 100, perSecond: 20 };

const LEVELS: readonly Level[] = ['error', 'warn', 'info'];

/** LOG_LEVEL (error, warn or info; info by default), read on each line so tests can set it. */
function enabled(level: Level): boolean {
  const wanted = LEVELS.indexOf((process.env.LOG_LEVEL ?? 'info') as Level);
  return LEVELS.indexOf(level) <= (wanted < 0 ? LEVELS.length : wanted);
}

export function rateLimitedLog(sink: Log = console, budget: LogBudget = DEFAULT_LOG_BUDGET, now: () => number = Date.now): Log {
  let tokens = budget.burst;
  let at = now();
  let suppressed = 0;
  const write = (level: Level, args: unknown[]) => {
    if (!enabled(level)) return;
    const t = now();
    tokens = Math.min(budget.burst, tokens + ((t - at) / 1000) * budget.perSecond);
    at = t;
    if (tokens < 1) {
      suppressed++;
      return;
    }
    tokens--;
    if (suppressed > 0) {
      sink.warn(`(${suppressed} log lines suppressed: over ${budget.perSecond} a second)`);
      suppressed = 0;
    }
    sink[level](...args);
  };
  return {
    info: (...args) => write('info', args),
    warn: (...args) => write('warn', args),
    error: (...args) => write('error', args),
  };
}

/** The process's log (Colyseus writes through it too). */
export const log: Log = rateLimitedLog({
  info: (...args) => console.log(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
});

/** An error in one line: what a refused connection or a client's mistake is worth. */
export function oneLine(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/\s+/g, ' ').slice(0, 300);
  return String(error).replace(/\s+/g, ' ').slice(0, 300);
}
