/**
 * deploy/nginx.conf.template, run by Debian's nginx as the compose file's official image runs it,
 * with clients on other loopback addresses (127.0.0.2, …) as players on other machines: what the
 * processes behind it are told about each request, what the game server makes of it, and what is
 * retried. Skipped loudly where nginx is missing (CI installs it).
 */
import { Protocol } from '@colyseus/core';
import http from 'node:http';
import net from 'node:net';
import WebSocket from 'ws';
import { ROOM_NAME } from '@samurai/shared';
import { useTestServer } from '../test-support/boot';
import { freePort } from '../test-support/free-port';
import { NGINX, NGINX_INSTALL, startTestNginx, TestNginx } from '../test-support/nginx';

jest.setTimeout(60_000);

const canRun = NGINX !== null;
if (!canRun) {
  const line = '!'.repeat(100);
  console.warn(`${line}\n!!! The tests of the nginx template SKIPPED: no nginx.\n!!! Install it to run them: ${NGINX_INSTALL}\n${line}`);
}

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** An HTTP request from `from` (a loopback address), as a browser on that machine would send it. */
function request(from: string, port: number, method: string, urlPath: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, localAddress: from, method, path: urlPath, headers: { Connection: 'close', ...headers }, agent: false },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Where a game process would be: it notes each request (and WebSocket upgrade) it receives. */
interface FakeProcess {
  readonly address: string;
  readonly seen: { path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Answers every request (or, with `drop`, takes it and closes the connection without a word). */
async function fakeProcess(behaviour: 'answer' | 'drop'): Promise<FakeProcess> {
  const seen: FakeProcess['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url!, headers: req.headers });
    if (behaviour === 'drop') req.socket.destroy();
    else res.end('ok');
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
    seen.push({ path: req.url!, headers: req.headers });
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

(canRun ? describe : describe.skip)('the nginx template', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const nginxBefore = async (a: string, b: string): Promise<TestNginx> => {
    const nginx = await startTestNginx(a, b);
    cleanups.push(() => nginx.stop());
    return nginx;
  };
  const fake = async (behaviour: 'answer' | 'drop'): Promise<FakeProcess> => {
    const process = await fakeProcess(behaviour);
    cleanups.push(() => process.close());
    return process;
  };

  test('every path passes on Host as the browser sent it (port included: the Origin check compares them), the client’s own address (not one it claims) and the scheme, WebSockets included', async () => {
    const [a, b] = [await fake('answer'), await fake('answer')];
    const nginx = await nginxBefore(a.address, b.address);
    const claims = { Host: 'games.example.org:8080', 'X-Forwarded-For': '203.0.113.9' };
    expect((await request('127.0.0.2', nginx.port, 'GET', '/a/health', claims)).status).toBe(200);
    expect((await request('127.0.0.2', nginx.port, 'GET', '/b/health', claims)).status).toBe(200);
    const upgrade = { ...claims, Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    expect((await request('127.0.0.2', nginx.port, 'GET', '/a/proc/ROOM?sessionId=s', upgrade)).status).toBe(403);
    for (let i = 0; i < 2; i++) {
      expect(
        (await request('127.0.0.2', nginx.port, 'POST', `/matchmake/create/${ROOM_NAME}`, { ...claims, 'Content-Type': 'application/json' }, '{}')).status,
      ).toBe(200);
    }
    const seen = [...a.seen, ...b.seen];
    expect(seen.map((s) => s.path).sort()).toEqual([
      '/health',
      '/health',
      `/matchmake/create/${ROOM_NAME}`,
      `/matchmake/create/${ROOM_NAME}`,
      '/proc/ROOM?sessionId=s',
    ]);
    expect(a.seen.find((s) => s.path.startsWith('/proc/'))?.headers.upgrade).toBe('websocket');
    for (const { path, headers } of seen) {
      expect({ path, host: headers.host, for: headers['x-forwarded-for'], proto: headers['x-forwarded-proto'] }).toEqual({
        path,
        host: 'games.example.org:8080',
        for: '127.0.0.2',
        proto: 'http',
      });
    }
  });

  test('a POST that reached a process is never sent to the other one, but for a join by code; a process that refuses connections is skipped', async () => {
    // The first request goes to A, which takes it and closes the connection without an answer.
    const [a, b] = [await fake('drop'), await fake('answer')];
    const nginx = await nginxBefore(a.address, b.address);
    const create = () => request('127.0.0.2', nginx.port, 'POST', `/matchmake/create/${ROOM_NAME}`, { 'Content-Type': 'application/json' }, '{"name":"Ann"}');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await create()).status);
    expect(a.seen.length).toBeGreaterThanOrEqual(1);
    // Each request reached exactly one process: the one A took failed (502), never became a second room on B.
    expect(a.seen.length + b.seen.length).toBe(4);
    expect(statuses.filter((s) => s === 502).length).toBe(a.seen.length);
    expect(statuses.filter((s) => s === 200).length).toBe(b.seen.length);

    // A GET that A took is safe to repeat: B answers it.
    const [a2, b2] = [await fake('drop'), await fake('answer')];
    const second = await nginxBefore(a2.address, b2.address);
    expect((await request('127.0.0.2', second.port, 'GET', '/health')).status).toBe(200);
    expect([a2.seen.length, b2.seen.length]).toEqual([1, 1]);

    // A join by code only reserves a seat: one that A took is tried again on B.
    const [a4, b4] = [await fake('drop'), await fake('answer')];
    const fourth = await nginxBefore(a4.address, b4.address);
    expect((await request('127.0.0.2', fourth.port, 'POST', '/matchmake/joinById/ABCDE', { 'Content-Type': 'application/json' }, '{}')).status).toBe(200);
    expect([a4.seen.length, b4.seen.length]).toEqual([1, 1]);

    // A process that is down never saw the POST: B makes the room.
    const b3 = await fake('answer');
    const third = await nginxBefore(`127.0.0.1:${await freePort()}`, b3.address);
    for (let i = 0; i < 2; i++) {
      expect((await request('127.0.0.2', third.port, 'POST', `/matchmake/create/${ROOM_NAME}`, { 'Content-Type': 'application/json' }, '{}')).status).toBe(200);
    }
    expect(b3.seen.length).toBe(2);
  });
});

(canRun ? describe : describe.skip)('the game server behind the nginx template', () => {
  // One room and one socket per address: through the proxy, each player must still count as their own address.
  const server = useTestServer({
    trustProxy: ['loopback'],
    joinConfirmTimeoutMs: 60_000,
    limits: { socketsPerAddress: 1, create: { burst: 1, perMinute: 1 } },
  });
  let nginx: TestNginx;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    // Both paths lead to the one server (one Colyseus per jest worker): the paths are what is under test.
    nginx = await startTestNginx(`127.0.0.1:${server.port}`, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await nginx?.stop();
  });

  const matchmake = async (from: string, urlPath: string, body: object) => {
    const answer = await request(from, nginx.port, 'POST', urlPath, { 'Content-Type': 'application/json' }, JSON.stringify(body));
    return {
      status: answer.status,
      reservation: answer.status === 200 ? (JSON.parse(answer.body) as { sessionId: string; room: { roomId: string; processId: string } }) : null,
    };
  };

  /** A socket on the reservation from `from`, through `prefix`: 'seated' when the server sends the join, 'refused' when it closes first. */
  const connect = (from: string, prefix: string, reservation: { sessionId: string; room: { roomId: string; processId: string } }) =>
    new Promise<'seated' | 'refused'>((resolve, reject) => {
      const socket = new WebSocket(
        `ws://127.0.0.1:${nginx.port}${prefix}${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}`,
        { localAddress: from },
      );
      sockets.push(socket);
      socket.once('message', (data: Buffer) => resolve(data[0] === Protocol.JOIN_ROOM ? 'seated' : 'refused'));
      socket.once('close', () => resolve('refused'));
      socket.once('error', reject);
    });

  test('players on 127.0.0.2 and 127.0.0.3 each get their room and their socket, through /a/, /b/ and /', async () => {
    const ann = await matchmake('127.0.0.2', `/a/matchmake/create/${ROOM_NAME}`, { name: 'Ann' });
    expect(ann.status).toBe(200);
    expect(await connect('127.0.0.2', '/a/', ann.reservation!)).toBe('seated');

    // Were Ann's address the proxy's, Ben would find its one room and its one socket taken.
    const ben = await matchmake('127.0.0.3', `/b/matchmake/create/${ROOM_NAME}`, { name: 'Ben' });
    expect(ben.status).toBe(200);
    expect(await connect('127.0.0.3', '/b/', ben.reservation!)).toBe('seated');
    expect((await matchmake('127.0.0.4', `/matchmake/create/${ROOM_NAME}`, { name: 'Cat' })).status).toBe(200);

    // And Ann's allowances are Ann's: a second room, or a second socket (watching Ben's room), is refused.
    expect((await matchmake('127.0.0.2', `/matchmake/create/${ROOM_NAME}`, { name: 'Ann' })).status).toBe(429);
    const watch = await matchmake('127.0.0.2', `/b/matchmake/joinById/${ben.reservation!.room.roomId}`, { role: 'spectator' });
    expect(watch.status).toBe(200);
    expect(await connect('127.0.0.2', '/b/', watch.reservation!)).toBe('refused');
  });
});

if (!canRun && process.env.CI) {
  test('nginx is installed (CI must test the template)', () => {
    expect(canRun).toBe(true);
  });
}
