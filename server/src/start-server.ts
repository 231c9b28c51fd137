import fs from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server } from '@colyseus/core';
import express from 'express';
import { MAX_FRAME_BYTES, normaliseRoomCode, ROOM_NAME } from '@samurai/shared';
import { RecordStore } from './RecordStore';
import { SpreadPingTransport } from './SpreadPingTransport';
import { isLiveRoom, liveRoomCount } from './room-codes';
import { configuredRoom, DEFAULT_ROOM_CONFIG, RoomConfig, SamuraiRoom } from './SamuraiRoom';

export interface ServerOptions extends Partial<Omit<RoomConfig, 'onRecord'>> {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** The built web client; null serves none. */
  readonly clientDist?: string | null;
  /** How often each connection is pinged; one missing two pongs in a row is dropped. */
  readonly pingIntervalMs?: number;
  /** The room implementation (tests substitute a deliberately broken one). */
  readonly roomClass?: typeof SamuraiRoom;
}

export interface RunningServer {
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly records: RecordStore;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_DIST = path.resolve(__dirname, '../../client/dist');

/** The web app: the built client, health, and the game records. */
export function createApp(records: RecordStore, clientDist: string | null): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Invite links carry the room code: never pass it on to other sites.
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', rooms: liveRoomCount(), uptimeSeconds: Math.round(process.uptime()) });
  });

  app.get('/api/rooms/:code/record', (req, res) => {
    const code = normaliseRoomCode(req.params.code);
    const stored = code ? records.find(code) : undefined;
    if (stored) {
      res.setHeader('Content-Disposition', `attachment; filename="samurai-${code}-game${stored.gameNumber}.json"`);
      res.json(stored.record);
    } else if (code && isLiveRoom(code)) {
      res.status(409).json({ error: 'The game has not ended yet: its record is ready once it is over.' });
    } else {
      res.status(404).json({ error: 'There is no such room.' });
    }
  });

  if (clientDist) {
    app.use(
      express.static(clientDist, {
        setHeaders: (res, file) => {
          // Built assets have content hashes in their names; the page itself must stay fresh.
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
  }
  app.get('/', (_req, res) => {
    res.status(503).type('text/plain').send('The web client is not built yet: run `npm run build`, then start the server again.\n');
  });
  return app;
}

/** Boots the whole server on one port: web client, health, records and the Colyseus endpoint. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const records = new RecordStore();
  const clientDist = options.clientDist === undefined ? DEFAULT_CLIENT_DIST : options.clientDist;
  const app = createApp(records, clientDist && fs.existsSync(clientDist) ? clientDist : null);
  const httpServer = http.createServer(app);
  const gameServer = new Server({
    transport: new SpreadPingTransport({ server: httpServer, maxPayload: MAX_FRAME_BYTES, pingInterval: options.pingIntervalMs ?? 3000, pingMaxRetries: 2 }),
    greet: false,
    gracefullyShutdown: false,
  });
  const config: RoomConfig = {
    botDelayMs: options.botDelayMs ?? DEFAULT_ROOM_CONFIG.botDelayMs,
    emptyRoomTtlMs: options.emptyRoomTtlMs ?? DEFAULT_ROOM_CONFIG.emptyRoomTtlMs,
    rateLimitPerSecond: options.rateLimitPerSecond ?? DEFAULT_ROOM_CONFIG.rateLimitPerSecond,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_ROOM_CONFIG.maxMessageBytes,
    onRecord: (code, gameNumber, record) => records.store(code, gameNumber, record),
    dealingRng: options.dealingRng,
  };
  gameServer.define(ROOM_NAME, configuredRoom(config, options.roomClass));
  await gameServer.listen(options.port ?? 2567, options.host);
  const { port } = httpServer.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    records,
    close: async () => {
      await gameServer.gracefullyShutdown(false);
      // Idle keep-alive HTTP connections would hold the server (and its ping timer) open.
      httpServer.closeAllConnections();
    },
  };
}
