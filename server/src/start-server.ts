import fs from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { matchMaker, Server } from '@colyseus/core';
import express from 'express';
import { MAX_FRAME_BYTES, RoomError, joinErrorMessage } from '@samurai/shared';
import { RecordStore } from './RecordStore';
import { allowedPagesOnly, originPolicy } from './http/allowed-origins';
import { clientAddressOf, isInternalOf, isTrustedProxy } from './http/client-address';
import { limitConnections, limitPipelining } from './http/connection-limit';
import { matchmakingRoute } from './http/matchmaking';
import { coloursRoute } from './http/colours-route';
import { HealthParts, healthRoute } from './http/health-route';
import { metricsRoute } from './http/metrics-route';
import { recordsRoute } from './http/records-route';
import { replayLinkRoute } from './http/replay-link-route';
import { yourGamesRoute } from './http/your-games-route';
import { securityHeaders } from './http/security-headers';
import { staticAssets } from './http/static-assets';
import { Gatekeeper } from './limits/Gatekeeper';
import { defaultServerLimits, ServerLimits } from './limits/server-limits';
import { log } from './log';
import { watchServer } from './metrics';
import { liveRooms } from './live-rooms';
import { GuardedTransport } from './transport/GuardedTransport';
import { GAMES } from './games/registry';
import type { GameModule } from './table/game-module';
import type { GameStore } from './store/game-store';
import { Cluster, ClusterOptions, colyseusScaleOut } from './cluster/Cluster';
import type { CodeDirectory } from './cluster/CodeDirectory';
import { takeBackRequests } from './library-reach/http-requests';
import { restoreAllRooms, restoreRoom } from './table/room-restorer';
import { pushRoutes } from './push/push-routes';
import { startWebPush, WebPush, WebPushSettings } from './push/web-push';
import { DEFAULT_RETENTION_MS, NO_UNLOADED_TABLES, TableFinder, TableWaker, WakerTimes } from './table/TableWaker';
import { configuredRoom, DEFAULT_ROOM_CONFIG, RoomConfig, TableRoom } from './table/TableRoom';

export interface ServerOptions extends Partial<Omit<RoomConfig, 'onRecord' | 'gate' | 'codes' | 'newLease' | 'unloads' | 'turnWatch'>> {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** The built web client; null serves none. */
  readonly clientDist?: string | null;
  /** How often each connection is pinged; one missing two pongs in a row is dropped. */
  readonly pingIntervalMs?: number;
  /** The table's room class (tests substitute a deliberately broken one). */
  readonly roomClass?: typeof TableRoom;
  /** The games offered (tests substitute a deliberately broken one); the registry's by default. */
  readonly games?: readonly GameModule[];
  /** Per-address and global limits (each defaults as in defaultServerLimits). */
  readonly limits?: Partial<ServerLimits>;
  /** Which proxies to believe about the client's address (see parseTrustProxy); none by default. */
  readonly trustProxy?: number | string[];
  /** Origins besides the page's own whose pages may use the server (see parseAllowedOrigins); none by default. */
  readonly allowedOrigins?: readonly string[];
  /** Client addresses that may see /health's room count (see parseInternalAddresses); none by default. */
  readonly internalAddresses?: readonly string[];
  /** A socket that has not confirmed its join this long after being seated is closed. */
  readonly joinConfirmTimeoutMs?: number;
  /** Where rooms and records are kept across restarts (openStore); none keeps them in memory only. */
  readonly store?: GameStore | null;
  /** A finished game's record stays downloadable this long (with a store). */
  readonly recordTtlDays?: number;
  /** An unloaded table whose game has not moved for this long is closed (RETENTION_DAYS; 30 days). */
  readonly retentionMs?: number;
  /** How often unloaded tables are looked for whose time has come, and for those past their retention (tests shorten them). */
  readonly wakerTimes?: WakerTimes;
  /** Scale-out over Redis (REDIS_URL, PUBLIC_ADDRESS); none: this process alone serves every room. */
  readonly cluster?: ClusterOptions | null;
  /** Web Push notifications of turns (PUSH_NOTIFICATIONS, PUSH_SUBJECT); they need a store. None: off. */
  readonly push?: WebPushSettings | null;
}

