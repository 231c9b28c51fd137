/**
 * The page's Connection (the very class the browser runs; colyseus.js runs in Node too) against
 * real server processes, faulted for real: a process frozen with SIGSTOP while its players sit on
 * their sockets, in the two-process setup on Redis and Postgres; a room the server says does not
 * exist for a while (its server replaced by an empty one, then back); a room closed after its game
 * was over; a room unloaded from the server's memory while the page could not reach it (its network
 * cut by a forwarder the test stops). Bounded in time; nothing timed is asserted.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { ClientTableState, WelcomeMessage } from '@samurai/shared';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from '../../../server/src/test-support/postgres';
import { findRedisServer, startTestRedis, TestRedis, warnRedisMissing } from '../../../server/src/test-support/redis';
import { killAllServerProcesses, prepareServerProcess, ServerProcess, startServerProcess } from '../../../server/src/test-support/server-process';
import { GAMES } from '../../../server/src/games/registry';
import { RoomClient } from '../../../server/src/test-support/RoomClient';
import { t } from '../i18n/i18n';
import { Connection, ConnectionStatus } from './Connection';
import { memoryStore, SeatStore } from './seat-store';

jest.setTimeout(180_000);

afterAll(killAllServerProcesses);

/** A page's connection with everything it reported kept for the test to read. */
class Page {
  readonly store: SeatStore;
  readonly statuses: ConnectionStatus[] = [];
  readonly welcomes: WelcomeMessage[] = [];
  state: ClientTableState | null = null;
  readonly connection: Connection;

  constructor(endpoint: string, store = new SeatStore(memoryStore(), memoryStore())) {
    this.store = store;
    this.connection = new Connection(endpoint, store, {
      state: (state) => (this.state = state),
      welcome: (welcome) => this.welcomes.push(welcome),
      error: () => undefined,
      status: (status) => this.statuses.push(status),
    });
  }

  get status(): ConnectionStatus | undefined {
    return this.statuses.at(-1);
  }

  /** The statuses reported since `since` (an index into `statuses`). */
  kindsSince(since: number): string[] {
    return this.statuses.slice(since).map((s) => s.kind);
  }
}

/**
 * Resolves once `holds` is true, checked every 50 ms; fails after `timeoutMs`, or as soon as
 * `page` (if given) has closed for good, saying what it waited for.
 */
