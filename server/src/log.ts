/**
 * The server's log: one JSON line per event (pino: `time`, `level`, `msg`, and `room` when the line
 * is about a room, `err` with its stack when it carries an error), or a short human-readable line
 * for development (LOG_FORMAT=pretty). Never more than the budget allows, so a client that provokes
 * errors cannot fill the disk or slow every room down by writing: lines over the budget are counted
 * and reported in one line once writing is allowed again. Info and debug lines go to stdout,
 * warnings and errors to stderr, through the console (so a test can catch or silence them).
 */
import { format } from 'node:util';
import pino from 'pino';

export interface Log {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  /** Nothing of ours; Colyseus writes some (its logger is this one). Off unless LOG_LEVEL=debug. */
  debug(...args: unknown[]): void;
}

/** LOG_LEVEL: each level writes its lines and those of the levels before it. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_FORMAT: JSON lines (production), or lines for a person at a terminal (development). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogBudget {
  /** Lines written at once before the budget bites. */
  readonly burst: number;
  readonly perSecond: number;
}

export const DEFAULT_LOG_BUDGET: LogBudget = { burst: 100, perSecond: 20 };

let threshold: LogLevel = 'info';

/** The level lines are written from, and how they look (main.ts sets both from the configuration). */
export function configureLog(settings: { readonly level?: LogLevel; readonly format?: LogFormat }): void {
  if (settings.level) threshold = settings.level;
  if (settings.format) sink = pinoLog(settings.format);
}

export function logLevel(): LogLevel {
  return threshold;
}

function enabled(level: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(threshold);
}

export function rateLimitedLog(sink: Log, budget: LogBudget = DEFAULT_LOG_BUDGET, now: () => number = Date.now): Log {
  let tokens = budget.burst;
  let at = now();
  let suppressed = 0;
  const write = (level: LogLevel, args: unknown[]) => {
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
    error: (...args) => write('error', args),
    warn: (...args) => write('warn', args),
    info: (...args) => write('info', args),
    debug: (...args) => write('debug', args),
  };
}

/**
 * A line about a room starts with `room <code>: ` (every call site writes it so): the code is also
 * put in the line's `room` field, so a room's lines can be found without parsing messages.
 */
const ABOUT_A_ROOM = /^room ([^\s:]{1,40}): /;

/** The fields and message of a line from console-style arguments: the first Error goes to `err`, the rest into `msg`. */
export function logEntry(args: readonly unknown[]): { fields: { room?: string; err?: Error }; msg: string } {
  let err: Error | undefined;
  const rest: unknown[] = [];
  for (const arg of args) {
    if (err === undefined && arg instanceof Error) err = arg;
    else rest.push(arg);
  }
  const msg = format(...rest);
  const room = ABOUT_A_ROOM.exec(msg)?.[1];
  return { fields: { ...(room !== undefined ? { room } : {}), ...(err !== undefined ? { err } : {}) }, msg };
}

/** Where pino's lines go: the console method of their level (pino tells the level through its metadata). */
function consoleDestination(shape: (line: string) => string): pino.DestinationStream {
  const destination = {
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line: string): void {
      const text = shape(line);
      if (destination.lastLevel >= pino.levels.values.error) console.error(text);
      else if (destination.lastLevel >= pino.levels.values.warn) console.warn(text);
      else console.log(text);
    },
  };
  return destination;
}

/** `12:34:56.789 WARN  room ABC123: …`, then the error's stack if there is one. */
export function prettyLine(json: string): string {
  const line = JSON.parse(json) as { time?: string; level?: string; msg?: string; err?: { stack?: string; message?: string } };
  const time = typeof line.time === 'string' ? line.time.slice(11, 23) : '';
  const error = line.err ? `\n${line.err.stack ?? line.err.message ?? ''}` : '';
  return `${time} ${String(line.level ?? '')
    .toUpperCase()
    .padEnd(5)} ${line.msg ?? ''}${error}`;
}

function pinoLog(logFormat: LogFormat): Log {
  const logger = pino(
    {
      // Levels are filtered before the budget (rateLimitedLog), not by pino.
      level: 'debug',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    consoleDestination(logFormat === 'json' ? (line) => line.trimEnd() : prettyLine),
  );
  const at =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      const { fields, msg } = logEntry(args);
      logger[level](fields, msg);
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

let sink = pinoLog('json');

/** The process's log (Colyseus writes through it too). */
export const log: Log = rateLimitedLog({
  error: (...args) => sink.error(...args),
  warn: (...args) => sink.warn(...args),
  info: (...args) => sink.info(...args),
  debug: (...args) => sink.debug(...args),
});

/**
 * What the process as a whole does (it listens, it stops): an info line written whatever LOG_LEVEL
 * says and outside the budget, since an operator always needs these few lines.
 */
export function announce(...args: unknown[]): void {
  sink.info(...args);
}

/** An error in one line: what a refused connection or a client's mistake is worth. */
export function oneLine(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/\s+/g, ' ').slice(0, 300);
  return String(error).replace(/\s+/g, ' ').slice(0, 300);
}
