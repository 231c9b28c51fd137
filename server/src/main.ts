/**
 * The production entry: `npm run serve` (after `npm run build` for the client).
 * Environment: PORT (2567), HOST (all interfaces), BOT_DELAY_MS (600), EMPTY_ROOM_TTL_MS (600000),
 * CLIENT_DIST (client/dist).
 */
import { startServer } from './start-server';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0, not "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const server = await startServer({
    port: numberFromEnv('PORT', 2567),
    host: process.env.HOST || undefined,
    botDelayMs: numberFromEnv('BOT_DELAY_MS', 600),
    emptyRoomTtlMs: numberFromEnv('EMPTY_ROOM_TTL_MS', 10 * 60 * 1000),
    clientDist: process.env.CLIENT_DIST || undefined,
  });
  console.log(`Samurai server listening on port ${server.port} (open http://localhost:${server.port}/)`);
  const stop = (signal: string) => {
    console.log(`${signal}: closing rooms and shutting down`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