export interface RunningServer {
  readonly port: number;
  /** Rooms brought back from the store at start, and those whose log did not replay. */
  readonly restored: { readonly rooms: number; readonly quarantined: number };
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly records: RecordStore;
  readonly gate: Gatekeeper;
  /** Colyseus's id of this process. */
  readonly processId: string;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_DIST = path.resolve(__dirname, '../../client/dist');

/**
 * Silent, slow or idle connections give their socket back within seconds (WebSockets are not
 * affected once upgraded): the headers must arrive within 5 s of the connection or of the
 * request's first byte, the whole request (bodies are a few KB) within 10 s, and a kept-alive
 * connection closes after 5 s without a request. Checked every second (Node checks every 30 s by
 * default: a flood of silent connections would be held, and then dropped all at once).
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 5000,
  requestTimeout: 10_000,
  keepAliveTimeout: 5000,
  connectionsCheckingInterval: 1000,
} as const satisfies http.ServerOptions;

/** What the web app serves from, and who guards it. */
export interface AppParts {
  readonly records: RecordStore;
  /** Records and history that outlive restarts; null keeps the last record of each room in memory. */
  readonly store: GameStore | null;
  readonly gate: Gatekeeper;
  readonly addressOf: (req: http.IncomingMessage) => string;
  /** Whether the request's page may use the API (allowed-origins.ts). */
  readonly originAllowed: (req: http.IncomingMessage) => boolean;
  readonly clientDist: string | null;
  /** The room codes in use, this process's or the cluster's. */
  readonly codes: CodeDirectory;
  readonly health: HealthParts;
  /** The games offered (the create options are checked before a room is made). */
  readonly games: readonly GameModule[];
  /** Brings an unloaded table back when its code is looked up. */
  readonly tables?: TableFinder;
  /** Web Push, when on (its routes answer that notifications are off otherwise). */
  readonly push?: WebPush | null;
}

/** The web app: matchmaking, the built client, health, and the game records. */
export function createApp({
  records,
  store,
  gate,
  addressOf,
  originAllowed,
  clientDist,
  codes,
  health,
  games,
  tables = NO_UNLOADED_TABLES,
  push = null,
}: AppParts): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  // No route reads a body beyond matchmaking's and your-games' few KB: refuse larger ones before anything else.
  // A chunked body's size is not known ahead: matchmaking's reader cuts it at the limit, and
  // every other route leaves it unread, closing the connection after its answer rather than
  // reading the rest of the body to reach the next request.
  app.use((req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > gate.limits.maxBodyBytes) return tooLarge(res);
    if (req.headers['transfer-encoding'] !== undefined) res.set('Connection', 'close');
    next();
  });

  app.use(healthRoute(health));
  app.use(metricsRoute(health.isInternal));
  app.use(matchmakingRoute(gate, codes, addressOf, originAllowed, games, tables));
  app.use('/api', allowedPagesOnly(originAllowed));
  app.use(recordsRoute(records, store, gate, addressOf));
  app.use(yourGamesRoute(gate, store, addressOf));
  app.use(replayLinkRoute());
  app.use(coloursRoute(gate, addressOf, tables));
  app.use(pushRoutes(push, gate, addressOf, tables));

  if (clientDist) app.use(staticAssets(clientDist));
  app.get('/', (_req, res) => {
    res.status(503).type('text/plain').send('The web client is not built yet: run `npm run build`, then start the server again.\n');
  });
  // Our own 404, since express's would replace the CSP with its own (without frame-ancestors).
  app.use((_req, res) => res.status(404).type('text/plain').send('Not found.\n'));
  // Bodies too large or not JSON (matchmaking): a clear answer in the shape colyseus.js reads.
  app.use((error: { status?: number; type?: string }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!error.status || error.status >= 500) return next(error);
    if (error.type === 'entity.too.large') return tooLarge(res);
    res.status(error.status).json({ code: error.status, error: joinErrorMessage(RoomError.Malformed, 'The request is not valid JSON.') });
  });
  return app;
}

