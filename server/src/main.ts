/**
 * The production entry: `npm run serve` runs it compiled, as build/src/main.js (`npm run build`
 * builds it and the client). Every setting comes from the environment, read here once through
 * config/environment.ts; docs/configuration.md lists them all. A wrong value stops the start with
 * a message naming the variable and what it accepts.
 */
import { configureBots, defaultBotSettings } from './bots/BotPool';
import { ConfigurationError, Environment, environmentVariables, readEnvironment } from './config/environment';
import { defaultServerLimits, ServerLimits } from './limits/server-limits';
import { announce, configureLog, log } from './log';
import { startServer } from './start-server';
import { openStore } from './store/open-store';
import type { ClusterOptions } from './cluster/Cluster';
import { onUnhandledRejection } from './cluster/redis-failures';

function limitsOf(env: Environment): ServerLimits {
  const d = defaultServerLimits();
  return {
    ...d,
    maxRooms: env.MAX_ROOMS ?? d.maxRooms,
    roomsPerAddress: env.ROOMS_PER_ADDRESS ?? d.roomsPerAddress,
    create: { burst: env.ROOM_CREATE_BURST ?? d.create.burst, perMinute: env.ROOM_CREATES_PER_MINUTE ?? d.create.perMinute },
    lookup: { burst: env.LOOKUP_BURST ?? d.lookup.burst, perMinute: env.LOOKUPS_PER_MINUTE ?? d.lookup.perMinute },
    matchmake: { burst: env.MATCHMAKE_BURST ?? d.matchmake.burst, perMinute: env.MATCHMAKES_PER_MINUTE ?? d.matchmake.perMinute },
    socketsPerAddress: env.SOCKETS_PER_ADDRESS ?? d.socketsPerAddress,
    connectionsPerAddress: env.CONNECTIONS_PER_ADDRESS ?? d.connectionsPerAddress,
    refusalDelayMs: env.REFUSAL_DELAY_MS ?? d.refusalDelayMs,
  };
}

function configureBotsOf(env: Environment): void {
  const d = defaultBotSettings();
  configureBots({ threads: env.BOT_THREADS ?? d.threads, turnMs: env.BOT_THINK_MS ?? d.turnMs, promptMs: env.BOT_PROMPT_THINK_MS ?? d.promptMs });
}

function clusterOf(env: Environment): ClusterOptions | null {
  return env.REDIS_URL && env.PUBLIC_ADDRESS ? { redisUrl: env.REDIS_URL, publicAddress: env.PUBLIC_ADDRESS } : null;
}

/** JSON lines unless asked otherwise; lines for a person by default in development. */
function logFormatOf(env: Pick<Environment, 'LOG_FORMAT' | 'NODE_ENV'>) {
  return env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json');
}

async function main(): Promise<void> {
  // A Redis call's failure nobody handled is logged and survived; anything else still ends the process.
  process.on('unhandledRejection', onUnhandledRejection);
  const env = readEnvironment(process.env);
  configureLog({ level: env.LOG_LEVEL, format: logFormatOf(env) });
  const limits = limitsOf(env);
  configureBotsOf(env);
  const cluster = clusterOf(env);
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const server = await startServer({
    store,
    recordTtlDays: env.RECORD_TTL_DAYS,
    port: env.PORT,
    host: env.HOST,
    botDelayMs: env.BOT_DELAY_MS,
    emptyRoomTtlMs: env.EMPTY_ROOM_TTL_MS,
    retentionMs: env.RETENTION_DAYS * 24 * 60 * 60 * 1000,
    clientDist: env.CLIENT_DIST,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS,
    internalAddresses: env.INTERNAL_ADDRESSES,
    limits,
    cluster,
    push: env.PUSH_NOTIFICATIONS === 'on' ? { subject: env.PUSH_SUBJECT, awayMs: env.PUSH_AWAY_SECONDS * 1000 } : null,
  });
  announce(`Server listening on port ${server.port} (open http://localhost:${server.port}/); at most ${limits.maxRooms} rooms`);
  if (cluster)
    announce(`Process ${server.processId} of a cluster (Redis ${cluster.redisUrl.replace(/\/\/[^@]*@/, '//')}), reached at ${cluster.publicAddress}`);
  announce(
    `Rooms kept in ${store.kind}: ${server.restored.rooms} restored${server.restored.quarantined ? `, ${server.restored.quarantined} quarantined (see above)` : ''}`,
  );
  const stop = (signal: string) => {
    announce(`${signal}: telling every room the server restarts, finishing writes, shutting down`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    // Written in the format asked for if that much is right; each wrong variable on a line of its own.
    const format = environmentVariables.pick({ LOG_FORMAT: true, NODE_ENV: true }).safeParse(process.env);
    configureLog({ format: logFormatOf(format.success ? format.data : {}) });
    for (const problem of error.problems) log.error(`configuration: ${problem}`);
    log.error('the server does not start: the configuration is not valid (docs/configuration.md lists every variable)');
  } else {
    log.error('the server does not start', error);
  }
  process.exit(1);
});