async function until(what: string, holds: () => boolean, timeoutMs = 30_000, page?: Page): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    const status = page?.status;
    if (status?.kind === 'closed') throw new Error(`the page closed (${status.reason}) while waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once the server no longer knows room `code` (asked in a way that keeps no room open). */
async function closed(url: string, code: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${url}/api/rooms/${code}/colours`)).status !== 404) {
    if (Date.now() > deadline) throw new Error(`room ${code} did not close`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Ann: the table's part of a real client (code, requests, leaving), in a room of the first game the server offers. */
class TableClient extends RoomClient {
  static async create(url: string, options: object): Promise<TableClient> {
    const client = new TableClient(await RoomClient.connect(url, GAMES[0].name, null, options));
    await client.ready();
    return client;
  }
}

/**
 * Ann makes a two-player room through `annUrl` and Ben's page joins through `benUrl`; Ann starts
 * the game. Resolves once Ben's page shows it, with his seat's token and member id.
 */
async function gameWithBen(annUrl: string, benUrl: string): Promise<{ ann: TableClient; ben: Page; token: string; memberId: string }> {
  const ann = await TableClient.create(annUrl, { name: 'Ann', options: { players: 2 } });
  const ben = new Page(benUrl);
  await ben.connection.join(ann.code, { role: 'player', name: 'Ben' });
  await until('Ben’s seat token', () => ben.store.token(ann.code) !== null);
  await ann.must('start');
  await until('the game on Ben’s page', () => ben.state !== null && ben.state.phase !== 'lobby');
  return { ann, ben, token: ben.store.token(ann.code)!, memberId: ben.welcomes[0].memberId };
}

/**
 * A page's network: a TCP forwarder to `port` on loopback, which the test cuts (every connection
 * dropped, nothing more accepted) and restores on the same port.
 */
class Network {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly to: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const server = net.createServer((socket) => {
      const upstream = net.connect(this.to, '127.0.0.1');
      for (const end of [socket, upstream]) {
        this.sockets.add(end);
        end.on('error', () => undefined);
        end.on('close', () => {
          this.sockets.delete(end);
          socket.destroy();
          upstream.destroy();
        });
      }
      socket.pipe(upstream).pipe(socket);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

/** The rooms a server process holds in memory now, as /health says. */
async function roomsIn(url: string): Promise<number> {
  return ((await (await fetch(`${url}/health`)).json()) as { rooms: number }).rooms;
}

/** Resolves once the server holds no room in memory (its tables unloaded or closed). */
async function unloaded(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await roomsIn(url)) > 0) {
    if (Date.now() > deadline) throw new Error('the table was not unloaded');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const postgresBin = findPostgresBinaries();
const redisBin = findRedisServer();
if (!postgresBin) warnPostgresMissing('The frozen-process test of the page’s Connection');
if (!redisBin) warnRedisMissing('The frozen-process test of the page’s Connection');
const canRunCluster = postgresBin !== null && redisBin !== null;

(canRunCluster ? describe : describe.skip)('two processes on Redis and Postgres', () => {
  let redis: TestRedis;
  let postgres: TestPostgres;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startTestRedis(), startTestPostgres()]);
    const client = new Redis(redis.url);
    await client.flushall();
    await client.quit();
  });
  afterAll(async () => {
    await killAllServerProcesses();
    await Promise.all([redis?.stop(), postgres?.stop()]);
  });

  test('a page on a frozen process notices the silence and gets back into its seat on the process that took the room over', async () => {
    const databaseUrl = await postgres.newDatabase();
    const prepare = () => prepareServerProcess({ dataDir: '/nonexistent', databaseUrl, clustered: true, env: { REDIS_URL: redis.url } });
    const [a, b]: ServerProcess[] = await Promise.all([prepare().start(), prepare().start()]);
    // Ann makes the room on A; Ben's page comes in through B, which sends his socket to A.
    const { ann, ben, token, memberId } = await gameWithBen(a.url, b.url);
    const before = ben.statuses.length;

    // A freezes: no frame, no close. Ben's page must notice by itself and reconnect through B,
    // which claims the room once A's lease has run out. A stays frozen throughout.
    a.pause();
    await until('Ben’s page reconnecting', () => ben.kindsSince(before).includes('reconnecting'), 30_000, ben);
    await until('Ben’s page back in', () => ben.status?.kind === 'connected', 30_000, ben);
    expect(ben.kindsSince(before).filter((kind) => kind !== 'reconnecting' && kind !== 'connected')).toEqual([]);
    // The same seat, with the same token, in the same game: the state comes from B (A is frozen).
    expect(ben.welcomes.at(-1)).toMatchObject({ memberId, role: 'player' });
    expect(ben.store.token(ann.code)).toBe(token);
    await until('the moved game’s state', () => ben.state?.phase === 'hands' && ben.connection.state !== null);
    expect(Array.from(ben.state!.seats).find((seat) => seat.id === memberId)?.connected).toBe(true);

    await ben.connection.leave();
    a.resume();
  });
});

describe('one process on SQLite', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-connection-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await killAllServerProcesses();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a room not found keeps the seat and the page keeps trying, slowly, until the room is back', async () => {
    const kept = dataDir();
    const first = await startServerProcess({ dataDir: kept });
    const { ann, ben, token, memberId } = await gameWithBen(first.url, first.url);

    // The server is replaced, on the same address, by one that has never heard of the room.
    const [empty, restored] = [prepareServerProcess({ dataDir: dataDir() }), prepareServerProcess({ dataDir: kept })];
    await first.kill();
    const stranger = await empty.start(first.port);
    expect(stranger.port).toBe(first.port);
    await until('Ben’s page told the room cannot be found', () => ben.status?.kind === 'missing', 60_000, ben);
    expect(ben.status).toMatchObject({ kind: 'missing', seated: true });
    // The seat is kept, and each try for the room was counted for the browser's budget.
    expect(ben.store.token(ann.code)).toBe(token);
    expect(ben.store.lookUps().length).toBeGreaterThanOrEqual(1);

    // The room's own server comes back: the page gets back into its seat by itself.
    await stranger.kill();
    const back = await restored.start(first.port);
    expect(back.restored.rooms).toBe(1);
    await until('Ben’s page back in', () => ben.status?.kind === 'connected', 90_000, ben);
    expect(ben.welcomes.at(-1)).toMatchObject({ memberId, role: 'player' });
    await until('the restored game', () => ben.state?.phase === 'hands');
    expect(ben.store.token(ann.code)).toBe(token);
    await ben.connection.leave();
  });

  test('a page cut off while its room was unloaded (everyone gone longer than EMPTY_ROOM_TTL_MS) gets back into its seat: the room comes back, never "not found"', async () => {
    // A room nobody is connected to leaves the server's memory after a second.
    const server = await startServerProcess({ dataDir: dataDir(), env: { EMPTY_ROOM_TTL_MS: '1000' } });
    const network = new Network(server.port);
    await network.up();
    const { ann, ben, token, memberId } = await gameWithBen(server.url, network.url);
    const before = ben.statuses.length;
    // Ben's network goes (a phone asleep) and Ann leaves: nobody is at the table, which is unloaded.
    await network.cut();
    await ann.leave();
    await until('Ben’s page reconnecting', () => ben.kindsSince(before).includes('reconnecting'), 30_000, ben);
    await unloaded(server.url);
    // His network is back: his page's next try brings the table back, and him into his seat.
    await network.up();
    await until('Ben’s page back in', () => ben.status?.kind === 'connected', 60_000, ben);
    expect(ben.kindsSince(before).filter((kind) => kind !== 'reconnecting' && kind !== 'connected')).toEqual([]);
    expect(ben.welcomes.at(-1)).toMatchObject({ memberId, role: 'player' });
    expect(ben.store.token(ann.code)).toBe(token);
    await until('the game where it was', () => ben.state?.phase === 'hands');
    expect(await roomsIn(server.url)).toBe(1);

    // He closes the tab; the table is unloaded again; a new page of his browser opens the link.
    await ben.connection.leave();
    await unloaded(server.url);
    const later = new Page(network.url, ben.store);
    await later.connection.reclaim(ann.code, token);
    expect(later.status).toEqual({ kind: 'connected' });
    await until('the welcome back into the seat', () => later.welcomes.length > 0);
    expect(later.welcomes.at(-1)).toMatchObject({ memberId, role: 'player' });
    await later.connection.leave();
    await network.cut();
  });

  test('a room not found whose game was over when last seen has closed: the seat is forgotten, saying so', async () => {
    // Rooms close a second after their last person leaves.
    const server = await startServerProcess({ dataDir: dataDir(), env: { EMPTY_ROOM_TTL_MS: '1000' } });
    const { ann, ben } = await gameWithBen(server.url, server.url);
    const store = ben.store;
    // Both hand their seats to the room's bot, which plays the game to its end at once.
    await ann.must('standIn', { seat: 0 });
    ben.connection.send('standIn', { seat: 1 });
    await until('the end of the game on Ben’s page', () => ben.state?.phase === 'over', 60_000);
    expect(store.gameOver(ann.code)).toBe(true);
    await ben.connection.leave();
    await ann.leave();
    expect(store.token(ann.code)).not.toBeNull();

    // Later, a new page of the same browser: the room has closed meanwhile.
    await closed(server.url, ann.code);
    const later = new Page(server.url, store);
    await later.connection.reclaim(ann.code, store.token(ann.code)!);
    expect(later.status).toMatchObject({ kind: 'closed', reason: t('table.connection.roomClosed') });
    expect(store.token(ann.code)).toBeNull();
    expect(store.seatedRooms()).toEqual([]);
  });

  test('a room not found while its game was going on: a new page waits for it, and giving up forgets the seat', async () => {
    const server = await startServerProcess({ dataDir: dataDir() });
    const store = new SeatStore(memoryStore(), memoryStore());
    store.saveToken('K7M2PQ', 'a'.repeat(32));
    const page = new Page(server.url, store);
    await page.connection.reclaim('K7M2PQ', store.token('K7M2PQ')!);
    expect(page.status).toMatchObject({ kind: 'missing', attempt: 1, seated: true });
    expect(store.token('K7M2PQ')).not.toBeNull();
    await page.connection.giveUp();
    expect(store.token('K7M2PQ')).toBeNull();
    expect(page.status?.kind).toBe('missing');
  });
});