/** 413, and the connection closed: the rest of the body is never read. */
function tooLarge(res: express.Response): void {
  res
    .status(413)
    .set('Connection', 'close')
    .json({ code: 413, error: joinErrorMessage(RoomError.MessageTooLarge, 'The request body is too large.') });
}

/** Boots the whole server on one port: web client, health, records and the Colyseus endpoint. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const records = new RecordStore();
  const store = options.store ?? null;
  const gate = new Gatekeeper({ ...defaultServerLimits(), ...options.limits }, liveRooms);
  const trustProxy = options.trustProxy ?? 0;
  const addressOf = clientAddressOf(trustProxy);
  const fromProxy = isTrustedProxy(trustProxy);
  const originAllowed = originPolicy(options.allowedOrigins ?? [], fromProxy);
  const clientDist = options.clientDist === undefined ? DEFAULT_CLIENT_DIST : options.clientDist;
  const httpServer = http.createServer(HTTP_TIMEOUTS);
  limitConnections(httpServer, gate, fromProxy);
  const gameServer = new Server({
    transport: new GuardedTransport({
      server: httpServer,
      maxPayload: MAX_FRAME_BYTES,
      pingInterval: options.pingIntervalMs ?? 3000,
      pingMaxRetries: 2,
      gate,
      addressOf,
      originAllowed,
      joinConfirmTimeoutMs: options.joinConfirmTimeoutMs,
    }),
    greet: false,
    gracefullyShutdown: false,
    logger: log,
    ...colyseusScaleOut(options.cluster ?? null),
  });
  // Health checks delete the listings of a process that misses one ping (colyseus#968): off.
  // A dead process's rooms are found by their leases instead, and its listings swept (ProcessJanitor).
  matchMaker.setHealthChecksEnabled(false);
  const games = options.games ?? GAMES;
  const localRoom = (code: string) => {
    const room = matchMaker.getLocalRoomById(code);
    return room instanceof TableRoom ? room : null;
  };
  const cluster = new Cluster(options.cluster ?? null, store, {
    heldBefore: (time) => [...liveRooms.codes()].filter((code) => localRoom(code)?.heldBefore(time)),
    holds: (code) => liveRooms.has(code),
    lost: (code) => localRoom(code)?.lost(),
    restore: async (code, lease) => {
      const stored = await store!.liveRoom(code);
      if (stored) await restoreRoom(store!, games, stored, lease);
    },
  });
  // A game nobody is at leaves memory, live in the store, where any process that may bring it back can read it.
  const unloads = store !== null && (options.cluster == null || cluster.sharesStore);
  const waker = unloads
    ? new TableWaker({
        store: store!,
        games,
        newLease: () => cluster.newLease(),
        retentionMs: options.retentionMs ?? DEFAULT_RETENTION_MS,
        times: options.wakerTimes,
      })
    : null;
  const push = options.push && store ? await startWebPush(store.push, options.push) : null;
  const app = createApp({
    tables: waker ?? undefined,
    push,
    records,
    store,
    gate,
    addressOf,
    originAllowed,
    games,
    clientDist: clientDist && fs.existsSync(clientDist) ? clientDist : null,
    codes: cluster.codes,
    health: {
      processId: cluster.processId,
      store: store && { kind: store.kind, answers: () => store.ping() },
      redis: options.cluster ? async () => (await cluster.redisAnswers()) === true : null,
      notServing: () => (gate.stopping ? 'stopping: the server is shutting down' : null),
      counts: () => ({ rooms: liveRooms.size }),
      isInternal: isInternalOf(options.internalAddresses ?? [], trustProxy),
    },
  });
  // Colyseus has put its own matchmaking handler in front of every request: ours (in the app) serves it.
  takeBackRequests(httpServer, limitPipelining(app, gate, fromProxy));
  const config: RoomConfig = {
    botDelayMs: options.botDelayMs ?? DEFAULT_ROOM_CONFIG.botDelayMs,
    emptyRoomTtlMs: options.emptyRoomTtlMs ?? DEFAULT_ROOM_CONFIG.emptyRoomTtlMs,
    rateLimitPerSecond: options.rateLimitPerSecond ?? DEFAULT_ROOM_CONFIG.rateLimitPerSecond,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_ROOM_CONFIG.maxMessageBytes,
    creatorTimeoutMs: options.creatorTimeoutMs ?? DEFAULT_ROOM_CONFIG.creatorTimeoutMs,
    idleAfterMs: options.idleAfterMs ?? DEFAULT_ROOM_CONFIG.idleAfterMs,
    hostGraceMs: options.hostGraceMs ?? DEFAULT_ROOM_CONFIG.hostGraceMs,
    floodCooldownMs: options.floodCooldownMs ?? DEFAULT_ROOM_CONFIG.floodCooldownMs,
    snapshotEveryMoves: options.snapshotEveryMoves ?? DEFAULT_ROOM_CONFIG.snapshotEveryMoves,
    clockRules: options.clockRules ?? DEFAULT_ROOM_CONFIG.clockRules,
    awayMinuteMs: options.awayMinuteMs ?? DEFAULT_ROOM_CONFIG.awayMinuteMs,
    tableLimits: options.tableLimits ?? DEFAULT_ROOM_CONFIG.tableLimits,
    onRecord: (code, gameType, gameNumber, record) => records.store(code, gameType, gameNumber, record),
    turnWatch: push?.notifier.watch,
    gate,
    dealingRng: options.dealingRng,
    store,
    codes: cluster.codes,
    newLease: store ? () => cluster.newLease() : undefined,
    unloads,
  };
  for (const game of games) gameServer.define(game.name, configuredRoom(game, config, options.roomClass));
  // Rooms that were live come back before anyone can connect: all of them from a store this
  // process has alone; from a shared one, those whose lease ran out (the others are other processes').
  const restored = store && !cluster.sharesStore ? await restoreAllRooms(store, games, () => cluster.newLease()) : { rooms: 0, quarantined: 0 };
  const before = liveRooms.size;
  await cluster.start();
  if (cluster.sharesStore) restored.rooms += liveRooms.size - before;
  await gameServer.listen(options.port ?? 2567, options.host);
  cluster.keepLeases();
  waker?.start();
  const { port } = httpServer.address() as AddressInfo;
  // Metrics are gathered for a server whose /metrics someone may read.
  const unwatch = options.internalAddresses?.length ? watchServer(gate, store ?? null) : null;
  const pruning = store ? pruneRecords(store, options.recordTtlDays ?? 30) : null;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    records,
    gate,
    restored,
    processId: cluster.processId,
    close: async () => {
      // No new rooms or joins; every room tells its people the server restarts (their browsers
      // reconnect by themselves) and stays live in the store, its writes finished; in a cluster
      // on a shared store another process takes the rooms over at once.
      gate.stopping = true;
      if (pruning) clearInterval(pruning);
      unwatch?.();
      await waker?.stop();
      await cluster.stopLeases();
      const rooms = [...liveRooms.codes()].map(localRoom).filter((room): room is TableRoom => room !== null);
      await Promise.all(
        rooms.map(async (room) => {
          await room.drained();
          await room.stopForRestart();
        }),
      );
      await cluster.releaseLeases();
      await gameServer.gracefullyShutdown(false);
      // Idle keep-alive HTTP connections would hold the server (and its ping timer) open.
      httpServer.closeAllConnections();
      await cluster.shutdown();
      await push?.stop();
      await store?.shutdown();
    },
  };
}

/** Records older than their time go, at start and every six hours. */
function pruneRecords(store: GameStore, ttlDays: number): NodeJS.Timeout {
  const prune = () => {
    store.pruneGames(Date.now() - ttlDays * 24 * 60 * 60 * 1000).catch((error: unknown) => log.error('pruning old records failed', error));
  };
  prune();
  const timer = setInterval(prune, 6 * 60 * 60 * 1000);
  timer.unref();
  return timer;
}
