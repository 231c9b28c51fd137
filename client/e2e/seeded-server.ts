/**
 * The production server for browser tests that need a known deal: every game of every room is
 * dealt from DEALING_SEED and the room's game number (dealing-seed.ts), through the server's
 * test-only `dealingRng`. Otherwise as main.ts runs it (no store: rooms live in memory).
 * Started by support.ts's startServer(env, 'client/e2e/seeded-server.ts'); prints main.ts's two lines.
 */
import { startServer } from '../../server/src/start-server';
import { dealingRngFor } from './dealing-seed';

const seed = Number(process.env.DEALING_SEED ?? 1);

startServer({
  port: Number(process.env.PORT ?? 0),
  host: process.env.HOST || undefined,
  botDelayMs: Number(process.env.BOT_DELAY_MS ?? 600),
  clientDist: process.env.CLIENT_DIST || undefined,
  dealingRng: (_code, game) => dealingRngFor(seed, game),
}).then(
  (server) => {
    console.log(`Seeded test server (DEALING_SEED ${seed}) listening on port ${server.port}`);
    console.log('Rooms kept in memory: 0 restored');
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
