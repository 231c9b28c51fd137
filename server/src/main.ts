/**
 * The production entry: `npm run serve` runs it compiled, as build/src/main.js (`npm run build`
 * builds it and the client).
 * Environment (defaults in brackets):
 *   PORT [2567], HOST [all interfaces], BOT_DELAY_MS [600], EMPTY_ROOM_TTL_MS [600000], CLIENT_DIST [client/dist],
 *   LOG_LEVEL [info]: error, warn or info;
 *   TRUST_PROXY [none]: the proxies whose X-Forwarded-For to believe (a hop count, or addresses,
 *     subnets, `loopback`, `linklocal`, `uniquelocal`, comma-separated);
 *   MAX_ROOMS [half the heap at 256 KB a room], ROOMS_PER_ADDRESS [20],
 *   ROOM_CREATE_BURST [10], ROOM_CREATES_PER_MINUTE [2], LOOKUP_BURST [20], LOOKUPS_PER_MINUTE [10],
 *   MATCHMAKE_BURST [60], MATCHMAKES_PER_MINUTE [120],
 *   SOCKETS_PER_ADDRESS [100];
 *   DATA_DIR [./data]: where the embedded database (samurai.db, SQLite) keeps rooms and records;
 *   DATABASE_URL [none]: a Postgres connection URL, used instead of SQLite when set;
 *   RECORD_TTL_DAYS [30]: how long a finished game's record stays downloadable;
 *   REDIS_URL [none]: scale-out over several processes (Colyseus's Redis presence and driver; with
 *     DATABASE_URL the processes share Postgres and a room outlives the process that ran it);
 *   PUBLIC_ADDRESS [none; needed with REDIS_URL]: where browsers reach this very process
 *     (`host:port`, or `host/path` behind a proxy routing that path here);
 *   BOT_THREADS [cores - 1, at least 1]: threads the expert bots think on;
 *   BOT_THINK_MS [800], BOT_PROMPT_THINK_MS [250]: an expert's time for a move of its turn, for an answer.
 */
import { configureBots, defaultBotSettings } from './bots/BotPool';
import { parseTrustProxy } from './http/client-address';
import { defaultServerLimits, ServerLimits } from './limits/server-limits';
import { startServer } from './start-server';
import { openStore } from './store/open-store';
import type { ClusterOptions } from './cluster/Cluster';
import { onUnhandledRejection } from './cluster/redis-failures';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0, not "${raw}"`);
  return value;
}

function limitsFromEnv(): ServerLimits {
  const d = defaultServerLimits();
  return {
    ...d,
    maxRooms: numberFromEnv('MAX_ROOMS', d.maxRooms),
    roomsPerAddress: numberFromEnv('ROOMS_PER_ADDRESS', d.roomsPerAddress),
    create: { burst: numberFromEnv('ROOM_CREATE_BURST', d.create.burst), perMinute: numberFromEnv('ROOM_CREATES_PER_MINUTE', d.create.perMinute) },
    lookup: { burst: numberFromEnv('LOOKUP_BURST', d.lookup.burst), perMinute: numberFromEnv('LOOKUPS_PER_MINUTE', d.lookup.perMinute) },
    matchmake: { burst: numberFromEnv('MATCHMAKE_BURST', d.matchmake.burst), perMinute: numberFromEnv('MATCHMAKES_PER_MINUTE', d.matchmake.perMinute) },
    socketsPerAddress: numberFromEnv('SOCKETS_PER_ADDRESS', d.socketsPerAddress),
    refusalDelayMs: numberFromEnv('REFUSAL_DELAY_MS', d.refusalDelayMs),
  };
}

function configureBotsFromEnv(): void {
  const d = defaultBotSettings();
  configureBots({
    threads: Math.max(1, numberFromEnv('BOT_THREADS', d.threads)),
    turnMs: Math.max(1, numberFromEnv('BOT_THINK_MS', d.turnMs)),
    promptMs: Math.max(1, numberFromEnv('BOT_PROMPT_THINK_MS', d.promptMs)),
  });
}

function clusterFromEnv(): ClusterOptions | null {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return null;
  const publicAddress = process.env.PUBLIC_ADDRESS;
  if (!publicAddress) throw new Error('REDIS_URL is set, so PUBLIC_ADDRESS must say where browsers reach this process (host:port, or host/path behind a proxy)');
  return { redisUrl, publicAddress };
}

async function main(): Promise<void> {
  // A Redis call's failure nobody handled is logged and survived; anything else still ends the process.
  process.on('unhandledRejection', onUnhandledRejection);
  const limits = limitsFromEnv();
  configureBotsFromEnv();
  const cluster = clusterFromEnv();
  const store = await openStore({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || 'data' });
  const server = await startServer({
    store,
    recordTtlDays: numberFromEnv('RECORD_TTL_DAYS', 30),
    port: numberFromEnv('PORT', 2567),
    host: process.env.HOST || undefined,
    botDelayMs: numberFromEnv('BOT_DELAY_MS', 600),
    emptyRoomTtlMs: numberFromEnv('EMPTY_ROOM_TTL_MS', 10 * 60 * 1000),
    clientDist: process.env.CLIENT_DIST || undefined,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    limits,
    cluster,
  });
  console.log(`Samurai server listening on port ${server.port} (open http://localhost:${server.port}/); at most ${limits.maxRooms} rooms`);
  if (cluster) console.log(`Process ${server.processId} of a cluster (Redis ${cluster.redisUrl.replace(/\/\/[^@]*@/, '//')}), reached at ${cluster.publicAddress}`);
  console.log(`Rooms kept in ${store.kind}: ${server.restored.rooms} restored${server.restored.quarantined ? `, ${server.restored.quarantined} quarantined (see above)` : ''}`);
  const stop = (signal: string) => {
    console.log(`${signal}: telling every room the server restarts, finishing writes, shutting down`);
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
