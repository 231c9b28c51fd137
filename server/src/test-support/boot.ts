import { RunningServer, ServerOptions, startServer } from '../start-server';

/**
 * A real server on a free port, with bots that move at once and no web client. Clients driven
 * by tests answer every change at machine speed, so the rate limit is raised unless a test is
 * about the rate limit itself.
 */
export function bootTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', botDelayMs: 0, clientDist: null, rateLimitPerSecond: 10_000, ...options });
}
