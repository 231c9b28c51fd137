import type { ServerLimits } from '../limits/server-limits';
import { configureLog, LOG_LEVELS } from '../log';
import { RunningServer, ServerOptions, startServer } from '../start-server';
import { DEFAULT_TABLE_LIMITS, TableLimits } from '../table/room-config';

// Refused joins and closed sockets are routine in tests: keep the log to warnings and errors
// (LOG_LEVEL=info npx jest … to see more).
configureLog({ level: LOG_LEVELS.find((level) => level === process.env.LOG_LEVEL) ?? 'warn' });

/** Per-address limits high enough for a test file's many clients, all from 127.0.0.1. */
export const GENEROUS_LIMITS: Partial<ServerLimits> = {
  roomsPerAddress: 10_000,
  create: { burst: 10_000, perMinute: 60_000 },
  lookup: { burst: 10_000, perMinute: 60_000 },
  matchmake: { burst: 10_000, perMinute: 600_000 },
  socketsPerAddress: 10_000,
  connectionsPerAddress: 10_000,
  // Refusals answered at once, unless a test is about their delay.
  refusalDelayMs: 0,
};

/** The table's chat limits lifted (tests chat at machine speed); its other limits as in production. */
export const GENEROUS_TABLE_LIMITS: TableLimits = {
  ...DEFAULT_TABLE_LIMITS,
  chatPerPerson: { burst: 10_000, perMinute: 600_000 },
  chatBySpectators: { burst: 10_000, perMinute: 600_000 },
};

/**
 * A real server on a free port, with bots that move at once and no web client. Clients driven
 * by tests answer every change at machine speed, so the rate limit, the chat's limits and the
 * per-address limits are raised unless a test is about the limits themselves.
 */
export function bootTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    botDelayMs: 0,
    clientDist: null,
    rateLimitPerSecond: 10_000,
    tableLimits: GENEROUS_TABLE_LIMITS,
    ...options,
    limits: { ...GENEROUS_LIMITS, ...options.limits },
  });
}

/** The test server of a test file, as its tests see it. */
export interface TestServer {
  readonly url: string;
  readonly port: number;
}

/**
 * Boots a test server before the file's tests and closes it after them (`afterClose` runs
 * once it is closed). Call at the top of a test file.
 */
export function useTestServer(options: ServerOptions = {}, afterClose?: () => void): TestServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await bootTestServer(options);
  });
  afterAll(async () => {
    await running?.close();
    afterClose?.();
  });
  const booted = (): RunningServer => {
    if (!running) throw new Error('the test server runs only while the tests of its file run');
    return running;
  };
  return {
    get url() {
      return booted().url;
    },
    get port() {
      return booted().port;
    },
  };
}
