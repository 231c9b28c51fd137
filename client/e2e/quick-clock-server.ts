/**
 * The production server for browser tests that watch a clock run out: the "30 s a move" preset
 * lasts MOVE_MS instead (a test cannot wait half a minute a move); everything else as main.ts
 * runs it, rooms in memory. Started by support.ts's startServer(env, 'client/e2e/quick-clock-server.ts').
 */
import { CLOCK_RULES } from '@samurai/shared';
import { startServer } from '../../server/src/start-server';

const moveMs = Number(process.env.MOVE_MS ?? 30_000);

startServer({
  port: Number(process.env.PORT ?? 0),
  host: process.env.HOST || undefined,
  botDelayMs: Number(process.env.BOT_DELAY_MS ?? 600),
  clientDist: process.env.CLIENT_DIST || undefined,
  clockRules: { ...CLOCK_RULES, 'move-30s': { kind: 'move', moveMs } },
}).then(
  (server) => {
    console.log(`Quick-clock test server ("30 s a move" lasts ${moveMs} ms) listening on port ${server.port}`);
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
