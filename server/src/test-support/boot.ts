import { RunningServer, ServerOptions, startServer } from '../start-server';

/**
 * A real server on a free port, with bots that move at once and no web client. Clients driven
 * by tests answer every change at machine speed, so the rate limit is raised unless a test is
 * about the rate limit itself.
 */
export function bootTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', botDelayMs: 0, clientDist: null, rateLimitPerSecond: 10_000, ...options });
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
